import type { Form } from '../metadata/form-schema.js';
import { applyElementRules } from './apply-element-rules.js';
import type { FormState, FormStateContext, FormValue, FormValues } from './form-types.js';
import { normalizeValue } from './form-values.js';
import { validateElement } from './validate-element.js';

/**
 * The state of a form for the given values: per element visible / required / readOnly and the
 * visible choices, the normalized values (trimmed; hidden elements cleared; defaults, parent
 * values and single dropdown choices filled in), the validation errors and the rule effects.
 * Pure: the browser runs it on every change, the server on every write, with the same result.
 * Values of ids that are not elements of the form are dropped.
 */
export function resolveFormState(form: Form, values: FormValues, context: FormStateContext): FormState {
  const initial: Record<number, FormValue> = {};
  const malformed = new Set<number>();
  for (const element of form.elements) {
    const normalized = normalizeValue(values[element.id], element);
    initial[element.id] = normalized.value;
    if (normalized.malformed) malformed.add(element.id);
  }
  const outcome = applyElementRules(form, initial, context);
  const errors: Record<number, string> = {};
  for (const element of form.elements) {
    const state = outcome.elements[element.id]!;
    const message = validateElement({
      element, state, value: outcome.values[element.id] ?? null, malformed: malformed.has(element.id),
      values: outcome.values, context,
    });
    if (message !== null) errors[element.id] = message;
  }
  return { elements: outcome.elements, values: outcome.values, errors, effects: outcome.effects };
}
