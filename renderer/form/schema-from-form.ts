import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { FLOAT_PATTERN, RICH_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../../engine/forms/field-checks.js';
import { isMultiValue } from '../../engine/forms/form-values.js';
import type { Choice, ElementType, Form, FormElement } from '../../engine/metadata/form-schema.js';
import type { ElementInfo, ElementUiSchema, LabelKind, RegistryFormData, RegistryFormContext } from './form-ui-options.js';

/*
 * A form's static JSON Schema and base uiSchema (DESIGN.md section 6): one property per element,
 * keyed by the element id. The schema never changes while the form is open; visibility,
 * required, read-only and the visible choices live in the uiSchema (ui-schema-from-state.ts).
 * The engine validates (resolveFormState), so the schema carries no `required` list; its
 * keywords document the shape of each value.
 */

/** Form width columns when an element sets none (spec part 9). */
export const DEFAULT_WIDTH = 12;

export type FormUiSchema = UiSchema<RegistryFormData, RJSFSchema, RegistryFormContext>;

export interface FormSchemas {
  schema: RJSFSchema;
  /** element ids (as property names) in display order */
  order: string[];
  /** the uiSchema of each element, by property name */
  elements: Record<string, ElementUiSchema>;
  /** the assembled base uiSchema: order, no rjsf submit button, the elements */
  uiSchema: FormUiSchema;
}

const CHOICE_TYPES = new Set<ElementType>(['dropdown', 'radio', 'checkbox']);

/** How each type is labelled: groups get fieldset/legend, the rich text editor aria-labelledby. */
export function labelKindOf(type: ElementType): LabelKind {
  switch (type) {
    case 'radio': case 'checkbox': return 'legend';
    case 'richtext': return 'labelledby';
    case 'hidden': return 'none';
    default: return 'label';
  }
}

/** The elements in display order: array order, or `sequence` where given (its index otherwise). */
export function displayOrder(form: Form): FormElement[] {
  return form.elements
    .map((element, index) => ({ element, key: element.sequence ?? index, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((x) => x.element);
}

function metadataChoices(element: FormElement): Choice[] {
  return (element.choices ?? []).filter((c) => c.visible !== false).sort((a, b) => a.sequence - b.sequence);
}

function textKeywords(element: FormElement): RJSFSchema {
  switch (element.type) {
    case 'text': {
      if (element.subtype === 'date') return { format: 'date' };
      if (element.subtype === 'datetime') return { format: 'date-time' };
      const pattern = element.regex ?? (element.subtype === 'float' ? FLOAT_PATTERN : undefined);
      return { maxLength: element.maxLength ?? TEXT_MAX_LENGTH, ...(pattern ? { pattern } : {}) };
    }
    case 'textarea': return { maxLength: element.maxLength ?? TEXT_MAX_LENGTH };
    case 'richtext': return { maxLength: element.maxLength ?? RICH_TEXT_MAX_LENGTH };
    default: return element.regex ? { pattern: element.regex } : {};
  }
}

/** The JSON Schema of one element's value. */
export function elementSchema(element: FormElement): RJSFSchema {
  const title = element.stimulus;
  const choiceIds = CHOICE_TYPES.has(element.type) && element.choices ? element.choices.map((c) => String(c.id)) : null;
  if (isMultiValue(element)) {
    return { type: 'array', title, uniqueItems: true, items: choiceIds ? { type: 'string', enum: choiceIds } : { type: 'string' } };
  }
  return { type: 'string', title, ...(choiceIds ? { enum: choiceIds } : textKeywords(element)) };
}

/** USWDS layout grid: full width on phones, the element's columns from tablet up. */
export function widthClass(width: number): string {
  return width >= DEFAULT_WIDTH ? 'grid-col-12' : `grid-col-12 tablet:grid-col-${width}`;
}

function elementInfo(element: FormElement): ElementInfo {
  return {
    id: element.id,
    type: element.type,
    subtype: element.subtype ?? null,
    maxLength: element.maxLength ?? null,
    source: element.source ?? null,
    allChoices: [...(element.choices ?? [])].sort((a, b) => a.sequence - b.sequence),
    choiceGroups: element.choiceGroups ?? [],
  };
}

/** The base uiSchema of one element, with its metadata flags as the starting rule state. */
export function elementUiSchema(element: FormElement): ElementUiSchema {
  const width = element.width ?? DEFAULT_WIDTH;
  const visible = element.visible ?? true;
  return {
    'ui:widget': element.type === 'hidden' || !visible ? 'hidden' : element.type,
    'ui:classNames': widthClass(width),
    ...(element.readOnly ? { 'ui:readonly': true } : {}),
    ...(element.tooltip ? { 'ui:help': element.tooltip } : {}),
    'ui:options': {
      element: elementInfo(element),
      labelKind: labelKindOf(element.type),
      width,
      required: visible && (element.required ?? false),
      choices: metadataChoices(element),
    },
  };
}

/** Puts the root options and the element uiSchemas together. */
export function assembleUiSchema(order: string[], elements: Record<string, ElementUiSchema>): FormUiSchema {
  return { 'ui:order': order, 'ui:submitButtonOptions': { norender: true }, ...elements };
}

/** The static schema and base uiSchema of a form. */
export function schemaFromForm(form: Form): FormSchemas {
  const ordered = displayOrder(form);
  const order = ordered.map((e) => String(e.id));
  const properties: Record<string, RJSFSchema> = {};
  const elements: Record<string, ElementUiSchema> = {};
  for (const element of ordered) {
    properties[String(element.id)] = elementSchema(element);
    elements[String(element.id)] = elementUiSchema(element);
  }
  const schema: RJSFSchema = { type: 'object', properties, additionalProperties: false };
  return { schema, order, elements, uiSchema: assembleUiSchema(order, elements) };
}
