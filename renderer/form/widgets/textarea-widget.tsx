import { TEXT_MAX_LENGTH } from '../../../engine/forms/field-checks.js';
import { asText } from '../form-ui-options.js';
import { controlAria } from './widget-aria.js';
import { emptyToUndefined, optionsOf, type RegistryWidgetProps } from './widget-props.js';

/** Textarea rows (spec part 9). */
export const TEXTAREA_ROWS = 5;

export function TextareaWidget(props: RegistryWidgetProps) {
  const { id, value, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  const { element } = optionsOf(props);
  return (
    <textarea id={id} name={id} className="usa-textarea registry-textarea" rows={TEXTAREA_ROWS} value={asText(value)}
      maxLength={element.maxLength ?? TEXT_MAX_LENGTH} readOnly={readonly} disabled={disabled} autoFocus={autofocus}
      {...controlAria(props)}
      onChange={(e) => onChange(emptyToUndefined(e.target.value))}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
  );
}
