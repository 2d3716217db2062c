import { describe, expect, it } from 'vitest';
import educationForm from '../../../metadata/forms/education.json';
import type { ElementState } from '../../../engine/forms/form-types.js';
import { resolveFormState } from '../../../engine/forms/resolve-form-state.js';
import type { ElementType, Form } from '../../../engine/metadata/form-schema.js';
import { schemaFromForm } from '../../../renderer/form/schema-from-form.js';
import { elementUiState, uiSchemaFromState } from '../../../renderer/form/ui-schema-from-state.js';
import { CHOICES, contextOf, element, formOf } from './form-fixtures.js';

interface StateCase {
  name: string;
  type?: ElementType;
  state: ElementState;
  readOnlyForm?: boolean;
  widget: string;
  readonly: boolean;
  required: boolean;
}

const visible = (extra: Partial<ElementState> = {}): ElementState => ({ visible: true, required: false, readOnly: false, ...extra });

const stateCases: StateCase[] = [
  { name: 'visible, optional, editable', state: visible(), widget: 'text', readonly: false, required: false },
  { name: 'required by a rule', state: visible({ required: true }), widget: 'text', readonly: false, required: true },
  { name: 'read-only by a rule', state: visible({ readOnly: true }), widget: 'text', readonly: true, required: false },
  { name: 'required and read-only', state: visible({ required: true, readOnly: true }), widget: 'text', readonly: true, required: true },
  { name: 'hidden: hidden widget, never required', state: { visible: false, required: false, readOnly: false }, widget: 'hidden', readonly: false, required: false },
  { name: 'view mode: read-only, no required marker', state: visible({ required: true }), readOnlyForm: true, widget: 'text', readonly: true, required: false },
  { name: 'view mode of a hidden element', state: { visible: false, required: false, readOnly: false }, readOnlyForm: true, widget: 'hidden', readonly: true, required: false },
  { name: 'the hidden type stays hidden', type: 'hidden', state: visible({ required: true }), widget: 'hidden', readonly: false, required: false },
  { name: 'a shown dropdown', type: 'dropdown', state: visible(), widget: 'dropdown', readonly: false, required: false },
  { name: 'a hidden checkbox group', type: 'checkbox', state: { visible: false, required: false, readOnly: false }, widget: 'hidden', readonly: false, required: false },
  { name: 'a required rich text', type: 'richtext', state: visible({ required: true }), widget: 'richtext', readonly: false, required: true },
];

describe('uiSchemaFromState: the live rule state drives the uiSchema', () => {
  it.each(stateCases)('$name', ({ type = 'text', state, readOnlyForm = false, widget, readonly, required }) => {
    const { elements } = schemaFromForm(formOf(element(1, type)));
    const ui = elementUiState(elements['1']!, state, { readOnly: readOnlyForm });
    expect(ui['ui:widget']).toBe(widget);
    expect(ui['ui:readonly']).toBe(readonly);
    expect(ui['ui:options'].required).toBe(required);
  });

  it.each<[string, number[] | undefined, number[]]>([
    ['the visible choices of the state', [13, 11], [13, 11]],
    ['the metadata choices without state choices', undefined, [12, 13, 11]],
    ['no choice left', [], []],
  ])('choices: %s', (_name, ids, expected) => {
    const { elements } = schemaFromForm(formOf(element(1, 'dropdown', { choices: CHOICES })));
    const choices = ids?.map((id) => CHOICES.find((c) => c.id === id)!);
    const ui = elementUiState(elements['1']!, visible(choices ? { choices } : {}), { readOnly: false });
    expect(ui['ui:options'].choices.map((c) => c.id)).toEqual(expected);
  });

  it('keeps the base of an element without state (read-only on a read-only form)', () => {
    const { elements } = schemaFromForm(formOf(element(1, 'text')));
    expect(elementUiState(elements['1']!, undefined, { readOnly: false })).toEqual(elements['1']);
    expect(elementUiState(elements['1']!, undefined, { readOnly: true })['ui:readonly']).toBe(true);
  });

  it('keeps the order and the static parts', () => {
    const form = formOf(element(2, 'text', { width: 4, tooltip: 'Hint' }), element(1, 'phone'));
    const schemas = schemaFromForm(form);
    const ui = uiSchemaFromState(schemas, resolveFormState(form, {}, contextOf()), { readOnly: false });
    expect(ui['ui:order']).toEqual(['2', '1']);
    expect(ui['ui:submitButtonOptions']).toEqual({ norender: true });
    expect(ui['2']).toMatchObject({ 'ui:classNames': 'grid-col-12 tablet:grid-col-4', 'ui:help': 'Hint' });
  });
});

describe('the education form through the engine', () => {
  const form = educationForm as Form;
  const schemas = schemaFromForm(form);
  const ui = (values: Record<number, string>, readOnly = false) => uiSchemaFromState(schemas, resolveFormState(form, values, contextOf()), { readOnly });

  it.each<[string, Record<number, string>, string, string, boolean]>([
    ['major shown for a degree', { 2001: '6' }, '2003', 'text', false],
    ['major hidden below college', { 2001: '2' }, '2003', 'hidden', false],
    ['credit hours hidden by metadata', { 2001: '6' }, '2007', 'hidden', false],
    ['credit hours shown for some college', { 2001: '3' }, '2007', 'text', false],
    ['end date optional while in progress', { 2004: '2' }, '2006', 'text', false],
    ['end date required once completed', { 2004: '1' }, '2006', 'text', true],
    ['level required', {}, '2001', 'dropdown', true],
  ])('%s', (_name, values, id, widget, required) => {
    const element = ui(values)[id];
    expect(element['ui:widget']).toBe(widget);
    expect(element['ui:options'].required).toBe(required);
  });

  it('view mode makes every element read-only without required markers', () => {
    const view = ui({ 2004: '1' }, true);
    for (const id of schemas.order) {
      expect(view[id]['ui:readonly']).toBe(true);
      expect(view[id]['ui:options'].required).toBe(false);
    }
  });
});
