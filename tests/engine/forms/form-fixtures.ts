import formTexts from '../../../metadata/texts/form.json';
import type { Form, FormElement } from '../../../engine/metadata/form-schema.js';
import type { FormStateContext } from '../../../engine/forms/form-types.js';

export const TEXTS: Readonly<Record<string, string>> = formTexts;

export function element(id: number, type: FormElement['type'], extra: Partial<FormElement> = {}): FormElement {
  return { id, type, stimulus: `Element ${id}`, ...extra };
}

export function formOf(...elements: FormElement[]): Form {
  return { id: 1, entityTypeId: 1, name: 'Test form', elements };
}

export function contextOf(overrides: Partial<FormStateContext> = {}): FormStateContext {
  return {
    user: { id: 7, roles: ['100', '200'], activeRole: '200', claims: [] },
    tenant: 'tn',
    today: '2024-06-15',
    texts: TEXTS,
    ...overrides,
  };
}

export const CHOICES = [
  { id: 11, text: 'Eleven', sequence: 3 },
  { id: 12, text: 'Twelve', sequence: 1 },
  { id: 13, text: 'Thirteen', sequence: 2 },
  { id: 14, text: 'Hidden', sequence: 4, visible: false },
];
