import { describe, expect, it } from 'vitest';
import { resolveFormState } from '../../../engine/forms/resolve-form-state.js';
import type { FormStateContext, FormValues } from '../../../engine/forms/form-types.js';
import type { FormElement } from '../../../engine/metadata/form-schema.js';
import { CHOICES, contextOf, element, formOf } from './form-fixtures.js';

interface Expected {
  visible?: boolean;
  required?: boolean;
  readOnly?: boolean;
  value?: string | string[] | null;
  choices?: number[];
}

interface RuleCase {
  name: string;
  elements: FormElement[];
  values?: FormValues;
  context?: Partial<FormStateContext>;
  expected: Record<number, Expected>;
  effects?: string[];
}

const SOURCE = element(205, 'text');
const when205 = (v: string): unknown => ({ '==': [{ var: 'values.205' }, v] });

const cases: RuleCase[] = [
  { name: 'metadata defaults', elements: [element(1, 'text')], expected: { 1: { visible: true, required: false, readOnly: false, value: null } } },
  { name: 'metadata flags', elements: [element(1, 'text', { visible: false, required: true, readOnly: true })], expected: { 1: { visible: false, required: false, readOnly: true } } },
  { name: 'show when condition holds', elements: [SOURCE, element(1, 'text', { visible: false, rules: [{ action: 'show', when: when205('yes') }] })], values: { 205: 'yes' }, expected: { 1: { visible: true } } },
  { name: 'show does not apply when condition fails', elements: [SOURCE, element(1, 'text', { visible: false, rules: [{ action: 'show', when: when205('yes') }] })], values: { 205: 'no' }, expected: { 1: { visible: false } } },
  { name: 'hide without condition', elements: [element(1, 'text', { rules: [{ action: 'hide' }] })], values: { 1: 'x' }, expected: { 1: { visible: false, value: null } } },
  { name: 'require', elements: [SOURCE, element(1, 'text', { rules: [{ action: 'require', when: when205('a') }] })], values: { 205: 'a' }, expected: { 1: { required: true } } },
  { name: 'unrequire', elements: [element(1, 'text', { required: true, rules: [{ action: 'unrequire' }] })], expected: { 1: { required: false } } },
  { name: 'makeReadOnly', elements: [element(1, 'text', { rules: [{ action: 'makeReadOnly' }] })], values: { 1: 'kept' }, expected: { 1: { readOnly: true, value: 'kept' } } },
  { name: 'makeNotReadOnly', elements: [element(1, 'text', { readOnly: true, rules: [{ action: 'makeNotReadOnly' }] })], expected: { 1: { readOnly: false } } },
  { name: 'later rule wins (hide then show)', elements: [element(1, 'text', { rules: [{ action: 'hide' }, { action: 'show' }] })], expected: { 1: { visible: true } } },
  { name: 'later rule wins (show then hide)', elements: [element(1, 'text', { rules: [{ action: 'show' }, { action: 'hide' }] })], expected: { 1: { visible: false } } },
  { name: 'later non-holding rule does not override', elements: [element(1, 'text', { rules: [{ action: 'require' }, { action: 'unrequire', when: false }] })], expected: { 1: { required: true } } },
  { name: 'populateFromParent', elements: [element(1, 'text', { rules: [{ action: 'populateFromParent', property: 'firstName' }] })], values: { 1: 'typed' }, context: { parent: { firstName: ' Ada ' } }, expected: { 1: { value: 'Ada' } } },
  { name: 'populateFromParent stringifies', elements: [element(1, 'text', { rules: [{ action: 'populateFromParent', property: 'years' }] })], context: { parent: { years: 12 } }, expected: { 1: { value: '12' } } },
  { name: 'populateFromParent missing property is null', elements: [element(1, 'text', { rules: [{ action: 'populateFromParent', property: 'nope' }] })], values: { 1: 'x' }, context: { parent: {} }, expected: { 1: { value: null } } },
  { name: 'setDefault constant on empty', elements: [element(1, 'text', { rules: [{ action: 'setDefault', value: 'Tennessee' }] })], expected: { 1: { value: 'Tennessee' } } },
  { name: 'setDefault keeps a value', elements: [element(1, 'text', { rules: [{ action: 'setDefault', value: 'Tennessee' }] })], values: { 1: 'Alabama' }, expected: { 1: { value: 'Alabama' } } },
  { name: 'setDefault json-logic (today)', elements: [element(1, 'text', { subtype: 'date', rules: [{ action: 'setDefault', value: { today: [] } }] })], expected: { 1: { value: '2024-06-15' } } },
  { name: 'setDefault on checkbox group', elements: [element(1, 'checkbox', { choices: CHOICES, rules: [{ action: 'setDefault', value: 12 }] })], expected: { 1: { value: ['12'] } } },
  { name: 'choices visible only, sorted by sequence', elements: [element(1, 'radio', { choices: CHOICES })], expected: { 1: { choices: [12, 13, 11] } } },
  { name: 'filterListChoices', elements: [element(1, 'radio', { choices: CHOICES, rules: [{ action: 'filterListChoices', choices: [11, 13] }] })], expected: { 1: { choices: [13, 11] } } },
  { name: 'filterListChoices intersect', elements: [element(1, 'radio', { choices: CHOICES, rules: [{ action: 'filterListChoices', choices: [11, 12, 13] }, { action: 'filterListChoices', choices: [11, 13] }, { action: 'filterListChoices', choices: [12], when: false }] })], expected: { 1: { choices: [13, 11] } } },
  { name: 'filterListChoices never offers a metadata-hidden choice', elements: [element(1, 'radio', { choices: CHOICES, rules: [{ action: 'filterListChoices', choices: [14, 11] }] })], expected: { 1: { choices: [11] } } },
  { name: 'dropdown single visible choice auto-selected', elements: [element(1, 'dropdown', { choices: CHOICES, rules: [{ action: 'filterListChoices', choices: [13] }] })], expected: { 1: { value: '13', choices: [13] } } },
  { name: 'dropdown with several choices not auto-selected', elements: [element(1, 'dropdown', { choices: CHOICES })], expected: { 1: { value: null } } },
  { name: 'radio single choice not auto-selected', elements: [element(1, 'radio', { choices: [CHOICES[0]!] })], expected: { 1: { value: null } } },
  { name: 'hidden dropdown is not auto-selected', elements: [element(1, 'dropdown', { visible: false, choices: [CHOICES[0]!] })], expected: { 1: { value: null } } },
  { name: 'hidden element cleared and not required', elements: [SOURCE, element(1, 'text', { required: true, rules: [{ action: 'hide', when: when205('no') }] })], values: { 205: 'no', 1: 'secret' }, expected: { 1: { visible: false, required: false, value: null } } },
  { name: 'depends on a checkbox group value (in)', elements: [element(205, 'checkbox', { choices: CHOICES }), element(1, 'text', { visible: false, rules: [{ action: 'show', when: { in: ['13', { var: 'values.205' }] } }] })], values: { 205: ['12', '13'] }, expected: { 1: { visible: true } } },
  { name: 'depends on value in a list', elements: [SOURCE, element(1, 'text', { visible: false, rules: [{ action: 'show', when: { in: [{ var: 'values.205' }, ['a', 'b']] } }] })], values: { 205: 'b' }, expected: { 1: { visible: true } } },
  { name: 'activeRole rule holds', elements: [element(1, 'text', { rules: [{ action: 'makeReadOnly', when: { activeRole: ['200'] } }] })], expected: { 1: { readOnly: true } } },
  { name: 'activeRole rule fails', elements: [element(1, 'text', { rules: [{ action: 'makeReadOnly', when: { activeRole: ['200'] } }] })], context: { user: { id: 7, roles: ['100'], activeRole: '100', claims: [] } }, expected: { 1: { readOnly: false } } },
  { name: 'activeRole compared by name', elements: [element(1, 'text', { rules: [{ action: 'hide', when: { '==': [{ activeRole: [] }, '400'] } }] })], context: { user: { id: 1, roles: ['400'], activeRole: '400', claims: [] } }, expected: { 1: { visible: false } } },
  { name: 'tenant rule (tn)', elements: [element(1, 'text', { rules: [{ action: 'require', when: { tenant: ['tn'] } }] })], expected: { 1: { required: true } } },
  { name: 'tenant rule (al)', elements: [element(1, 'text', { rules: [{ action: 'require', when: { tenant: ['tn'] } }] })], context: { tenant: 'al' }, expected: { 1: { required: false } } },
  { name: 'a default changes a later condition in the same pass', elements: [element(205, 'text', { rules: [{ action: 'setDefault', value: 'yes' }] }), element(1, 'text', { visible: false, rules: [{ action: 'show', when: when205('yes') }] })], expected: { 205: { value: 'yes' }, 1: { visible: true } } },
  { name: 'a default changes an earlier condition (second pass)', elements: [element(1, 'text', { visible: false, rules: [{ action: 'show', when: when205('yes') }] }), element(205, 'text', { rules: [{ action: 'setDefault', value: 'yes' }] })], expected: { 1: { visible: true } } },
  { name: 'hiding clears a value another rule reads', elements: [element(1, 'text', { rules: [{ action: 'require', when: when205('yes') }] }), element(205, 'text', { rules: [{ action: 'hide' }] })], values: { 205: 'yes' }, expected: { 1: { required: false }, 205: { value: null } } },
  { name: 'populated parent value feeds a condition', elements: [element(205, 'text', { rules: [{ action: 'populateFromParent', property: 'state' }] }), element(1, 'text', { rules: [{ action: 'hide', when: when205('AL') }] })], context: { parent: { state: 'AL' } }, values: { 1: 'x' }, expected: { 1: { visible: false, value: null } } },
  { name: 'values trimmed, blanks null', elements: [element(1, 'text'), element(2, 'text'), element(3, 'checkbox', { choices: CHOICES })], values: { 1: '  a b  ', 2: '   ', 3: [' 11 ', '', '  ', '12'] }, expected: { 1: { value: 'a b' }, 2: { value: null }, 3: { value: ['11', '12'] } } },
  { name: 'empty rich text is null', elements: [element(1, 'richtext')], values: { 1: '<p>&nbsp;</p>' }, expected: { 1: { value: null } } },
];

describe('resolveFormState: element rules', () => {
  it.each(cases)('$name', ({ elements, values, context, expected, effects }) => {
    const state = resolveFormState(formOf(...elements), values ?? {}, contextOf(context));
    for (const [id, want] of Object.entries(expected)) {
      const got = state.elements[Number(id)]!;
      if (want.visible !== undefined) expect(got.visible, 'visible').toBe(want.visible);
      if (want.required !== undefined) expect(got.required, 'required').toBe(want.required);
      if (want.readOnly !== undefined) expect(got.readOnly, 'readOnly').toBe(want.readOnly);
      if (want.value !== undefined) expect(state.values[Number(id)], 'value').toEqual(want.value);
      if (want.choices !== undefined) expect(got.choices?.map((c) => c.id), 'choices').toEqual(want.choices);
    }
    if (effects) expect(state.effects).toEqual(effects);
  });
});

describe('resolveFormState: effects', () => {
  it.each([
    { name: 'reject', rules: [{ action: 'reject' as const }], effects: ['reject'] },
    { name: 'verify', rules: [{ action: 'verify' as const }], effects: ['verify'] },
    { name: 'unverify', rules: [{ action: 'unverify' as const }], effects: ['unverify'] },
    { name: 'only holding rules, once each, in order', rules: [{ action: 'verify' as const, when: false }, { action: 'unverify' as const }, { action: 'reject' as const }, { action: 'unverify' as const }], effects: ['unverify', 'reject'] },
    { name: 'none', rules: [], effects: [] },
  ])('$name', ({ rules, effects }) => {
    const state = resolveFormState(formOf(element(1, 'text', { rules })), {}, contextOf());
    expect(state.effects).toEqual(effects);
  });
});

describe('resolveFormState: shape', () => {
  it('drops values of ids that are not elements of the form and stops oscillating rules', () => {
    const flip = element(1, 'text', { rules: [{ action: 'hide', when: { '==': [{ var: 'values.1' }, 'x'] } }, { action: 'setDefault', value: 'x' }] });
    const state = resolveFormState(formOf(flip, element(2, 'text')), { 2: 'b', 99: 'stray' }, contextOf());
    expect(Object.keys(state.values).sort()).toEqual(['1', '2']);
    expect(state.values[2]).toBe('b');
  });
});
