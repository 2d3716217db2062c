import { describe, expect, it } from 'vitest';
import { rowFromValues, valuesFromRow } from '../../../engine/forms/entity-values.js';
import type { FormValues } from '../../../engine/forms/form-types.js';
import { resolveFormState } from '../../../engine/forms/resolve-form-state.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import { loadRegistry } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from '../metadata/metadata-fixture.js';
import { CHOICES, contextOf, element, formOf, TEXTS } from './form-fixtures.js';

/*
 * The date logic, the fixed lists and the length messages of the registry's own form metadata
 * (issue 9): the same resolveFormState the browser and the server run. Today is 2024-06-15.
 */
const registry = loadRegistry(PROJECT_ROOT, 'tn').registry as Registry;
const texts = registry.texts;
const context = contextOf({ texts });
const errorsOf = (formId: number, values: FormValues) => resolveFormState(registry.forms.get(formId)!, values, context).errors;

const COMPLETED = '1';
const IN_PROGRESS = '2';

describe('form metadata: a completed degree is not graduated in the future (education, form 2)', () => {
  const base = { 2001: '6', 2002: 'Belmont University', 2005: '2020-08-20' };
  it.each([
    ['completed, graduated in the past', COMPLETED, '2024-05-10', null],
    ['completed, graduated today', COMPLETED, '2024-06-15', null],
    ['completed, graduation date tomorrow', COMPLETED, '2024-06-16', texts['form.graduationNotFuture']],
    ['completed, graduation date in 2030', COMPLETED, '2030-05-10', texts['form.graduationNotFuture']],
    ['in progress, expected graduation in 2030', IN_PROGRESS, '2030-05-10', null],
    ['in progress, no date', IN_PROGRESS, null, null],
  ])('%s', (_name, status, end, error) => {
    expect(errorsOf(2, { ...base, 2004: status, 2006: end })[2006] ?? null).toBe(error);
  });
});

describe('form metadata: an end is not before its start', () => {
  it.each([
    ['education graduation', 2, { 2001: '6', 2002: 'X', 2004: IN_PROGRESS }, 2005, 2006, 'form.endOnOrAfterStart', true],
    ['employment end', 6, { 6002: 'Acme', 6003: '1' }, 6004, 6005, 'form.endOnOrAfterStart', true],
    ['certification expiration', 5, { 5001: '1', 5002: 'CDA', 5003: 'Council' }, 5005, 5006, 'form.expirationAfterIssue', false],
    ['community service end', 3, { 3001: 'Food bank', 3002: 'Helper' }, 3003, 3004, 'form.endOnOrAfterStart', true],
    ['membership expiration', 4, { 4001: 'NAEYC', 4002: '1' }, 4004, 4005, 'form.expirationAfterMemberSince', false],
    ['alert end', 18, { 18001: 'Hi', 18002: 'There' }, 18004, 18005, 'form.endOnOrAfterStart', true],
  ] as const)('%s', (_name, formId, rest, start, end, key, sameDayAllowed) => {
    const at = (s: string, e: string) => errorsOf(formId, { ...rest, [start]: s, [end]: e })[end] ?? null;
    expect(at('2022-03-10', '2022-03-09')).toBe(texts[key]);
    expect(at('2022-03-10', '2022-03-10')).toBe(sameDayAllowed ? null : texts[key]);
    expect(at('2022-03-10', '2023-01-01')).toBeNull();
  });

  it.each([...registry.forms.values()].flatMap((f) => f.elements.flatMap((e) => (e.comparisons ?? []).map((c) => [f.name, e.stimulus, c.message ?? ''] as const))))(
    '%s, %s: the comparison message %s is a catalogue text', (_form, _element, key) => {
      expect(texts[key]).toBeTruthy();
    },
  );
});

describe('form metadata: State is a list (personal information, form 1)', () => {
  const user = registry.forms.get(1)!;
  const entity = registry.entities.get(user.entityTypeId)!;
  const tennessee = user.elements.find((e) => e.id === 1008)!.choices!.find((c) => c.value === 'TN')!;
  const NOT_A_STATE = 'State: select one of the listed values.';
  it.each([
    ['Te', NOT_A_STATE],
    ['TN', NOT_A_STATE],
    ['Tennessee', NOT_A_STATE],
    [String(tennessee.id), null],
  ])('state %s gives %s', (state, error) => {
    expect(errorsOf(1, { 1008: state })[1008] ?? null).toBe(error);
  });

  it('stores the two-letter code of the chosen state and shows it back as that choice', () => {
    expect(rowFromValues(user, entity, { 1008: String(tennessee.id) })).toMatchObject({ state: 'TN' });
    expect(valuesFromRow(user, entity, { state: 'TN' })[1008]).toBe(String(tennessee.id));
    expect(valuesFromRow(user, entity, { state: 'tn' })[1008]).toBe(String(tennessee.id)); // kept before the list, lower case
    expect(valuesFromRow(user, entity, { state: 'Te' })[1008]).toBeNull();
  });
});

describe('resolveFormState: conditional comparisons and catalogue messages', () => {
  const status = element(1, 'radio', { choices: CHOICES });
  const when = { '==': [{ var: 'values.1' }, '11'] };
  const dated = (message: string) => element(2, 'text', { subtype: 'date', comparisons: [{ operator: 'lessThanOrEqualTo', against: 'today', when, message }] });
  it.each([
    ['condition holds, date in the future', '11', '2024-07-01', 'form.graduationNotFuture', TEXTS['form.graduationNotFuture']],
    ['condition holds, date today', '11', '2024-06-15', 'form.graduationNotFuture', null],
    ['condition does not hold', '12', '2024-07-01', 'form.graduationNotFuture', null],
    ['condition on an empty element', null, '2024-07-01', 'form.graduationNotFuture', null],
    ['a message that is not a key is shown as written', '11', '2024-07-01', 'Not in the future.', 'Not in the future.'],
  ])('%s', (_name, choice, date, message, error) => {
    const state = resolveFormState(formOf(status, dated(message)), { 1: choice, 2: date }, contextOf());
    expect(state.errors[2] ?? null).toBe(error);
  });
});

describe('resolveFormState: an over-long value is refused with a message naming the field', () => {
  it.each([
    ['School or Institution', 2, 2002, 180],
    ['Address Line 1', 1, 1005, 200],
    ['Message', 29, 29003, 2000],
  ])('%s over %i characters', (label, formId, elementId, max) => {
    expect(errorsOf(formId, { [elementId]: 'a'.repeat(max + 1) })[elementId]).toBe(`${label} must be ${max} characters or fewer.`);
    expect(errorsOf(formId, { [elementId]: 'a'.repeat(max) })[elementId]).toBeUndefined();
  });
});
