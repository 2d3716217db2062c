import type { FieldType } from '../metadata/entity-schema.js';
import type { FilterOperation } from '../metadata/grid-schema.js';
import { isDateInRange } from '../rules/dates.js';
import type { FilterInfo } from './grid-request.js';

/** A column filter checked against the column's type: safe for the data layer to bind. */
export interface PlannedFilter {
  field: string;
  type: FieldType;
  operation: Exclude<FilterOperation, 'None'>;
  value: string | number | boolean;
}

type FilterResult = { ok: true; filter: PlannedFilter | null } | { ok: false; message: string };

const MAX_FILTER_LENGTH = 180;
/** Statement separators and comment markers never occur in a name or a title. */
const SQL_LIKE = /;|--|\/\*|\*\//;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}
/** A date, or an ISO instant whose date part is used. */
const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

const OPERATIONS_BY_TYPE: Record<FieldType, readonly FilterOperation[]> = {
  string: ['Contains', 'Equals'],
  text: ['Contains', 'Equals'],
  list: ['Contains'],
  integer: ['Equals', 'GreaterThan', 'LessThan'],
  number: ['Equals', 'GreaterThan', 'LessThan'],
  boolean: ['Equals'],
  date: ['OnDate', 'GreaterThan', 'LessThan'],
  datetime: ['OnDate', 'GreaterThan', 'LessThan'],
};

/** Checks one filter (spec part 2 section 5 "Grid filters"); None or an empty value means no filter. */
export function planFilter(info: FilterInfo, type: FieldType): FilterResult {
  const operation = info.operation ?? defaultOperation(type);
  const raw = info.value;
  if (operation === 'None' || raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: true, filter: null };
  }
  if (!OPERATIONS_BY_TYPE[type].includes(operation)) {
    return { ok: false, message: `The ${operation} filter cannot be used on column '${info.column}'.` };
  }
  const field = info.column;
  if (type === 'boolean') {
    const v = raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : null;
    return v === null ? { ok: false, message: `Filter value for '${field}' must be true or false.` } : { ok: true, filter: { field, type, operation, value: v } };
  }
  const text = String(raw).trim();
  if (text.length > MAX_FILTER_LENGTH) return { ok: false, message: `Filter value must be ${MAX_FILTER_LENGTH} characters or fewer.` };
  if (type === 'integer' || type === 'number') {
    if (!NUMERIC.test(text)) return { ok: false, message: `Filter value for '${field}' must be a number.` };
    return { ok: true, filter: { field, type, operation, value: Number(text) } };
  }
  if (type === 'date' || type === 'datetime') {
    const day = text.slice(0, 10);
    if (!DATE_OR_INSTANT.test(text) || !isDateInRange(day)) {
      return { ok: false, message: 'Filter date must be a valid date between 01/01/1900 and 12/31/2200.' };
    }
    return { ok: true, filter: { field, type, operation, value: day } };
  }
  if (SQL_LIKE.test(text) || hasControlCharacter(text)) return { ok: false, message: 'Filter value contains characters that are not allowed.' };
  return { ok: true, filter: { field, type, operation, value: text } };
}

function defaultOperation(type: FieldType): FilterOperation {
  return OPERATIONS_BY_TYPE[type][0]!;
}
