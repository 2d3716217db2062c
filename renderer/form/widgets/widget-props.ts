import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { elementOptions, type ElementUiOptions, type RegistryFormContext, type RegistryFormData } from '../form-ui-options.js';

export type RegistryWidgetProps = WidgetProps<RegistryFormData, RJSFSchema, RegistryFormContext>;

const NO_OPTIONS: ElementUiOptions = {
  element: { id: 0, type: 'text', subtype: null, maxLength: null, source: null, allChoices: [], choiceGroups: [] },
  labelKind: 'label', width: 12, required: false, choices: [],
};

/** The element options of a widget (defaults when rendered outside a registry form schema). */
export function optionsOf(props: RegistryWidgetProps): ElementUiOptions {
  return elementOptions(props.options) ?? NO_OPTIONS;
}

/** rjsf's empty value: the key is left out of the form data. */
export function emptyToUndefined(value: string): string | undefined {
  return value === '' ? undefined : value;
}
