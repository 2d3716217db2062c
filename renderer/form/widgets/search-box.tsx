import { useState, type KeyboardEvent } from 'react';
import type { SearchMatch } from '../form-api.js';
import { describedBy, hasErrors } from './widget-aria.js';
import { useSearch } from './use-search.js';
import type { RegistryWidgetProps } from './widget-props.js';

export interface SearchBoxProps {
  widget: RegistryWidgetProps;
  /** the text shown for the held value before anything is typed */
  heldLabel: string;
  search: (term: string) => Promise<SearchMatch[]>;
}

/**
 * An accessible combobox (ARIA 1.2 list autocomplete): typing searches after 2 characters,
 * arrow keys move through the matches, Enter picks one, Escape closes the list. The value is the
 * key of the picked match; typing clears it until a match is picked.
 */
export function SearchBox({ widget, heldLabel, search }: SearchBoxProps) {
  const { id, value, readonly, disabled, onChange, onBlur, onFocus, options } = widget;
  const [text, setText] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(-1);
  const { matches, message } = useSearch(term, search);
  const listId = `${id}__list`;
  const statusId = `${id}__status`;
  const open = term !== '' && matches.length > 0;
  const error = hasErrors(widget);

  const type = (next: string) => {
    setText(next);
    setTerm(next);
    setActive(-1);
    if (value !== undefined && value !== null) onChange(undefined);
  };
  const pick = (match: SearchMatch) => {
    setText(match.value);
    setTerm('');
    setActive(-1);
    onChange(match.key);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && matches.length) { e.preventDefault(); setActive((a) => (a + 1) % matches.length); }
    else if (e.key === 'ArrowUp' && matches.length) { e.preventDefault(); setActive((a) => (a <= 0 ? matches.length - 1 : a - 1)); }
    else if (e.key === 'Enter' && open) { e.preventDefault(); const match = matches[active] ?? matches[0]; if (match) pick(match); }
    else if (e.key === 'Escape' && open) { e.preventDefault(); e.stopPropagation(); setTerm(''); setActive(-1); }
  };

  return (
    <div className="registry-search">
      <input id={id} name={id} className="usa-input" type="text" role="combobox" autoComplete="off"
        aria-autocomplete="list" aria-expanded={open} aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={[describedBy(id, typeof options.help === 'string', error), statusId].filter(Boolean).join(' ')}
        aria-invalid={error || undefined} aria-required={options.required === true || undefined}
        value={text ?? heldLabel} readOnly={readonly} disabled={disabled}
        onChange={(e) => type(e.target.value)} onKeyDown={onKeyDown}
        onBlur={() => { setTerm(''); onBlur(id, value); }} onFocus={() => onFocus(id, value)} />
      <ul id={listId} role="listbox" className="registry-search__list" hidden={!open} aria-label={widget.label}>
        {open && matches.map((match, i) => (
          <li key={`${match.key}-${i}`} id={`${listId}-${i}`} role="option" aria-selected={i === active}
            className={`registry-search__option${i === active ? ' registry-search__option--active' : ''}`}
            onMouseDown={(e) => { e.preventDefault(); pick(match); }}>
            {match.value}
          </li>
        ))}
      </ul>
      <div id={statusId} className="usa-hint registry-search__status" role="status" aria-live="polite">{message}</div>
    </div>
  );
}
