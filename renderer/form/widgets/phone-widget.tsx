import { asText } from '../form-ui-options.js';
import { maskPhoneInput, phoneInputValue } from '../phone-mask.js';
import { controlAria } from './widget-aria.js';
import { emptyToUndefined, type RegistryWidgetProps } from './widget-props.js';

/** Phone with the (###) ###-#### mask; the masked text is the value (the engine checks 10 digits). */
export function PhoneWidget(props: RegistryWidgetProps) {
  const { id, value, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  return (
    <input id={id} name={id} className="usa-input usa-input--medium" type="tel" inputMode="numeric" placeholder="(###) ###-####"
      value={phoneInputValue(asText(value))} readOnly={readonly} disabled={disabled} autoFocus={autofocus}
      {...controlAria(props)}
      onChange={(e) => onChange(emptyToUndefined(maskPhoneInput(e.target.value)))}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
  );
}
