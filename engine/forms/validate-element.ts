import type { Comparison, FormElement } from '../metadata/form-schema.js';
import { ruleHolds } from '../rules/json-logic.js';
import { ruleData } from './apply-element-rules.js';
import { characterCount, failedComparison, FLOAT_PATTERN, isValidDate, isValidDateTime, matchesPattern, RICH_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from './field-checks.js';
import { FORM_TEXT, formatText } from './form-messages.js';
import type { ElementState, FormStateContext, FormValue } from './form-types.js';
import { isEmptyValue } from './form-values.js';
import { isValidPhone } from './phone.js';

export interface ElementCheck {
  element: FormElement;
  state: ElementState;
  value: FormValue;
  /** the submitted value had a shape the element cannot hold */
  malformed: boolean;
  /** every element's final value, for comparisons against another element */
  values: Record<number, FormValue>;
  context: FormStateContext;
}

const CHOICE_TYPES = new Set<string>(['dropdown', 'radio', 'checkbox']);

function requiredMessage(element: FormElement, context: FormStateContext): string {
  const text = (key: string): string => formatText(context.texts, key);
  switch (element.type) {
    case 'checkbox': return text(FORM_TEXT.checkboxRequired);
    case 'fileupload': return element.warningMessage ?? text(FORM_TEXT.fileRequired);
    case 'richtext': return text(FORM_TEXT.required);
    default: return element.warningMessage ?? text(FORM_TEXT.required);
  }
}

function maxLength(element: FormElement): number | null {
  if (element.type === 'text' || element.type === 'textarea') return element.maxLength ?? TEXT_MAX_LENGTH;
  if (element.type === 'richtext') return element.maxLength ?? RICH_TEXT_MAX_LENGTH;
  return null;
}

function offeredChoice(state: ElementState, value: string): boolean {
  return (state.choices ?? []).some((c) => String(c.id) === value);
}

/** The checks of a non-empty single value, in order; the first failing one gives the message. */
function checkText(check: ElementCheck, value: string): string | null {
  const { element, context } = check;
  const invalid = element.warningMessage ?? formatText(context.texts, FORM_TEXT.invalid);
  const max = maxLength(element);
  if (max !== null && characterCount(value) > max) return formatText(context.texts, FORM_TEXT.maxLength, { max, field: element.stimulus });
  if (element.type === 'text' && element.subtype === 'date' && !isValidDate(value)) {
    return formatText(context.texts, FORM_TEXT.date);
  }
  if (element.type === 'text' && element.subtype === 'datetime' && !isValidDateTime(value)) {
    return formatText(context.texts, FORM_TEXT.dateTime);
  }
  const pattern = element.regex ?? (element.type === 'text' && element.subtype === 'float' ? FLOAT_PATTERN : undefined);
  if (pattern !== undefined && !matchesPattern(value, pattern)) return invalid;
  if (element.type === 'phone' && !isValidPhone(value)) return formatText(context.texts, FORM_TEXT.phoneDigits);
  const applies = (c: Comparison): boolean => ruleHolds(c.when, ruleData(context, check.values), true);
  const failed = failedComparison(value, element.comparisons ?? [], check.values, context.today, applies);
  if (failed) return formatText(context.texts, failed.message ?? FORM_TEXT.invalid, { field: element.stimulus });
  return null;
}

/**
 * The first failing message of one element, or null. Hidden elements are never validated;
 * read-only elements are validated like any other.
 */
export function validateElement(check: ElementCheck): string | null {
  const { element, state, value, context } = check;
  if (!state.visible) return null;
  if (check.malformed) return formatText(context.texts, FORM_TEXT.invalid);
  if (value === null || isEmptyValue(value)) return state.required ? requiredMessage(element, context) : null;
  if (CHOICE_TYPES.has(element.type) && element.choices) {
    const entries = Array.isArray(value) ? value : [value];
    if (!entries.every((v) => offeredChoice(state, v))) return formatText(context.texts, FORM_TEXT.notAChoice, { field: element.stimulus });
  }
  return Array.isArray(value) ? null : checkText(check, value);
}
