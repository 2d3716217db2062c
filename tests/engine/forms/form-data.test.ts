import { describe, expect, it } from 'vitest';
import certificationForm from '../../../metadata/forms/certification.json';
import type { FormValue, FormValues } from '../../../engine/forms/form-types.js';
import { resolveFormState } from '../../../engine/forms/resolve-form-state.js';
import type { Form } from '../../../engine/metadata/form-schema.js';
import {
  changedElements, displayValues, elementResponses, fromFormData, preSubmissionItems, shownErrors, splitServerErrors,
  toErrorSchema, toFormData, valuesFromDefinition,
} from '../../../renderer/form/form-data.js';
import { CHOICES, contextOf, element, formOf } from './form-fixtures.js';

const TEXT = element(1, 'text', { required: true });
const BOXES = element(2, 'checkbox', { choices: CHOICES });
const PHONE = element(3, 'phone');
const FILES = element(4, 'fileupload', { subtype: 'multiple' });
const form = formOf(TEXT, BOXES, PHONE, FILES);

describe('values between the definition, rjsf and the engine', () => {
  it('reads value for single and multiValue for multi-valued elements of the definition', () => {
    expect(valuesFromDefinition(form, [
      { id: 1, value: 'Ada', multiValue: null }, { id: 2, value: null, multiValue: ['11'] }, { id: 9, value: 'not in form' },
    ])).toEqual({ 1: 'Ada', 2: ['11'] });
  });

  it.each<[string, FormValues, Record<string, unknown>]>([
    ['values keyed by element id', { 1: 'Ada', 2: ['11', '12'] }, { 1: 'Ada', 2: ['11', '12'] }],
    ['empty values left out', { 1: null, 2: undefined, 3: '' }, { 3: '' }],
  ])('toFormData: %s', (_name, values, expected) => {
    expect(toFormData(form, values)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown> | undefined, FormValues]>([
    ['strings and lists kept', { 1: ' Ada ', 2: ['11'] }, { 1: ' Ada ', 2: ['11'], 3: null, 4: null }],
    ['other shapes are empty', { 1: 5, 2: [1, '12'], 3: { a: 1 } }, { 1: null, 2: ['12'], 3: null, 4: null }],
    ['no data', undefined, { 1: null, 2: null, 3: null, 4: null }],
  ])('fromFormData: %s', (_name, data, expected) => {
    expect(fromFormData(form, data)).toEqual(expected);
  });
});

describe('displayValues: raw input unless the rules changed the value', () => {
  const dropdown = element(10, 'dropdown', { choices: [{ id: 5, text: 'Only', sequence: 1 }] });
  const hidden = element(11, 'text', { rules: [{ action: 'hide' }] });
  const rulesForm = formOf(TEXT, dropdown, hidden);

  it.each<[string, FormValues, Record<number, FormValue>]>([
    ['a trailing space while typing stays', { 1: 'Ada ' }, { 1: 'Ada ', 10: '5', 11: null }],
    ['the single dropdown choice is selected', {}, { 1: null, 10: '5', 11: null }],
    ['a hidden element is cleared', { 1: 'x', 11: 'secret' }, { 1: 'x', 10: '5', 11: null }],
    ['blank input stays as typed', { 1: '  ' }, { 1: '  ', 10: '5', 11: null }],
  ])('%s', (_name, raw, expected) => {
    const state = resolveFormState(rulesForm, raw, contextOf());
    expect(displayValues(rulesForm, raw, state.values)).toEqual(expected);
  });
});

describe('changedElements: what makes a form dirty', () => {
  it.each<[string, FormValues, FormValues, number[]]>([
    ['nothing changed', { 1: 'Ada' }, { 1: 'Ada' }, []],
    ['only whitespace around', { 1: 'Ada' }, { 1: ' Ada ' }, []],
    ['text changed', { 1: 'Ada' }, { 1: 'Grace' }, [1]],
    ['empty string equals nothing', {}, { 1: '' }, []],
    ['a box ticked', { 2: [] }, { 2: ['11'] }, [2]],
    ['phone punctuation only', { 3: '6155551234' }, { 3: '(615) 555-1234' }, []],
    ['phone digits changed', { 3: '6155551234' }, { 3: '(615) 555-1235' }, [3]],
    ['a file added', { 4: ['a.pdf'] }, { 4: ['a.pdf', 'b.pdf'] }, [4]],
  ])('%s', (_name, before, after, expected) => {
    expect(changedElements(form, before, after)).toEqual(expected);
  });
});

describe('shownErrors: on blur, on submit, from the server', () => {
  const hiddenRequired = element(5, 'text', { required: true, visible: false });
  const errorsForm = formOf(TEXT, element(6, 'text', { required: true }), hiddenRequired);
  const state = resolveFormState(errorsForm, {}, contextOf());
  const required = 'Please fill out this field';

  it.each<[string, number[], boolean, Record<number, string>, Record<number, string>]>([
    ['nothing before blur or submit', [], false, {}, {}],
    ['the blurred element only', [1], false, {}, { 1: required }],
    ['every error after a submit attempt', [], true, {}, { 1: required, 6: required }],
    ['the server message wins', [1], false, { 1: 'Taken.' }, { 1: 'Taken.' }],
    ['server errors show without blur', [], false, { 6: 'Too long.' }, { 6: 'Too long.' }],
    ['never on a hidden element', [5], true, { 5: 'x' }, { 1: required, 6: required }],
  ])('%s', (_name, touched, submitted, server, expected) => {
    expect(shownErrors(errorsForm, state, { touched: new Set(touched), submitted, server })).toEqual(expected);
  });

  it('builds rjsf extraErrors with form-level messages at the root', () => {
    expect(toErrorSchema({ 1: 'Bad' }, ['Whole form'])).toEqual({ 1: { __errors: ['Bad'] }, __errors: ['Whole form'] });
    expect(toErrorSchema({})).toEqual({});
  });

  it('splits the server errors map into element and other messages', () => {
    expect(splitServerErrors(form, { 1: 'Bad', entities: 'Wrong type', 99: 'Not here', x: '' }))
      .toEqual({ elements: { 1: 'Bad' }, other: ['Not here', 'Wrong type'] });
  });
});

describe('submission payloads', () => {
  it('answers every element: value for single, multiValue for multi-valued elements', () => {
    const state = resolveFormState(form, { 1: '  Ada  ', 2: ['11', '11'], 3: null }, contextOf());
    expect(elementResponses(form, state.values)).toEqual([
      { formElementId: 1, value: 'Ada' },
      { formElementId: 2, multiValue: ['11'] },
      { formElementId: 3, value: null },
      { formElementId: 4, multiValue: [] },
    ]);
  });

  it('sends each element named by a pre-submission check once', () => {
    const cert = certificationForm as Form;
    const withTwo: Form = { ...cert, preSubmissionValidations: [...(cert.preSubmissionValidations ?? []), { id: 'x', kind: 'rule', formElementIds: [5002, 424242], message: 'm', overridable: false }] };
    expect(preSubmissionItems(withTwo, { 5002: 'CDA', 5005: '2020-01-01' })).toEqual([
      { entityTypeId: 7, formElementId: 5002, value: 'CDA' },
      { entityTypeId: 7, formElementId: 5005, value: '2020-01-01' },
    ]);
    expect(preSubmissionItems(formOf(TEXT), { 1: 'x' })).toEqual([]);
  });
});
