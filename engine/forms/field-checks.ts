import type { Comparison } from '../metadata/form-schema.js';
import { addDays, dayNumber, isDateInRange } from '../rules/dates.js';
import type { FormValue } from './form-types.js';

/** Text default max length (spec part 9). */
export const TEXT_MAX_LENGTH = 180;
/**
 * Rich text is exempt from the 180 default: its stored HTML, markup included, is limited to
 * this many characters unless the element sets its own maxLength.
 */
export const RICH_TEXT_MAX_LENGTH = 10_000;
/** The numeric pattern of the float subtype when the element has no regex of its own. */
export const FLOAT_PATTERN = '-?\\d+(\\.\\d+)?';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

/** Characters as a person counts them (code points), not UTF-16 units. */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/** A real calendar date YYYY-MM-DD between 1900-01-01 and 2200-12-31. */
export function isValidDate(value: string): boolean {
  return DATE.test(value) && isDateInRange(value);
}

/** An ISO 8601 date-time (`T` separator, optional seconds, fraction and offset) in the date range. */
export function isValidDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  return m !== null && isDateInRange(m[1]!);
}

/** Whole-value match; a pattern that does not compile matches nothing (the metadata check reports it). */
export function matchesPattern(value: string, pattern: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    return false;
  }
}

function otherSide(comparison: Comparison, values: Record<number, FormValue>, today: string): unknown {
  const against = comparison.against;
  if (against === 'today') return today;
  if (against === 'yesterday') return addDays(today, -1);
  if (against === 'tomorrow') return addDays(today, 1);
  if ('element' in against) return values[against.element];
  return against.date;
}

function holds(operator: Comparison['operator'], a: number, b: number): boolean {
  switch (operator) {
    case 'greaterThan': return a > b;
    case 'lessThan': return a < b;
    case 'greaterThanOrEqualTo': return a >= b;
    case 'lessThanOrEqualTo': return a <= b;
  }
}

/**
 * The first comparison the value fails. A comparison is checked only when its `when` holds (the
 * caller's `applies`; always when absent) and both sides are dates: against an empty (or hidden,
 * hence empty) element, or a value that is not a date, it is skipped.
 */
export function failedComparison(
  value: string, comparisons: readonly Comparison[], values: Record<number, FormValue>, today: string,
  applies: (c: Comparison) => boolean = () => true,
): Comparison | undefined {
  const day = dayNumber(value);
  if (day === null) return undefined;
  return comparisons.find((c) => {
    const other = dayNumber(otherSide(c, values, today));
    return other !== null && !holds(c.operator, day, other) && applies(c);
  });
}
