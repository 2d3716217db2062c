import type { Entity, EntityField } from '../metadata/entity-schema.js';
import type { Choice, Form, FormElement } from '../metadata/form-schema.js';
import { isValidDate, isValidDateTime, TEXT_MAX_LENGTH } from './field-checks.js';
import { FORM_TEXT, formatText } from './form-messages.js';
import type { FormValues } from './form-types.js';
import { instantOfWallClock, wallClockIn } from '../rules/today.js';

/** A date and time without a zone (what a datetime-local input holds). */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

const CHOICE_TYPES = new Set(['dropdown', 'radio', 'checkbox']);

/** What a text field stores for a choice: its `value` (e.g. TN) or else its text. */
function storedText(choice: Choice): string {
  return choice.value ?? choice.text;
}

/** Several ticked choices kept in a text column: their codes joined by commas (e.g. 'CGD,HSN'). */
function joinsCodes(field: EntityField): boolean {
  return field.type === 'string' || field.type === 'text';
}

function boundField(entity: Entity, element: FormElement): EntityField | undefined {
  return element.field ? entity.fields.find((f) => f.id === element.field) : undefined;
}

/** The choice a stored value stands for; text is matched exactly, else ignoring case ('tn' is TN). */
function choiceIdFor(element: FormElement, stored: unknown, field: EntityField): string | null {
  const choices = element.choices ?? [];
  const lower = String(stored).toLowerCase();
  const choice = field.type === 'integer'
    ? choices.find((c) => c.id === Number(stored))
    : choices.find((c) => storedText(c) === stored) ?? choices.find((c) => storedText(c).toLowerCase() === lower);
  return choice ? String(choice.id) : null;
}

/**
 * A record's field values as the element values a form shows. With the tenant's time zone, a
 * datetime field shows as that zone's wall clock (the form's datetime input has no zone).
 */
export function valuesFromRow(form: Form, entity: Entity, row: Readonly<Record<string, unknown>>, timeZone?: string): FormValues {
  const values: FormValues = {};
  for (const element of form.elements) {
    const field = boundField(entity, element);
    if (!field) continue;
    const stored = row[field.id];
    if (stored === null || stored === undefined) {
      values[element.id] = element.type === 'checkbox' ? [] : null;
    } else if (element.type === 'checkbox' && field.type === 'boolean') {
      values[element.id] = stored === true && element.choices?.[0] ? [String(element.choices[0].id)] : [];
    } else if (element.type === 'checkbox') {
      const list = Array.isArray(stored) ? stored : joinsCodes(field) ? String(stored).split(',') : [stored];
      values[element.id] = list.map((s) => choiceIdFor(element, s, field)).filter((x): x is string => x !== null);
    } else if (CHOICE_TYPES.has(element.type)) {
      values[element.id] = choiceIdFor(element, stored, field);
    } else if (field.type === 'datetime' && timeZone) {
      values[element.id] = wallClockIn(String(stored), timeZone) ?? String(stored);
    } else if (Array.isArray(stored)) {
      values[element.id] = stored.map(String);
    } else {
      values[element.id] = String(stored);
    }
  }
  return values;
}

function choiceValue(element: FormElement, id: string, field: EntityField): string | number | null {
  const choice = element.choices?.find((c) => String(c.id) === id);
  if (!choice) return null;
  return field.type === 'integer' ? choice.id : storedText(choice);
}

/**
 * Element values (already resolved and validated) as the field values stored on the record. With
 * the tenant's time zone, a datetime without a zone is that zone's wall clock, stored as an instant.
 */
export function rowFromValues(form: Form, entity: Entity, values: FormValues, timeZone?: string): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const element of form.elements) {
    const field = boundField(entity, element);
    if (!field || field.system) continue;
    const v = values[element.id];
    const list = Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v];
    if (field.type === 'boolean') {
      row[field.id] = element.type === 'checkbox' ? list.length > 0 : list[0] === 'true';
    } else if (field.type === 'list') {
      row[field.id] = CHOICE_TYPES.has(element.type) ? list.map((id) => choiceValue(element, id, field)).filter((x) => x !== null) : list;
    } else if (list.length === 0) {
      row[field.id] = null;
    } else if (element.type === 'checkbox' && joinsCodes(field)) {
      row[field.id] = list.map((id) => choiceValue(element, id, field)).filter((x) => x !== null).join(',');
    } else if (CHOICE_TYPES.has(element.type)) {
      row[field.id] = choiceValue(element, list[0]!, field);
    } else if (field.type === 'integer' || field.type === 'number') {
      const n = Number(list[0]);
      row[field.id] = Number.isFinite(n) ? n : null;
    } else if (field.type === 'datetime' && timeZone && WALL_CLOCK.test(list[0]!)) {
      row[field.id] = instantOfWallClock(list[0]!, timeZone);
    } else {
      row[field.id] = list[0];
    }
  }
  return row;
}


/** Why a value does not fit its field (too long, not a date, not a number), or null. */
function fieldValueError(field: EntityField, element: FormElement, stored: unknown, given: FormValues[number], texts: Readonly<Record<string, string>>): string | null {
  if (typeof stored === 'string' && field.type === 'string') {
    const max = field.maxLength ?? TEXT_MAX_LENGTH;
    return [...stored].length > max ? formatText(texts, FORM_TEXT.maxLength, { max, field: element.stimulus }) : null;
  }
  if (typeof stored === 'string' && field.type === 'date') return isValidDate(stored) ? null : formatText(texts, FORM_TEXT.date);
  if (typeof stored === 'string' && field.type === 'datetime') return isValidDateTime(stored) ? null : formatText(texts, FORM_TEXT.dateTime);
  if (field.type === 'integer' || field.type === 'number') {
    const typedIn = typeof given === 'string' && given.trim() !== '';
    const fits = stored === null ? !typedIn : typeof stored === 'number' && (field.type === 'number' || Number.isInteger(stored));
    return fits ? null : element.warningMessage ?? formatText(texts, FORM_TEXT.invalid);
  }
  return null;
}

/**
 * Field values that would not fit their field, as errors keyed by the form element bound to them:
 * the same checks whether the field is a column or kept in JSON (the record store, extension fields).
 */
export function fieldValueErrors(form: Form, entity: Entity, values: FormValues, row: Readonly<Record<string, unknown>>, texts: Readonly<Record<string, string>>): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const element of form.elements) {
    const field = boundField(entity, element);
    if (!field || !(field.id in row)) continue;
    const message = fieldValueError(field, element, row[field.id], values[element.id] ?? null, texts);
    if (message !== null) errors[element.id] = message;
  }
  return errors;
}
