import { choicesWithHeld } from '../choice-groups.js';
import { asList } from '../form-ui-options.js';
import { hasErrors } from './widget-aria.js';
import { optionsOf, type RegistryWidgetProps } from './widget-props.js';

/**
 * A checkbox group (a lone checkbox is a group of one), vertical or horizontal; the value is the
 * list of ticked choice ids. The field template draws the fieldset and legend.
 */
export function CheckboxWidget(props: RegistryWidgetProps) {
  const { id, value, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  const { element, choices } = optionsOf(props);
  const ticked = asList(value);
  const listed = choicesWithHeld(choices, element.allChoices, ticked);
  const horizontal = element.subtype === 'horizontal';
  const toggle = (choiceId: string, on: boolean) => {
    const next = on ? [...ticked, choiceId] : ticked.filter((v) => v !== choiceId);
    onChange(next.length ? next : undefined);
  };
  return (
    <div className={`registry-choices${horizontal ? ' registry-choices--horizontal' : ''}`}>
      {listed.map((c, i) => {
        const optionId = `${id}-${c.id}`;
        return (
          <div className="usa-checkbox" key={c.id}>
            <input className="usa-checkbox__input" id={optionId} type="checkbox" name={id} value={String(c.id)}
              checked={ticked.includes(String(c.id))} disabled={disabled || readonly} autoFocus={autofocus && i === 0}
              aria-invalid={hasErrors(props) || undefined}
              onChange={(e) => toggle(String(c.id), e.target.checked)} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
            <label className="usa-checkbox__label" htmlFor={optionId}>{c.text}</label>
          </div>
        );
      })}
    </div>
  );
}
