import { TEXT_MAX_LENGTH } from '../../../engine/forms/field-checks.js';
import { asText } from '../form-ui-options.js';
import { CharacterCount, withCountDescription } from './character-count.js';
import { controlAria } from './widget-aria.js';
import { emptyToUndefined, optionsOf, type RegistryWidgetProps } from './widget-props.js';

/** Textarea rows (spec part 9). */
export const TEXTAREA_ROWS = 5;

/** A textarea with a character count; the text is never cut (no maxlength attribute). */
export function TextareaWidget(props: RegistryWidgetProps) {
  const { id, value, readonly, disabled, autofocus, onChange, onBlur, onFocus } = props;
  const { element } = optionsOf(props);
  const text = asText(value);
  const aria = readonly ? controlAria(props) : withCountDescription(controlAria(props), id);
  return (
    <>
      <textarea id={id} name={id} className="usa-textarea registry-textarea" rows={TEXTAREA_ROWS} value={text}
        readOnly={readonly} disabled={disabled} autoFocus={autofocus} {...aria}
        onChange={(e) => onChange(emptyToUndefined(e.target.value))}
        onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
      {!readonly && <CharacterCount id={id} value={text} max={element.maxLength ?? TEXT_MAX_LENGTH} />}
    </>
  );
}
