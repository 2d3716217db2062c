import { choicesWithHeld } from '../choice-groups.js';
import { asText } from '../form-ui-options.js';
import { hasErrors } from './widget-aria.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

/** Radio buttons (vertical, or horizontal for that subtype); the field template draws the fieldset and legend. */
export function RadioWidget(props: RegistryWidgetProps) {
  const { id, value, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  const { element, choices } = optionsOf(props);
  const selected = asText(value);
  const listed = choicesWithHeld(choices, element.allChoices, selected ? [selected] : []);
  const horizontal = element.subtype === 'horizontal';
  return (
    <div className={`registry-choices${horizontal ? ' registry-choices--horizontal' : ''}`}>
      {listed.map((c, i) => {
        const optionId = `${id}-${c.id}`;
        return (
          <div className="usa-radio" key={c.id}>
            <input className="usa-radio__input" id={optionId} type="radio" name={id} value={String(c.id)}
              checked={selected === String(c.id)} disabled={disabled || readonly} autoFocus={autofocus && i === 0}
              aria-invalid={hasErrors(props) || undefined}
              onChange={() => onChange(String(c.id))} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
            <label className="usa-radio__label" htmlFor={optionId}>{c.text}</label>
          </div>
        );
      })}
    </div>
  );
}
