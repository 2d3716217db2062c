import type { FieldType } from '../metadata/entity-schema.js';
import type { FilterOperation } from '../metadata/grid-schema.js';
import { isDateInRange } from '../rules/dates.js';
import { startOfDayIn, todayIn } from '../rules/today.js';
import type { FilterInfo } from './grid-request.js';

/**
 * The one check of a grid filter (spec part 2 section 5 "Grid filters"), run by the browser before
 * it sends a filter (engine/grid/filter-input.ts) and by the server on every request. Values are
 * bound as parameters by the data layer, so no character is refused for looking like SQL.
 */

/** A column filter checked against the column's type: safe for the data layer to bind. */
export interface PlannedFilter {
  field: string;
  type: FieldType;
  operation: Exclude<FilterOperation, 'None'>;
  value: string | number | boolean;
  /** a date filter on a time stamp: the instants (ISO, UTC) where the day begins and where the next begins, in the tenant's time zone */
  day?: { start: string; end: string };
}

/** Why a filter value was refused. */
export type FilterProblem = 'number' | 'date' | 'boolean' | 'operation' | 'length' | 'characters';

/** Longest text filter value accepted. */
export const FILTER_MAX_LENGTH = 180;

const NUMERIC = /^-?\d+(\.\d+)?$/;
/** A date, or an ISO instant whose date part is used. */
const DATE_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** An instant with a time and a zone (Z or an offset). */
const ZONED_INSTANT = /T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The operations the server accepts on a field type (the browser offers a subset: filter-input.ts). */
const OPERATIONS_BY_TYPE: Record<FieldType, readonly Exclude<FilterOperation, 'None'>[]> = {
  string: ['Contains', 'Equals'],
  text: ['Contains', 'Equals'],
  list: ['Contains'],
  integer: ['Equals', 'GreaterThan', 'LessThan'],
  number: ['Equals', 'GreaterThan', 'LessThan'],
  boolean: ['Equals'],
  date: ['OnDate', 'GreaterThan', 'LessThan'],
  datetime: ['OnDate', 'GreaterThan', 'LessThan'],
};

/** A NUL or another control character: text no database column holds (PostgreSQL refuses NUL). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

export type CheckedValue = { ok: true; value: string | number | boolean } | { ok: false; problem: FilterProblem };

/**
 * Checks a filter value against the column's field type and the operation: numbers are numbers,
 * dates are days between 1900-01-01 and 2200-12-31 (an instant's date part is used), booleans are
 * true or false, text is at most FILTER_MAX_LENGTH characters. Text is kept as given.
 */
export function checkFilterValue(type: FieldType, operation: FilterOperation, raw: string | number | boolean): CheckedValue {
  if (operation === 'None' || !OPERATIONS_BY_TYPE[type].includes(operation)) return { ok: false, problem: 'operation' };
  if (type === 'boolean') {
    const v = raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : null;
    return v === null ? { ok: false, problem: 'boolean' } : { ok: true, value: v };
  }
  const text = String(raw);
  if (text.length > FILTER_MAX_LENGTH) return { ok: false, problem: 'length' };
  if (type === 'integer' || type === 'number') {
    const trimmed = text.trim();
    return NUMERIC.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false, problem: 'number' };
  }
  if (type === 'date' || type === 'datetime') {
    const trimmed = text.trim();
    return DATE_OR_INSTANT.test(trimmed) && isDateInRange(trimmed.slice(0, 10)) ? { ok: true, value: trimmed.slice(0, 10) } : { ok: false, problem: 'date' };
  }
  return hasControlCharacter(text) ? { ok: false, problem: 'characters' } : { ok: true, value: text };
}

const MESSAGES: Record<FilterProblem, (operation: FilterOperation, field: string) => string> = {
  operation: (operation, field) => `The ${operation} filter cannot be used on column '${field}'.`,
  boolean: (_o, field) => `Filter value for '${field}' must be true or false.`,
  length: () => `Filter value must be ${FILTER_MAX_LENGTH} characters or fewer.`,
  number: (_o, field) => `Filter value for '${field}' must be a number.`,
  date: () => 'Filter date must be a valid date between 01/01/1900 and 12/31/2200.',
  characters: () => 'Filter value contains control characters.',
};

type FilterResult = { ok: true; filter: PlannedFilter | null } | { ok: false; message: string };

/**
 * Checks one filter of a request; None or an empty value means no filter. Date filters use days of
 * the tenant's time zone: an instant with a zone counts as the day it falls on there, and on a time
 * stamp (datetime) OnDate is [start of that day, start of the next), GreaterThan from the start of
 * the next day, LessThan before the start of the day, all as instants of that time zone.
 */
export function planFilter(info: FilterInfo, type: FieldType, timeZone: string): FilterResult {
  const operation = info.operation ?? OPERATIONS_BY_TYPE[type][0]!;
  const raw = info.value;
  if (operation === 'None' || raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: true, filter: null };
  }
  const checked = checkFilterValue(type, operation, raw);
  if (!checked.ok) return { ok: false, message: MESSAGES[checked.problem](operation, info.column) };
  if (type === 'date' || type === 'datetime') {
    // an instant with its offset (a browser that converted the person's local time to UTC) names
    // the day it falls on in the tenant's time zone, not the day of its UTC text
    const trimmed = String(raw).trim();
    if (ZONED_INSTANT.test(trimmed)) {
      // the pattern lets through instants no calendar has (25:00, an offset of +99:00)
      const instant = new Date(trimmed);
      if (Number.isNaN(instant.getTime())) return { ok: false, message: MESSAGES.date(operation, info.column) };
      const day = todayIn(timeZone, instant);
      if (!isDateInRange(day)) return { ok: false, message: MESSAGES.date(operation, info.column) };
      checked.value = day;
    }
  }
  const filter: PlannedFilter = { field: info.column, type, operation, value: checked.value };
  if (type === 'datetime') filter.day = { start: startOfDayIn(String(checked.value), timeZone), end: startOfDayIn(String(checked.value), timeZone, 1) };
  return { ok: true, filter };
}
