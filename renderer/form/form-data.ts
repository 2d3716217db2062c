import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import type { FormState, FormValue, FormValues } from '../../engine/forms/form-types.js';
import { isMultiValue, normalizeValue, sameValue } from '../../engine/forms/form-values.js';
import { normalizePhone } from '../../engine/forms/phone.js';
import type { Form, FormElement } from '../../engine/metadata/form-schema.js';
import type { RegistryFormData } from './form-ui-options.js';

/*
 * Between the engine's values (keyed by element id), rjsf's form data and the API payloads.
 * Pure: no React, no I/O.
 */

/** The values of a form definition's elements (POST /api/form answers value or multiValue). */
export interface DefinitionElementValue {
  id: number;
  value?: string | null;
  multiValue?: string[] | null;
  /** what an autocomplete key stands for, as the server found it */
  valueLabel?: string | null;
}

export function valuesFromDefinition(form: Form, elements: readonly DefinitionElementValue[]): FormValues {
  const byId = new Map(elements.map((e) => [e.id, e]));
  const values: FormValues = {};
  for (const element of form.elements) {
    const given = byId.get(element.id);
    if (given) values[element.id] = isMultiValue(element) ? (given.multiValue ?? null) : (given.value ?? null);
  }
  return values;
}

/** rjsf form data: string keys, empty values left out. */
export function toFormData(form: Form, values: Readonly<Record<number, FormValue | undefined>>): RegistryFormData {
  const data: RegistryFormData = {};
  for (const element of form.elements) {
    const v = values[element.id];
    if (v !== null && v !== undefined) data[String(element.id)] = v;
  }
  return data;
}

function rawValue(raw: unknown): FormValue {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === 'string');
  return null;
}

/** rjsf form data back to element values (anything that is not a string or a list of strings is empty). */
export function fromFormData(form: Form, data: Readonly<Record<string, unknown>> | undefined): FormValues {
  const values: FormValues = {};
  for (const element of form.elements) values[element.id] = rawValue(data?.[String(element.id)]);
  return values;
}

/**
 * What the widgets show: the person's raw input (untrimmed, so typing a space works) unless the
 * rules changed the value (hidden and cleared, a default, a parent value, a single dropdown
 * choice), in which case the engine's value.
 */
export function displayValues(form: Form, raw: FormValues, resolved: Readonly<Record<number, FormValue>>): Record<number, FormValue> {
  const shown: Record<number, FormValue> = {};
  for (const element of form.elements) {
    const own = raw[element.id] ?? null;
    const engine = resolved[element.id] ?? null;
    shown[element.id] = sameValue(normalizeValue(own, element).value, engine) ? own : engine;
  }
  return shown;
}

function comparable(element: FormElement, value: FormValue): FormValue {
  if (element.type === 'phone' && typeof value === 'string') return normalizePhone(value) || null;
  return value;
}

/** Ids of the elements whose normalized values differ; phone numbers compare by their digits. */
export function changedElements(form: Form, before: FormValues, after: FormValues): number[] {
  return form.elements
    .filter((e) => !sameValue(
      comparable(e, normalizeValue(before[e.id], e).value),
      comparable(e, normalizeValue(after[e.id], e).value),
    ))
    .map((e) => e.id);
}

export interface ErrorDisplay {
  /** elements the person has left (blurred) */
  touched: ReadonlySet<number>;
  /** a submit was attempted: every engine error shows */
  submitted: boolean;
  /** the server's 400 errors, by element id */
  server: Readonly<Record<number, string>>;
}

/**
 * The errors to show, by element id: the server's message for an element, else the engine's
 * once the element was left or a submit attempted. Hidden elements never show errors.
 */
export function shownErrors(form: Form, state: Pick<FormState, 'elements' | 'errors'>, display: ErrorDisplay): Record<number, string> {
  const shown: Record<number, string> = {};
  for (const element of form.elements) {
    if (state.elements[element.id]?.visible === false) continue;
    const engine = display.submitted || display.touched.has(element.id) ? state.errors[element.id] : undefined;
    const message = display.server[element.id] ?? engine;
    if (message) shown[element.id] = message;
  }
  return shown;
}

/** rjsf's extraErrors for the shown errors, plus form-level messages at the root. */
export function toErrorSchema(errors: Readonly<Record<number, string>>, formMessages: readonly string[] = []): ErrorSchema<RegistryFormData> {
  const builder = new ErrorSchemaBuilder<RegistryFormData>();
  for (const [id, message] of Object.entries(errors)) builder.addErrors(message, [id]);
  if (formMessages.length) builder.addErrors([...formMessages]);
  return builder.ErrorSchema;
}

/** A server 400's errors map split into element errors and the rest (keys that are not elements). */
export function splitServerErrors(form: Form, errors: Readonly<Record<string, string>>): { elements: Record<number, string>; other: string[] } {
  const ids = new Set(form.elements.map((e) => String(e.id)));
  const elements: Record<number, string> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (ids.has(key)) elements[Number(key)] = message;
    else if (message) other.push(message);
  }
  return { elements, other };
}

export interface ElementResponse {
  formElementId: number;
  value?: string | null;
  multiValue?: string[];
}

/** One response per element of the form (values already trimmed by the engine). */
export function elementResponses(form: Form, values: Readonly<Record<number, FormValue>>): ElementResponse[] {
  return form.elements.map((e) => {
    const v = values[e.id] ?? null;
    if (isMultiValue(e)) return { formElementId: e.id, multiValue: Array.isArray(v) ? v : v === null ? [] : [v] };
    return { formElementId: e.id, value: Array.isArray(v) ? (v[0] ?? null) : v };
  });
}

export interface PreSubmissionItem {
  entityTypeId: number;
  formElementId: number;
  value: FormValue;
}

/** The validations to send before saving: each element named by a pre-submission check, once. */
export function preSubmissionItems(form: Form, values: Readonly<Record<number, FormValue>>): PreSubmissionItem[] {
  const ids = [...new Set((form.preSubmissionValidations ?? []).flatMap((p) => p.formElementIds))];
  return ids
    .filter((id) => form.elements.some((e) => e.id === id))
    .map((id) => ({ entityTypeId: form.entityTypeId, formElementId: id, value: values[id] ?? null }));
}
