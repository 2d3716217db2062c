import { errorId, helpId, type FieldErrorProps, type FieldHelpProps, type RJSFSchema } from '@rjsf/utils';
import type { RegistryFormContext, RegistryFormData } from '../form-ui-options.js';

/** The field's error message, referenced by the control's aria-describedby. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps<RegistryFormData, RJSFSchema, RegistryFormContext>) {
  const shown = (errors ?? []).filter((e) => e !== '');
  if (shown.length === 0) return null;
  return (
    <span className="usa-error-message" id={errorId(fieldPathId)}>
      {shown.map((e, i) => <span key={i} className="display-block">{e}</span>)}
    </span>
  );
}

/** The element's tooltip as a USWDS hint, referenced by the control's aria-describedby. */
export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps<RegistryFormData, RJSFSchema, RegistryFormContext>) {
  if (!help) return null;
  return <div className="usa-hint" id={helpId(fieldPathId)}>{help}</div>;
}
