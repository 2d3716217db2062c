import { describe, expect, it } from 'vitest';
import type { FieldType } from '../../../engine/metadata/entity-schema.js';
import type { FilterOperation } from '../../../engine/metadata/grid-schema.js';
import {
  defaultFilterOperation, FILTER_MAX_DATE, FILTER_MIN_DATE, filterHintParams, filterKind, filterOperations,
  isTrimmedColumn, prepareFilter, type FilterKind, type FilterOutcome,
} from '../../../engine/grid/filter-input.js';

const col = (columnName: string, propertyName: string) => ({ columnName, propertyName });

describe('grid filter input (spec part 2 section 5 "Grid filters")', () => {
  it('limits dates to 1900-01-01..2200-12-31', () => {
    expect([FILTER_MIN_DATE, FILTER_MAX_DATE]).toEqual(['1900-01-01', '2200-12-31']);
  });

  it.each<[FieldType | null, { formatDate?: boolean; isTimeStamp?: boolean }, FilterKind]>([
    ['string', {}, 'text'],
    ['text', {}, 'text'],
    ['list', {}, 'text'],
    ['integer', {}, 'number'],
    ['number', {}, 'number'],
    ['boolean', {}, 'boolean'],
    ['date', {}, 'date'],
    ['datetime', { isTimeStamp: true }, 'date'],
    [null, {}, 'text'],
    [null, { formatDate: true }, 'date'],
    [null, { isTimeStamp: true }, 'date'],
  ])('field type %s %j filters as %s', (type, column, expected) => {
    expect(filterKind(type, column)).toBe(expected);
  });

  it.each<[FilterKind, FilterOperation[]]>([
    ['text', ['Contains']],
    ['number', ['Equals']],
    ['boolean', ['Equals']],
    ['date', ['OnDate', 'GreaterThan', 'LessThan']],
  ])('%s offers %j, the first by default', (kind, expected) => {
    expect(filterOperations(kind)).toEqual(expected);
    expect(defaultFilterOperation(kind)).toBe(expected[0]);
  });

  it('hint names the column', () => {
    expect(filterHintParams(col('School', 'school'))).toEqual({ column: 'School' });
  });

  it.each([
    ['Registry ID', 'registryId', 'Registry ID', true],
    ['TN Registry ID', 'personId', 'Registry ID', true],
    ['Professional ID', 'code', 'Professional ID', true],
    ['User Name', 'login', 'Registry ID', true],
    ['Login', 'userName', 'Registry ID', true],
    ['Email', 'contact', 'Registry ID', true],
    ['Primary Email', 'primaryEntityEmail', 'Registry ID', true],
    ['Record ID', 'id', 'Registry ID', false],
    ['School', 'school', 'Registry ID', false],
    ['School', 'school', '', false],
  ])('%s (%s) with ID label %j is trimmed: %s', (name, property, idLabel, expected) => {
    expect(isTrimmedColumn(col(name, property), idLabel)).toBe(expected);
  });

  const school = col('School', 'school');
  const cases: [string, Parameters<typeof prepareFilter>[0], FilterOutcome][] = [
    ['text Contains', { column: school, kind: 'text', operation: 'Contains', value: 'State', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'school', value: 'State', operation: 'Contains' } }],
    ['text keeps inner and outer spaces (not a trimmed column)', { column: school, kind: 'text', operation: 'Contains', value: ' New York ', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'school', value: ' New York ', operation: 'Contains' } }],
    ['empty value clears all filters', { column: school, kind: 'text', operation: 'Contains', value: '', idLabel: 'Registry ID' }, { kind: 'clear' }],
    ['blank value clears all filters', { column: school, kind: 'text', operation: 'Contains', value: '   ', idLabel: 'Registry ID' }, { kind: 'clear' }],
    ['no operation clears', { column: school, kind: 'text', operation: '', value: 'x', idLabel: 'Registry ID' }, { kind: 'clear' }],
    ['operation None clears', { column: school, kind: 'text', operation: 'None', value: 'x', idLabel: 'Registry ID' }, { kind: 'clear' }],
    ['operation that does not fit', { column: school, kind: 'text', operation: 'GreaterThan', value: 'x', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'operation' }],
    ['text with a double dash', { column: school, kind: 'text', operation: 'Contains', value: 'St. Mary -- Downtown', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'school', value: 'St. Mary -- Downtown', operation: 'Contains' } }],
    ['text with a semicolon', { column: school, kind: 'text', operation: 'Contains', value: 'a;b', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'school', value: 'a;b', operation: 'Contains' } }],
    ['text too long', { column: school, kind: 'text', operation: 'Contains', value: 'x'.repeat(181), idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'length' }],
    ['user name trimmed', { column: col('User Name', 'userName'), kind: 'text', operation: 'Contains', value: '  jdoe ', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'userName', value: 'jdoe', operation: 'Contains' } }],
    ['registry ID trimmed', { column: col('Registry ID', 'registryId'), kind: 'text', operation: 'Contains', value: ' TN123 ', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'registryId', value: 'TN123', operation: 'Contains' } }],
    ['email blank cleared', { column: col('Email', 'email'), kind: 'text', operation: 'Contains', value: ' \t ', idLabel: 'Registry ID' }, { kind: 'clear' }],
    ['number Equals decimal', { column: col('Hours', 'hours'), kind: 'number', operation: 'Equals', value: ' 2.5 ', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'hours', value: 2.5, operation: 'Equals' } }],
    ['number negative', { column: col('Hours', 'hours'), kind: 'number', operation: 'Equals', value: '-3', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'hours', value: -3, operation: 'Equals' } }],
    ['number not numeric', { column: col('Hours', 'hours'), kind: 'number', operation: 'Equals', value: '12a', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'number' }],
    ['number GreaterThan not offered', { column: col('Hours', 'hours'), kind: 'number', operation: 'GreaterThan', value: '1', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'operation' }],
    ['date OnDate', { column: col('End Date', 'endDate'), kind: 'date', operation: 'OnDate', value: '2020-05-01', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'endDate', value: '2020-05-01', operation: 'OnDate' } }],
    ['date GreaterThan lower bound', { column: col('End Date', 'endDate'), kind: 'date', operation: 'GreaterThan', value: '1900-01-01', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'endDate', value: '1900-01-01', operation: 'GreaterThan' } }],
    ['date LessThan upper bound', { column: col('End Date', 'endDate'), kind: 'date', operation: 'LessThan', value: '2200-12-31', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'endDate', value: '2200-12-31', operation: 'LessThan' } }],
    ['date before 1900', { column: col('End Date', 'endDate'), kind: 'date', operation: 'OnDate', value: '1899-12-31', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'date' }],
    ['date after 2200', { column: col('End Date', 'endDate'), kind: 'date', operation: 'OnDate', value: '2201-01-01', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'date' }],
    ['date not a day', { column: col('End Date', 'endDate'), kind: 'date', operation: 'OnDate', value: '2021-02-30', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'date' }],
    ['date in US format', { column: col('End Date', 'endDate'), kind: 'date', operation: 'OnDate', value: '05/01/2020', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'date' }],
    ['date Contains not offered', { column: col('End Date', 'endDate'), kind: 'date', operation: 'Contains', value: '2020-05-01', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'operation' }],
    ['date without operation clears', { column: col('End Date', 'endDate'), kind: 'date', operation: undefined, value: '2020-05-01', idLabel: 'Registry ID' }, { kind: 'clear' }],
    ['boolean yes', { column: col('Verified', 'verified'), kind: 'boolean', operation: 'Equals', value: 'true', idLabel: 'Registry ID' },
      { kind: 'set', filter: { column: 'verified', value: true, operation: 'Equals' } }],
    ['boolean other', { column: col('Verified', 'verified'), kind: 'boolean', operation: 'Equals', value: 'maybe', idLabel: 'Registry ID' }, { kind: 'invalid', problem: 'boolean' }],
  ];
  it.each(cases)('prepareFilter: %s', (_name, input, expected) => {
    expect(prepareFilter(input)).toEqual(expected);
  });
});
