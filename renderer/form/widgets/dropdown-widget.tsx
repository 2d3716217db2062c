import type { Choice } from '../../../engine/metadata/form-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { choicesWithHeld, groupChoices } from '../choice-groups.js';
import { asText } from '../form-ui-options.js';
import { controlAria } from './widget-aria.js';
import { emptyToUndefined, optionsOf, type RegistryWidgetProps } from './widget-props.js';

const option = (c: Choice) => <option key={c.id} value={String(c.id)}>{c.text}</option>;

/** Dropdown of the visible choices, in option groups when the element has choiceGroups. */
export function DropdownWidget(props: RegistryWidgetProps) {
  const m = useMetadata();
  const { id, value, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  const { element, choices } = optionsOf(props);
  const selected = asText(value);
  const listed = choicesWithHeld(choices, element.allChoices, selected ? [selected] : []);
  return (
    <select id={id} name={id} className="usa-select" value={selected} disabled={disabled || readonly} autoFocus={autofocus}
      {...controlAria(props)}
      onChange={(e) => onChange(emptyToUndefined(e.target.value))}
      onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}>
      <option value="">{m.text('form.select')}</option>
      {groupChoices(listed, element.choiceGroups).map((g) => (g.label === null
        ? g.choices.map(option)
        : <optgroup key={`group-${g.label}`} label={g.label}>{g.choices.map(option)}</optgroup>))}
    </select>
  );
}
