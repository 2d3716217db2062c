import { getSubmitButtonOptions, type RJSFSchema, type SubmitButtonProps } from '@rjsf/utils';
import type { RegistryFormContext, RegistryFormData } from '../form-ui-options.js';

/** rjsf's own submit button, as a USWDS button (the form modal uses its footer button instead). */
export function SubmitButton({ uiSchema }: SubmitButtonProps<RegistryFormData, RJSFSchema, RegistryFormContext>) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return <button type="submit" className="usa-button" disabled={props?.disabled === true}>{submitText}</button>;
}
