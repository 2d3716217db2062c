import { TEXT_MAX_LENGTH } from '../../../engine/forms/field-checks.js';
import { asText } from '../form-ui-options.js';
import { CharacterCount, withCountDescription } from './character-count.js';
import { controlAria } from './widget-aria.js';
import { emptyToUndefined, optionsOf, type RegistryWidgetProps } from './widget-props.js';

/** What a datetime-local input can show of an ISO date-time: YYYY-MM-DDTHH:mm. */
function localDateTime(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})/.exec(value);
  return match ? match[1]! : value;
}

/**
 * Text, with the date (en-US date picker), datetime and float (decimal keypad) subtypes. Plain
 * text shows a character count and is never cut: no maxlength attribute.
 */
export function TextWidget(props: RegistryWidgetProps) {
  const { id, value, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  const { element } = optionsOf(props);
  const text = asText(value);
  const common = {
    id, name: id, className: 'usa-input', readOnly: readonly, disabled, autoFocus: autofocus, ...controlAria(props),
    onChange: (e: { target: { value: string } }) => onChange(emptyToUndefined(e.target.value)),
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
  };
  if (element.subtype === 'date') return <input {...common} type="date" min="1900-01-01" max="2200-12-31" value={text} />;
  if (element.subtype === 'datetime') {
    return <input {...common} type="datetime-local" min="1900-01-01T00:00" max="2200-12-31T23:59" value={localDateTime(text)} />;
  }
  if (element.subtype === 'float' || readonly) {
    return <input {...common} type="text" value={text} inputMode={element.subtype === 'float' ? 'decimal' : undefined} />;
  }
  const max = element.maxLength ?? TEXT_MAX_LENGTH;
  return (
    <>
      <input {...common} {...withCountDescription(controlAria(props), id)} type="text" value={text} />
      <CharacterCount id={id} value={text} max={max} />
    </>
  );
}
