/**
 * The grid filter the browser builds from what a person typed (spec part 2 section 5 "Grid
 * filters"). Pure. The value is checked by the same function the server runs on every request
 * (checkFilterValue in engine/grid/plan-filter.ts).
 */
import type { FieldType } from '../metadata/entity-schema.js';
import type { FilterOperation, GridColumn } from '../metadata/grid-schema.js';
import { MAX_DATE, MIN_DATE } from '../rules/dates.js';
import type { FilterInfo } from './grid-request.js';
import { checkFilterValue, type FilterProblem } from './plan-filter.js';

export { FILTER_MAX_LENGTH, type FilterProblem } from './plan-filter.js';

/** Bounds of a date filter (the input's min and max). */
export const FILTER_MIN_DATE = MIN_DATE;
export const FILTER_MAX_DATE = MAX_DATE;

/** What kind of input a column's filter shows. */
export type FilterKind = 'text' | 'number' | 'date' | 'boolean';

const KIND_BY_TYPE: Record<FieldType, FilterKind> = {
  string: 'text', text: 'text', list: 'text',
  integer: 'number', number: 'number',
  boolean: 'boolean',
  date: 'date', datetime: 'date',
};

/** The field type checked for a filter kind (a column without a field type filters as its kind). */
const TYPE_BY_KIND: Record<FilterKind, FieldType> = { text: 'string', number: 'number', boolean: 'boolean', date: 'date' };

/** The operations a filter offers, the first being the default (a subset of what the server accepts). */
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

/** set: the one column filter; clear: no filter at all (empty value or no operation); invalid: say why. */
export type FilterOutcome =
  | { kind: 'set'; filter: FilterInfo }
  | { kind: 'clear' }
  | { kind: 'invalid'; problem: FilterProblem };

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
  const checked = checkFilterValue(TYPE_BY_KIND[kind], operation, value);
  if (!checked.ok) return { kind: 'invalid', problem: checked.problem };
  return { kind: 'set', filter: { column: column.propertyName, value: checked.value, operation } };
}
