import type { FormState } from '../../engine/forms/form-types.js';
import type { ElementUiSchema } from './form-ui-options.js';
import { assembleUiSchema, type FormSchemas, type FormUiSchema } from './schema-from-form.js';

/** How the whole form is shown, beyond the rule state of each element. */
export interface FormView {
  /** view mode, or a record the caller may not change: every element read-only, no required markers */
  readOnly: boolean;
}

/**
 * One element's uiSchema for its live rule state: a hidden element (or a `hidden` type) gets
 * the hidden widget and is not rendered; read-only comes from the rules or the whole form;
 * the required marker follows the rules (never on a read-only form); choices are the visible ones.
 */
export function elementUiState(
  base: ElementUiSchema, state: FormState['elements'][number] | undefined, view: FormView,
): ElementUiSchema {
  if (!state) return view.readOnly ? { ...base, 'ui:readonly': true } : base;
  const options = base['ui:options'];
  const shown = state.visible && options.element.type !== 'hidden';
  return {
    ...base,
    'ui:widget': shown ? options.element.type : 'hidden',
    'ui:readonly': view.readOnly || state.readOnly,
    'ui:options': {
      ...options,
      required: shown && state.required && !view.readOnly,
      choices: state.choices ?? options.choices,
    },
  };
}

/** The uiSchema of the whole form for a resolveFormState result. Pure: called on every change. */
export function uiSchemaFromState(schemas: FormSchemas, state: Pick<FormState, 'elements'>, view: FormView): FormUiSchema {
  const elements: Record<string, ElementUiSchema> = {};
  for (const key of schemas.order) {
    const base = schemas.elements[key];
    if (base) elements[key] = elementUiState(base, state.elements[Number(key)], view);
  }
  return assembleUiSchema(schemas.order, elements);
}
