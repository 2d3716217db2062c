import type { ChangeEvent } from 'react';
import type { BaseInputTemplateProps, RJSFSchema } from '@rjsf/utils';
import { asText, type RegistryFormContext, type RegistryFormData } from '../form-ui-options.js';
import { controlAria } from '../widgets/widget-aria.js';

/** A USWDS text input for any rjsf core widget that falls back on the base input. */
export function BaseInputTemplate(props: BaseInputTemplateProps<RegistryFormData, RJSFSchema, RegistryFormContext>) {
  const { id, htmlName, value, readonly, disabled, autofocus, placeholder, onChange, onChangeOverride, onBlur, onFocus, options, type } = props;
  const change = onChangeOverride ?? ((e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? options.emptyValue : e.target.value));
  return (
    <input className="usa-input" id={id} name={htmlName ?? id} type={typeof type === 'string' ? type : 'text'}
      value={asText(value)} readOnly={readonly} disabled={disabled} autoFocus={autofocus} placeholder={placeholder}
      {...controlAria(props)}
      onChange={change} onBlur={(e) => onBlur(id, e.target.value)} onFocus={(e) => onFocus(id, e.target.value)} />
  );
}
