/**
 * The grid filter the browser builds from what a person typed (spec part 2 section 5 "Grid
 * filters"). Pure: the server checks the result again (engine/grid/plan-filter.ts).
 */
import type { FieldType } from '../metadata/entity-schema.js';
import type { FilterOperation, GridColumn } from '../metadata/grid-schema.js';
import { isDateInRange, MAX_DATE, MIN_DATE } from '../rules/dates.js';
import type { FilterInfo } from './grid-request.js';

/** Bounds of a date filter (the input's min and max). */
export const FILTER_MIN_DATE = MIN_DATE;
export const FILTER_MAX_DATE = MAX_DATE;
/** Longest text filter value the server accepts. */
export const FILTER_MAX_LENGTH = 180;

/** What kind of input a column's filter shows. */
export type FilterKind = 'text' | 'number' | 'date' | 'boolean';

const KIND_BY_TYPE: Record<FieldType, FilterKind> = {
  string: 'text', text: 'text', list: 'text',
  integer: 'number', number: 'number',
  boolean: 'boolean',
  date: 'date', datetime: 'date',
};

/** The operations a filter offers, the first being the default. */
const OPERATIONS_BY_KIND: Record<FilterKind, readonly FilterOperation[]> = {
  text: ['Contains'],
  number: ['Equals'],
  boolean: ['Equals'],
  date: ['OnDate', 'GreaterThan', 'LessThan'],
};

/** The filter kind of a column: its field type, or a date when the column formats dates. */
export function filterKind(type: FieldType | null, column?: Pick<GridColumn, 'formatDate' | 'isTimeStamp'>): FilterKind {
  if (type) return KIND_BY_TYPE[type];
  return column?.formatDate || column?.isTimeStamp ? 'date' : 'text';
}

/** Operations offered by kind: text Contains; numbers Equals; dates OnDate, GreaterThan, LessThan. */
export function filterOperations(kind: FilterKind): readonly FilterOperation[] {
  return OPERATIONS_BY_KIND[kind];
}

export function defaultFilterOperation(kind: FilterKind): FilterOperation {
  return OPERATIONS_BY_KIND[kind][0]!;
}

/** Parameters of the filter hint 'Enter the {column} value by which to filter the results'. */
export function filterHintParams(column: Pick<GridColumn, 'columnName'>): { column: string } {
  return { column: column.columnName };
}

const TRIMMED_PROPERTIES = new Set(['registryid', 'username', 'email', 'primaryentityemail']);
const TRIMMED_NAMES = new Set(['user name', 'username', 'email', 'email address']);

/** {product} ID, User Name and Email columns: the value is trimmed and cleared if blank. */
export function isTrimmedColumn(column: Pick<GridColumn, 'columnName' | 'propertyName'>, idLabel: string): boolean {
  const name = column.columnName.trim().toLowerCase();
  const label = idLabel.trim().toLowerCase();
  const property = column.propertyName.split('.').at(-1)!.toLowerCase();
  return TRIMMED_PROPERTIES.has(property) || TRIMMED_NAMES.has(name) || (label !== '' && (name === label || name.endsWith(` ${label}`)));
}

export interface FilterInput {
  column: Pick<GridColumn, 'columnName' | 'propertyName'>;
  kind: FilterKind;
  operation: FilterOperation | '' | undefined;
  value: string;
  /** the tenant's ID label (e.g. 'Registry ID') */
  idLabel: string;
}

export type FilterProblem = 'number' | 'date' | 'boolean' | 'operation' | 'length';
/** set: the one column filter; clear: no filter at all (empty value or no operation); invalid: say why. */
export type FilterOutcome =
  | { kind: 'set'; filter: FilterInfo }
  | { kind: 'clear' }
  | { kind: 'invalid'; problem: FilterProblem };

const NUMERIC = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter to send for what was entered. An empty value clears all filters; a filter needs both
 * value and operation, else it is cleared; numbers and dates are trimmed, as are the ID, user name
 * and email columns.
 */
export function prepareFilter(input: FilterInput): FilterOutcome {
  const { column, kind, operation } = input;
  const trim = kind !== 'text' || isTrimmedColumn(column, input.idLabel);
  const value = trim ? input.value.trim() : input.value;
  if (value.trim() === '' || !operation || operation === 'None') return { kind: 'clear' };
  if (!OPERATIONS_BY_KIND[kind].includes(operation)) return { kind: 'invalid', problem: 'operation' };
  const filter = (v: string | number | boolean): FilterOutcome => ({ kind: 'set', filter: { column: column.propertyName, value: v, operation } });
  switch (kind) {
    case 'number':
      return NUMERIC.test(value) ? filter(Number(value)) : { kind: 'invalid', problem: 'number' };
    case 'date':
      return ISO_DATE.test(value) && isDateInRange(value) ? filter(value) : { kind: 'invalid', problem: 'date' };
    case 'boolean':
      return value === 'true' || value === 'false' ? filter(value === 'true') : { kind: 'invalid', problem: 'boolean' };
    case 'text':
      return value.length > FILTER_MAX_LENGTH ? { kind: 'invalid', problem: 'length' } : filter(value);
  }
}
