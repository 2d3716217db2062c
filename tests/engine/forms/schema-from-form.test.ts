import { describe, expect, it } from 'vitest';
import awardForm from '../../../metadata/forms/award.json';
import certificationForm from '../../../metadata/forms/certification.json';
import educationForm from '../../../metadata/forms/education.json';
import { FLOAT_PATTERN, RICH_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../../../engine/forms/field-checks.js';
import { ELEMENT_TYPES, type ElementType, type Form, type FormElement } from '../../../engine/metadata/form-schema.js';
import { asList, asText, elementIdOf, elementOptions, widgetIdOf } from '../../../renderer/form/form-ui-options.js';
import {
  DEFAULT_WIDTH, displayOrder, elementSchema, elementUiSchema, labelKindOf, schemaFromForm, widthClass,
} from '../../../renderer/form/schema-from-form.js';
import { CHOICES, element, formOf } from './form-fixtures.js';

interface TypeCase {
  type: ElementType;
  subtype?: string;
  schemaType: 'string' | 'array';
  label: 'label' | 'legend' | 'labelledby' | 'none';
  widget: string;
}

const typeCases: TypeCase[] = [
  { type: 'text', schemaType: 'string', label: 'label', widget: 'text' },
  { type: 'text', subtype: 'date', schemaType: 'string', label: 'label', widget: 'text' },
  { type: 'text', subtype: 'datetime', schemaType: 'string', label: 'label', widget: 'text' },
  { type: 'text', subtype: 'float', schemaType: 'string', label: 'label', widget: 'text' },
  { type: 'checkbox', subtype: 'vertical', schemaType: 'array', label: 'legend', widget: 'checkbox' },
  { type: 'checkbox', subtype: 'horizontal', schemaType: 'array', label: 'legend', widget: 'checkbox' },
  { type: 'dropdown', schemaType: 'string', label: 'label', widget: 'dropdown' },
  { type: 'phone', schemaType: 'string', label: 'label', widget: 'phone' },
  { type: 'autocomplete', schemaType: 'string', label: 'label', widget: 'autocomplete' },
  { type: 'fileupload', subtype: 'single', schemaType: 'string', label: 'label', widget: 'fileupload' },
  { type: 'fileupload', subtype: 'multiple', schemaType: 'array', label: 'label', widget: 'fileupload' },
  { type: 'fileupload', subtype: 'certificate', schemaType: 'string', label: 'label', widget: 'fileupload' },
  { type: 'radio', subtype: 'vertical', schemaType: 'string', label: 'legend', widget: 'radio' },
  { type: 'radio', subtype: 'horizontal', schemaType: 'string', label: 'legend', widget: 'radio' },
  { type: 'textarea', schemaType: 'string', label: 'label', widget: 'textarea' },
  { type: 'hidden', schemaType: 'string', label: 'none', widget: 'hidden' },
  { type: 'richtext', schemaType: 'string', label: 'labelledby', widget: 'richtext' },
  { type: 'richtext', subtype: 'hyperlinksallowed', schemaType: 'string', label: 'labelledby', widget: 'richtext' },
  { type: 'entitycrossreference', schemaType: 'string', label: 'label', widget: 'entitycrossreference' },
  { type: 'entitypropertycrossreference', schemaType: 'string', label: 'label', widget: 'entitypropertycrossreference' },
  { type: 'trainingpropertydisplay', schemaType: 'string', label: 'label', widget: 'trainingpropertydisplay' },
];

describe('schemaFromForm: one property per element', () => {
  it('covers every element type of the spec', () => {
    expect(new Set(typeCases.map((c) => c.type))).toEqual(new Set(ELEMENT_TYPES));
  });

  it.each(typeCases)('$type $subtype: $schemaType value, $label label, widget $widget', ({ type, subtype, schemaType, label, widget }) => {
    const e = element(7, type, { ...(subtype ? { subtype } : {}), stimulus: 'Question' });
    const { schema, uiSchema, elements } = schemaFromForm(formOf(e));
    expect(schema.properties?.['7']).toMatchObject({ type: schemaType, title: 'Question' });
    expect(elements['7']!['ui:widget']).toBe(widget);
    expect(elements['7']!['ui:options']).toMatchObject({ labelKind: label, element: { id: 7, type, subtype: subtype ?? null } });
    expect(labelKindOf(type)).toBe(label);
    expect(uiSchema['7']).toEqual(elements['7']);
  });

  it.each<[string, Partial<FormElement>, ElementType, Record<string, unknown>]>([
    ['text defaults to 180 characters', {}, 'text', { maxLength: TEXT_MAX_LENGTH }],
    ['text keeps its own maxLength', { maxLength: 60 }, 'text', { maxLength: 60 }],
    ['textarea defaults to 180 characters', {}, 'textarea', { maxLength: TEXT_MAX_LENGTH }],
    ['rich text is exempt from 180', {}, 'richtext', { maxLength: RICH_TEXT_MAX_LENGTH }],
    ['date', { subtype: 'date' }, 'text', { format: 'date' }],
    ['datetime', { subtype: 'datetime' }, 'text', { format: 'date-time' }],
    ['float pattern', { subtype: 'float' }, 'text', { pattern: FLOAT_PATTERN }],
    ['own regex', { regex: '[A-Z]+' }, 'text', { pattern: '[A-Z]+' }],
    ['dropdown choice ids', { choices: CHOICES }, 'dropdown', { enum: ['11', '12', '13', '14'] }],
    ['radio choice ids', { choices: CHOICES }, 'radio', { enum: ['11', '12', '13', '14'] }],
    ['checkbox list of choice ids', { choices: CHOICES }, 'checkbox', { uniqueItems: true, items: { type: 'string', enum: ['11', '12', '13', '14'] } }],
    ['multiple files: list of names', { subtype: 'multiple' }, 'fileupload', { items: { type: 'string' } }],
  ])('schema keywords: %s', (_name, extra, type, keywords) => {
    expect(elementSchema(element(1, type, extra))).toMatchObject(keywords);
  });

  it.each<[string, Partial<FormElement>, Record<string, unknown>]>([
    ['defaults', {}, { 'ui:widget': 'text', 'ui:classNames': 'grid-col-12', 'ui:options': { width: DEFAULT_WIDTH, required: false, choices: [] } }],
    ['required', { required: true }, { 'ui:options': { required: true } }],
    ['hidden by metadata: hidden widget, not required', { visible: false, required: true }, { 'ui:widget': 'hidden', 'ui:options': { required: false } }],
    ['read-only by metadata', { readOnly: true }, { 'ui:readonly': true }],
    ['width 6', { width: 6 }, { 'ui:classNames': 'grid-col-12 tablet:grid-col-6', 'ui:options': { width: 6 } }],
    ['tooltip as hint', { tooltip: 'As on the diploma' }, { 'ui:help': 'As on the diploma' }],
  ])('base uiSchema: %s', (_name, extra, expected) => {
    expect(elementUiSchema(element(1, 'text', extra))).toMatchObject(expected);
  });

  it('lists the visible choices by sequence; keeps every choice for held values', () => {
    const options = elementUiSchema(element(1, 'dropdown', { choices: CHOICES }))['ui:options'];
    expect(options.choices.map((c) => c.id)).toEqual([12, 13, 11]);
    expect(options.element.allChoices.map((c) => c.id)).toEqual([12, 13, 11, 14]);
  });

  it('keeps the choice groups for the dropdown', () => {
    const groups = [{ groupName: 'Degrees', firstChoiceSequence: 2 }];
    expect(elementUiSchema(element(1, 'dropdown', { choices: CHOICES, choiceGroups: groups }))['ui:options'].element.choiceGroups).toEqual(groups);
  });

  it.each([[1, 'grid-col-12 tablet:grid-col-1'], [4, 'grid-col-12 tablet:grid-col-4'], [11, 'grid-col-12 tablet:grid-col-11'], [12, 'grid-col-12']])(
    'width %i is %s', (width, expected) => expect(widthClass(width)).toBe(expected),
  );

  it.each<[string, FormElement[], number[]]>([
    ['array order', [element(3, 'text'), element(1, 'text'), element(2, 'text')], [3, 1, 2]],
    ['sequence where given', [element(3, 'text', { sequence: 2 }), element(1, 'text', { sequence: 0 }), element(2, 'text', { sequence: 1 })], [1, 2, 3]],
    ['index stands in for a missing sequence', [element(3, 'text', { sequence: 5 }), element(1, 'text')], [1, 3]],
  ])('display order: %s', (_name, elements, expected) => {
    const form = formOf(...elements);
    expect(displayOrder(form).map((e) => e.id)).toEqual(expected);
    expect(schemaFromForm(form).uiSchema['ui:order']).toEqual(expected.map(String));
  });

  it('has no required list (the engine decides) and no rjsf submit button', () => {
    const { schema, uiSchema } = schemaFromForm(formOf(element(1, 'text', { required: true })));
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schema.required).toBeUndefined();
    expect(uiSchema['ui:submitButtonOptions']).toEqual({ norender: true });
  });

  it.each<[string, Form]>([
    ['education', educationForm as Form], ['certification', certificationForm as Form], ['award', awardForm as Form],
  ])('the %s form: a property and a uiSchema per element', (_name, form) => {
    const { schema, order, elements } = schemaFromForm(form);
    const ids = form.elements.map((e) => String(e.id));
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual([...ids].sort());
    expect(order).toEqual(ids);
    for (const id of ids) expect(elementOptions(elements[id]!['ui:options'])?.element.id).toBe(Number(id));
  });
});

describe('element ids in the page', () => {
  it.each([[2001, 'element-2001'], [5, 'element-5']])('element %i is %s and back', (id, widgetId) => {
    expect(widgetIdOf(id)).toBe(widgetId);
    expect(elementIdOf(widgetId)).toBe(id);
  });

  it.each(['element', 'element-', 'element-2001-3', 'root_2001', ''])('%j is not an element widget id', (id) => {
    expect(elementIdOf(id)).toBeNull();
  });
});

describe('widget values', () => {
  it.each<[unknown, string, string[]]>([
    ['Ada', 'Ada', ['Ada']], ['', '', []], [5, '5', []], [null, '', []], [undefined, '', []],
    [['1', 2, '3'], '', ['1', '3']], [{ a: 1 }, '', []],
  ])('%j reads as text %j and list %j', (value, text, list) => {
    expect(asText(value)).toBe(text);
    expect(asList(value)).toEqual(list);
  });

  it.each<[object | undefined, boolean]>([[undefined, false], [{}, false], [{ element: {} }, false], [{ element: {}, labelKind: 'label' }, true]])(
    'options %j are element options: %s', (options, expected) => expect(elementOptions(options) !== null).toBe(expected),
  );
});
