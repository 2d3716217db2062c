import { describe, expect, it } from 'vitest';
import { resolveFormState } from '../../../engine/forms/resolve-form-state.js';
import type { FormValues } from '../../../engine/forms/form-types.js';
import type { FormElement } from '../../../engine/metadata/form-schema.js';
import { CHOICES, contextOf, element, formOf, TEXTS } from './form-fixtures.js';

const REQUIRED = TEXTS['form.required']!;
const INVALID = TEXTS['form.invalid']!;
const DATE = TEXTS['form.date']!;
const NOT_A_CHOICE = TEXTS['form.notAChoice']!.replace('{field}', 'Element 1');
const DATE_TIME = TEXTS['form.dateTime']!;
const PHONE = TEXTS['form.phoneDigits']!;
const maxLength = (max: number): string => TEXTS['form.maxLength']!.replace('{max}', String(max)).replace('{field}', 'Element 1');

interface ValidationCase {
  name: string;
  element: FormElement;
  value: string | string[] | null;
  error: string | null;
}

const text = (extra: Partial<FormElement> = {}): FormElement => element(1, 'text', extra);
const date = (extra: Partial<FormElement> = {}): FormElement => text({ subtype: 'date', ...extra });
const compared = (against: NonNullable<FormElement['comparisons']>[number]['against'], operator: NonNullable<FormElement['comparisons']>[number]['operator'], message?: string): FormElement =>
  date({ comparisons: [{ operator, against, ...(message ? { message } : {}) }] });

const cases: ValidationCase[] = [
  // required
  { name: 'required text empty', element: text({ required: true }), value: '  ', error: REQUIRED },
  { name: 'required text with warningMessage', element: text({ required: true, warningMessage: 'Enter your name' }), value: null, error: 'Enter your name' },
  { name: 'required text filled', element: text({ required: true }), value: 'x', error: null },
  { name: 'optional text empty', element: text(), value: null, error: null },
  { name: 'required checkbox group', element: element(1, 'checkbox', { required: true, choices: CHOICES }), value: [], error: TEXTS['form.checkboxRequired']! },
  { name: 'required checkbox group with blanks only', element: element(1, 'checkbox', { required: true, choices: CHOICES }), value: [' '], error: TEXTS['form.checkboxRequired']! },
  { name: 'required checkbox group filled', element: element(1, 'checkbox', { required: true, choices: CHOICES }), value: ['11'], error: null },
  { name: 'required file', element: element(1, 'fileupload', { required: true }), value: null, error: TEXTS['form.fileRequired']! },
  { name: 'required file with warningMessage', element: element(1, 'fileupload', { required: true, warningMessage: 'Attach the certificate' }), value: null, error: 'Attach the certificate' },
  { name: 'required multiple files', element: element(1, 'fileupload', { subtype: 'multiple', required: true }), value: [], error: TEXTS['form.fileRequired']! },
  { name: 'required rich text empty markup', element: element(1, 'richtext', { required: true }), value: '<p> </p>', error: REQUIRED },
  { name: 'required rich text filled', element: element(1, 'richtext', { required: true }), value: '<p>Hi</p>', error: null },
  { name: 'hidden required element not validated', element: text({ required: true, visible: false }), value: null, error: null },
  { name: 'read-only element still validated', element: text({ required: true, readOnly: true }), value: null, error: REQUIRED },
  // max length
  { name: 'text 180 characters', element: text(), value: 'a'.repeat(180), error: null },
  { name: 'text 181 characters', element: text(), value: 'a'.repeat(181), error: maxLength(180) },
  { name: 'text counts characters not UTF-16 units', element: text(), value: '\u{1F600}'.repeat(180), error: null },
  { name: 'textarea default 180', element: element(1, 'textarea'), value: 'a'.repeat(181), error: maxLength(180) },
  { name: 'custom max length ok', element: text({ maxLength: 10 }), value: 'a'.repeat(10), error: null },
  { name: 'custom max length exceeded', element: text({ maxLength: 10 }), value: 'a'.repeat(11), error: maxLength(10) },
  { name: 'custom max length above default', element: text({ maxLength: 500 }), value: 'a'.repeat(400), error: null },
  { name: 'trimmed before length check', element: text({ maxLength: 3 }), value: '  abc  ', error: null },
  { name: 'rich text exempt from 180', element: element(1, 'richtext'), value: `<p>${'a'.repeat(1000)}</p>`, error: null },
  { name: 'rich text limit 10000 with markup', element: element(1, 'richtext'), value: `<p>${'a'.repeat(9994)}</p>`, error: maxLength(10000) },
  // dates
  { name: 'date 1899-12-31', element: date(), value: '1899-12-31', error: DATE },
  { name: 'date 1900-01-01', element: date(), value: '1900-01-01', error: null },
  { name: 'date 2200-12-31', element: date(), value: '2200-12-31', error: null },
  { name: 'date 2201-01-01', element: date(), value: '2201-01-01', error: DATE },
  { name: 'date 2023-02-30', element: date(), value: '2023-02-30', error: DATE },
  { name: 'date 2024-02-29 (leap)', element: date(), value: '2024-02-29', error: null },
  { name: 'date 2023-13-01', element: date(), value: '2023-13-01', error: DATE },
  { name: 'date en-US format rejected', element: date(), value: '06/15/2024', error: DATE },
  { name: 'date with trailing text', element: date(), value: '2024-06-15x', error: DATE },
  { name: 'datetime ok', element: text({ subtype: 'datetime' }), value: '2024-06-15T13:45:00Z', error: null },
  { name: 'datetime with offset and fraction', element: text({ subtype: 'datetime' }), value: '2024-06-15T13:45:00.123-05:00', error: null },
  { name: 'datetime without seconds', element: text({ subtype: 'datetime' }), value: '2024-06-15T13:45', error: null },
  { name: 'datetime bad hour', element: text({ subtype: 'datetime' }), value: '2024-06-15T24:00:00Z', error: DATE_TIME },
  { name: 'datetime date only', element: text({ subtype: 'datetime' }), value: '2024-06-15', error: DATE_TIME },
  { name: 'datetime out of range', element: text({ subtype: 'datetime' }), value: '1899-12-31T23:59:59Z', error: DATE_TIME },
  { name: 'datetime invalid day', element: text({ subtype: 'datetime' }), value: '2023-02-30T10:00:00Z', error: DATE_TIME },
  // float and regex
  { name: 'float integer', element: text({ subtype: 'float' }), value: '42', error: null },
  { name: 'float negative decimal', element: text({ subtype: 'float' }), value: '-3.25', error: null },
  { name: 'float letters', element: text({ subtype: 'float' }), value: '3.2a', error: INVALID },
  { name: 'float trailing dot', element: text({ subtype: 'float' }), value: '3.', error: INVALID },
  { name: 'float with warningMessage', element: text({ subtype: 'float', warningMessage: 'Enter hours' }), value: 'x', error: 'Enter hours' },
  { name: 'float with own regex', element: text({ subtype: 'float', regex: '\\d+,\\d+' }), value: '3,5', error: null },
  { name: 'regex matches whole value', element: text({ regex: '[A-Z]{2}' }), value: 'TN', error: null },
  { name: 'regex partial match fails', element: text({ regex: '[A-Z]{2}' }), value: 'TNX', error: INVALID },
  { name: 'regex alternation is anchored', element: text({ regex: 'a|b' }), value: 'ab', error: INVALID },
  { name: 'regex with warningMessage', element: text({ regex: '\\d{5}', warningMessage: 'Zip code must have 5 digits' }), value: '123', error: 'Zip code must have 5 digits' },
  { name: 'regex that does not compile fails closed', element: text({ regex: '([' }), value: 'x', error: INVALID },
  // phone
  { name: 'phone 10 digits', element: element(1, 'phone'), value: '6155551234', error: null },
  { name: 'phone with punctuation', element: element(1, 'phone'), value: '(615) 555-1234', error: null },
  { name: 'phone with dots and spaces', element: element(1, 'phone'), value: '615.555 1234', error: null },
  { name: 'phone 9 digits', element: element(1, 'phone'), value: '(615) 555-123', error: PHONE },
  { name: 'phone 11 digits', element: element(1, 'phone'), value: '1-615-555-1234', error: PHONE },
  { name: 'phone with letters', element: element(1, 'phone'), value: '615555123x', error: PHONE },
  // choices
  { name: 'dropdown value among choices', element: element(1, 'dropdown', { choices: CHOICES }), value: '12', error: null },
  { name: 'dropdown value not a choice', element: element(1, 'dropdown', { choices: CHOICES }), value: '99', error: NOT_A_CHOICE },
  { name: 'dropdown value of a metadata-hidden choice', element: element(1, 'dropdown', { choices: CHOICES }), value: '14', error: NOT_A_CHOICE },
  { name: 'radio value filtered out', element: element(1, 'radio', { choices: CHOICES, rules: [{ action: 'filterListChoices', choices: [11, 12] }] }), value: '13', error: NOT_A_CHOICE },
  { name: 'checkbox entry not a choice', element: element(1, 'checkbox', { choices: CHOICES }), value: ['11', '99'], error: NOT_A_CHOICE },
  { name: 'list for a single-valued element', element: text(), value: ['a', 'b'], error: INVALID },
  // comparisons (today is 2024-06-15)
  { name: 'greaterThan today fails on today', element: compared('today', 'greaterThan'), value: '2024-06-15', error: INVALID },
  { name: 'greaterThan today passes tomorrow', element: compared('today', 'greaterThan'), value: '2024-06-16', error: null },
  { name: 'lessThanOrEqualTo today passes today', element: compared('today', 'lessThanOrEqualTo'), value: '2024-06-15', error: null },
  { name: 'lessThanOrEqualTo today custom message', element: compared('today', 'lessThanOrEqualTo', 'Date cannot be in the future'), value: '2024-06-16', error: 'Date cannot be in the future' },
  { name: 'lessThan yesterday fails on yesterday', element: compared('yesterday', 'lessThan'), value: '2024-06-14', error: INVALID },
  { name: 'lessThan yesterday passes', element: compared('yesterday', 'lessThan'), value: '2024-06-13', error: null },
  { name: 'greaterThanOrEqualTo tomorrow passes', element: compared('tomorrow', 'greaterThanOrEqualTo'), value: '2024-06-16', error: null },
  { name: 'greaterThanOrEqualTo tomorrow fails', element: compared('tomorrow', 'greaterThanOrEqualTo', 'Must start tomorrow or later'), value: '2024-06-15', error: 'Must start tomorrow or later' },
  { name: 'fixed date passes', element: compared({ date: '2000-01-01' }, 'greaterThan'), value: '2000-01-02', error: null },
  { name: 'fixed date fails', element: compared({ date: '2000-01-01' }, 'greaterThan'), value: '2000-01-01', error: INVALID },
  { name: 'comparison checked after date validity', element: compared('today', 'greaterThan'), value: '2023-02-30', error: DATE },
];

describe('resolveFormState: field validation', () => {
  it.each(cases)('$name', ({ element: el, value, error }) => {
    const state = resolveFormState(formOf(el), { 1: value }, contextOf());
    expect(state.errors[1] ?? null).toBe(error);
  });
});

describe('resolveFormState: comparison against another element', () => {
  const start = element(2, 'text', { subtype: 'date' });
  const end = (message?: string): FormElement => element(3, 'text', { subtype: 'date', comparisons: [{ operator: 'greaterThanOrEqualTo', against: { element: 2 }, ...(message ? { message } : {}) }] });
  it.each([
    { name: 'after the other', values: { 2: '2024-01-01', 3: '2024-02-01' }, error: null },
    { name: 'same day', values: { 2: '2024-01-01', 3: '2024-01-01' }, error: null },
    { name: 'before the other, default message', values: { 2: '2024-02-01', 3: '2024-01-01' }, error: INVALID },
    { name: 'before the other, custom message', values: { 2: '2024-02-01', 3: '2024-01-01' }, message: 'End date must be after start date', error: 'End date must be after start date' },
    { name: 'other empty: skipped', values: { 3: '2024-01-01' }, error: null },
    { name: 'other hidden: skipped', values: { 2: '2024-02-01', 3: '2024-01-01' }, hideStart: true, error: null },
    { name: 'other not a date: skipped', values: { 2: 'soon', 3: '2024-01-01' }, error: null },
  ] as { name: string; values: FormValues; message?: string; hideStart?: boolean; error: string | null }[])('$name', ({ values, message, hideStart, error }) => {
    const form = formOf(hideStart ? { ...start, visible: false } : start, end(message));
    expect(resolveFormState(form, values, contextOf()).errors[3] ?? null).toBe(error);
  });
});

describe('resolveFormState: errors', () => {
  it('reports one message per element and none for a valid form', () => {
    const form = formOf(element(1, 'text', { required: true }), element(2, 'phone', { required: true }), element(3, 'text'));
    expect(resolveFormState(form, { 2: '123' }, contextOf()).errors).toEqual({ 1: REQUIRED, 2: PHONE });
    expect(resolveFormState(form, { 1: 'a', 2: '6155551234' }, contextOf()).errors).toEqual({});
  });

  it('fills placeholders and falls back to the key for a missing text', () => {
    const state = resolveFormState(formOf(element(1, 'text', { required: true })), {}, contextOf({ texts: {} }));
    expect(state.errors[1]).toBe('form.required');
  });
});
