import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { SEARCH_DELAY_MS, searchStage } from '../../form/search-term.js';
import type { InboxPerson } from '../inbox/inbox-api.js';
import '../../form/form.css';

/** The recipient selector shows up to 10 options (spec part 3 section 9). */
const MAX_OPTIONS = 10;

interface RecipientSearchProps {
  id: string;
  chosen: InboxPerson[];
  onChange: (people: InboxPerson[]) => void;
}

/**
 * The compose form's recipient multi-select (spec part 3 sections 2 and 5): a combobox searching
 * /message/usersearch (groups first); below 2 characters 'At least two characters are required
 * for search' and no options; 'No results found' when nothing matches. Chosen recipients are
 * listed above it, each with a remove button.
 */
export function RecipientSearch({ id, chosen, onChange }: RecipientSearchProps) {
  const m = useMetadata();
  const [term, setTerm] = useState('');
  const [options, setOptions] = useState<InboxPerson[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);
  const listId = `${id}__list`;
  const statusId = `${id}__status`;
  const shown = options.filter((o) => !chosen.some((c) => String(c.id) === String(o.id))).slice(0, MAX_OPTIONS);
  const open = term !== '' && shown.length > 0;

  useEffect(() => {
    const request = ++latest.current;
    const stage = searchStage(term);
    setActive(-1);
    if (stage !== 'search') {
      setOptions([]);
      setMessage(stage === 'tooShort' ? m.text('messages.searchTooShort') : null);
      return undefined;
    }
    const timer = setTimeout(() => {
      api<InboxPerson[]>('POST', '/message/usersearch', { searchString: term.trim() }).then((found) => {
        if (request !== latest.current) return;
        setOptions(found);
        setMessage(found.length ? null : m.text('messages.noResults'));
      }, () => {
        if (request === latest.current) { setOptions([]); setMessage(m.text('messages.noResults')); }
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, m]);

  const pick = (person: InboxPerson) => {
    onChange([...chosen, person]);
    setTerm('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && shown.length) { e.preventDefault(); setActive((a) => (a + 1) % shown.length); }
    else if (e.key === 'ArrowUp' && shown.length) { e.preventDefault(); setActive((a) => (a <= 0 ? shown.length - 1 : a - 1)); }
    else if (e.key === 'Enter' && open) { e.preventDefault(); const person = shown[active] ?? shown[0]; if (person) pick(person); }
    else if (e.key === 'Escape' && open) { e.preventDefault(); e.stopPropagation(); setTerm(''); }
  };

  return (
    <div className="registry-search inbox__recipients">
      {chosen.length > 0 && (
        <ul className="inbox__chips">
          {chosen.map((p) => (
            <li key={String(p.id)} className="inbox__chip">
              <span>{p.name}</span>
              <button type="button" className="usa-button usa-button--unstyled inbox__chip-remove" aria-label={m.text('messages.removeRecipient', { name: p.name })}
                onClick={() => onChange(chosen.filter((c) => c !== p))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <input id={id} className="usa-input" type="text" role="combobox" autoComplete="off" aria-autocomplete="list"
        aria-expanded={open} aria-controls={listId} aria-describedby={`${id}__hint ${statusId}`}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        value={term} onChange={(e) => setTerm(e.target.value)} onKeyDown={onKeyDown} />
      <span id={`${id}__hint`} className="usa-sr-only">{m.text('messages.recipientSearch')}</span>
      <ul id={listId} role="listbox" className="registry-search__list" hidden={!open} aria-label={m.text('messages.recipients')}>
        {open && shown.map((p, i) => (
          <li key={String(p.id)} id={`${listId}-${i}`} role="option" aria-selected={i === active}
            className={`registry-search__option${i === active ? ' registry-search__option--active' : ''}`}
            onMouseDown={(e) => { e.preventDefault(); pick(p); }}>
            {p.name}{p.email ? <span className="inbox__option-email"> ({p.email})</span> : null}
          </li>
        ))}
      </ul>
      <div id={statusId} className="usa-hint registry-search__status" role="status" aria-live="polite">{message}</div>
    </div>
  );
}
