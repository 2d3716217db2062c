import { describe, expect, it } from 'vitest';
import { prepareFilter } from '../../../engine/grid/filter-input.js';
import { checkFilterValue, planFilter } from '../../../engine/grid/plan-filter.js';
import type { FieldType } from '../../../engine/metadata/entity-schema.js';
import type { FilterOperation } from '../../../engine/metadata/grid-schema.js';
import { startOfDayIn } from '../../../engine/rules/today.js';

describe('one grid filter check for the browser and the server', () => {
  // values are bound parameters: nothing is refused for looking like SQL
  it.each(['St. Mary -- Downtown', 'a;b', "O'Brien /* note */", "x'; DROP TABLE education; --"])('text %j is a plain value on both sides', (value) => {
    expect(checkFilterValue('string', 'Contains', value)).toEqual({ ok: true, value });
    expect(planFilter({ column: 'school', value, operation: 'Contains' }, 'string', 'America/Chicago')).toEqual({ ok: true, filter: { field: 'school', type: 'string', operation: 'Contains', value } });
    expect(prepareFilter({ column: { columnName: 'School', propertyName: 'school' }, kind: 'text', operation: 'Contains', value, idLabel: 'Registry ID' }))
      .toEqual({ kind: 'set', filter: { column: 'school', value, operation: 'Contains' } });
  });

  it.each<[FieldType, FilterOperation, string | boolean, ReturnType<typeof checkFilterValue>]>([
    ['string', 'Contains', 'x'.repeat(180), { ok: true, value: 'x'.repeat(180) }],
    ['string', 'Contains', 'x'.repeat(181), { ok: false, problem: 'length' }],
    ['string', 'Contains', 'a\u0000b', { ok: false, problem: 'characters' }],
    ['string', 'GreaterThan', 'a', { ok: false, problem: 'operation' }],
    ['list', 'Equals', 'a', { ok: false, problem: 'operation' }],
    ['integer', 'Equals', ' 12 ', { ok: true, value: 12 }],
    ['number', 'LessThan', '2.5', { ok: true, value: 2.5 }],
    ['number', 'Equals', '12a', { ok: false, problem: 'number' }],
    ['date', 'OnDate', '2020-05-01', { ok: true, value: '2020-05-01' }],
    ['datetime', 'OnDate', '2020-05-01T10:00:00Z', { ok: true, value: '2020-05-01' }],
    ['date', 'OnDate', '2021-02-30', { ok: false, problem: 'date' }],
    ['date', 'OnDate', '1899-12-31', { ok: false, problem: 'date' }],
    ['date', 'Contains', '2020-05-01', { ok: false, problem: 'operation' }],
    ['boolean', 'Equals', 'true', { ok: true, value: true }],
    ['boolean', 'Equals', false, { ok: true, value: false }],
    ['boolean', 'Equals', 'maybe', { ok: false, problem: 'boolean' }],
  ])('%s %s %j', (type, operation, raw, expected) => {
    expect(checkFilterValue(type, operation, raw)).toEqual(expected);
  });

  it('gives the server a message for each problem', () => {
    expect(planFilter({ column: 'school', value: 'x'.repeat(181), operation: 'Contains' }, 'string', 'UTC')).toEqual({ ok: false, message: 'Filter value must be 180 characters or fewer.' });
    expect(planFilter({ column: 'endDate', value: 'a', operation: 'Contains' }, 'date', 'UTC')).toEqual({ ok: false, message: "The Contains filter cannot be used on column 'endDate'." });
  });

  it.each([
    ['America/New_York', '2026-11-23T05:00:00.000Z', '2026-11-24T05:00:00.000Z'],
    ['America/Los_Angeles', '2026-11-23T08:00:00.000Z', '2026-11-24T08:00:00.000Z'],
    ['America/Chicago', '2026-11-23T06:00:00.000Z', '2026-11-24T06:00:00.000Z'],
    ['UTC', '2026-11-23T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
  ])('a date filter on a time stamp covers the day in the tenant\'s time zone (%s)', (zone, start, end) => {
    expect(planFilter({ column: 'sentAt', value: '2026-11-23', operation: 'OnDate' }, 'datetime', zone))
      .toEqual({ ok: true, filter: { field: 'sentAt', type: 'datetime', operation: 'OnDate', value: '2026-11-23', day: { start, end } } });
  });

  it.each([
    // 23:30 in Chicago on 11/23 is 05:30 UTC on 11/24: the person's day is the 23rd
    ['2026-11-24T05:30:00.000Z', 'America/Chicago', '2026-11-23'],
    ['2026-11-24T05:30:00Z', 'UTC', '2026-11-24'],
    // 00:30 in Chicago on 11/24 is 06:30 UTC: the 24th
    ['2026-11-24T06:30:00.000Z', 'America/Chicago', '2026-11-24'],
    ['2026-11-23T23:30:00-06:00', 'America/Chicago', '2026-11-23'],
    ['2026-11-23T23:30:00-06:00', 'America/New_York', '2026-11-24'],
    // no zone: the wall-clock date as written
    ['2026-11-23T23:30:00', 'America/New_York', '2026-11-23'],
  ])('an instant %s filters on its day in the tenant\'s time zone %s (%s)', (value, zone, day) => {
    for (const type of ['datetime', 'date'] as const) {
      for (const operation of ['OnDate', 'GreaterThan', 'LessThan'] as const) {
        const planned = planFilter({ column: 'sentAt', value, operation }, type, zone);
        expect(planned.ok && planned.filter?.value).toBe(day);
        if (type === 'datetime') expect(planned.ok && planned.filter?.day).toEqual({ start: startOfDayIn(day, zone), end: startOfDayIn(day, zone, 1) });
      }
    }
  });

  it.each(['2026-02-28T25:00Z', '2026-02-28T10:00:00+99:00', '2026-02-30T10:00:00Z'])('refuses the instant %s, which no calendar has, with the date message', (value) => {
    for (const type of ['date', 'datetime'] as const) {
      expect(planFilter({ column: 'startDate', value, operation: 'OnDate' }, type, 'America/Chicago')).toEqual({ ok: false, message: 'Filter date must be a valid date between 01/01/1900 and 12/31/2200.' });
    }
  });

  it('refuses an instant whose day in the time zone is out of range', () => {
    expect(planFilter({ column: 'sentAt', value: '2200-12-31T23:30:00-06:00', operation: 'OnDate' }, 'datetime', 'Asia/Tokyo')).toEqual({ ok: false, message: 'Filter date must be a valid date between 01/01/1900 and 12/31/2200.' });
  });

  it.each([
    ['2026-03-08', 'America/Chicago', 0, '2026-03-08T06:00:00.000Z'],
    ['2026-03-08', 'America/Chicago', 1, '2026-03-09T05:00:00.000Z'],
    ['2026-11-01', 'America/Chicago', 1, '2026-11-02T06:00:00.000Z'],
    ['2026-11-01', 'America/Chicago', 0, '2026-11-01T05:00:00.000Z'],
  ])('the day %s in %s (+%i) begins at %s, across daylight saving changes', (day, zone, plus, expected) => {
    expect(startOfDayIn(day, zone, plus)).toBe(expected);
  });
});
