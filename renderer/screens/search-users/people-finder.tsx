import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { api, ApiError } from '../../app/api-client.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import type { SearchMatch } from '../../form/form-api.js';
import { SearchBox } from '../../form/widgets/search-box.js';
import type { RegistryWidgetProps } from '../../form/widgets/widget-props.js';
import type { UserSearchQuery } from './user-search.js';
import './search-users.css';

export type Mode = 'agency' | 'user' | 'county';
const MODES: readonly Mode[] = ['agency', 'user', 'county'];
export interface Agency { id: number; name: string }

const searchList = (path: string) => (term: string) => api<SearchMatch[]>('GET', `${path}${encodeURIComponent(term)}`);
const searchAgencies = searchList('/userorganizationroles/agencysearch?searchString=');
const searchCounties = searchList('/userorganizationroles/countysearch?searchString=');

/** The form's search box outside a form: the few widget props it reads. */
function PlainSearchBox({ id, label, search, onPick }: { id: string; label: string; search: (term: string) => Promise<SearchMatch[]>; onPick: (match: SearchMatch | null, text: string) => void }) {
  const [value, setValue] = useState<string | undefined>(undefined);
  const [matches, setMatches] = useState<SearchMatch[]>([]);
  const remembered = useCallback((term: string) => search(term).then((list) => { setMatches(list); return list; }), [search]);
  const widget = {
    id, label, value, readonly: false, disabled: false, options: {}, rawErrors: [],
    onChange: (key: string | undefined) => {
      setValue(key);
      const match = key === undefined ? null : matches.find((x) => x.key === key) ?? null;
      onPick(match, match?.value ?? '');
    },
    onBlur: () => undefined, onFocus: () => undefined,
  } as unknown as RegistryWidgetProps;
  return (
    <div className="usa-form-group">
      <label className="usa-label" htmlFor={id}>{label}</label>
      <SearchBox widget={widget} heldLabel="" search={remembered} />
    </div>
  );
}

export interface PeopleFinder {
  /** the choice of search and its inputs */
  form: ReactNode;
  /** what UserSearch lists */
  query: UserSearchQuery;
  /** the caption of the people found */
  caption: string;
  /** the chosen agency (agency name or county search) */
  agency: Agency | null;
  /** searching by user name */
  byUserName: boolean;
}

/**
 * Finding people by agency name, user name or agency county (spec part 2 "Search Users"; part 3
 * section 2 Search Users for enrollment): the inputs and the query UserSearch lists.
 */
export function usePeopleFinder(modes: readonly Mode[] = MODES): PeopleFinder {
  const m = useMetadata();
  const base = useId();
  const [mode, setMode] = useState<Mode>(modes[0] ?? 'agency');
  const [agency, setAgency] = useState<Agency | null>(null);
  const [term, setTerm] = useState('');
  const [county, setCounty] = useState<string | null>(null);

  const choose = (next: Mode) => {
    setMode(next);
    setAgency(null);
    setTerm('');
    setCounty(null);
  };

  const inCounty = useQuery({
    queryKey: ['agencies-by-county', county],
    queryFn: ({ signal }) => api<SearchMatch[]>('GET', `/userorganizationroles/searchagencybycounty?county=${encodeURIComponent(county ?? '')}`, undefined, { signal }),
    enabled: Boolean(county),
  });
  const countyAgencies = inCounty.isError ? [] : (inCounty.data ?? null);
  const countyMessage = inCounty.isError ? (inCounty.error instanceof ApiError && inCounty.error.status === 404 ? errorText(inCounty.error) : m.text('search.noMatches')) : null;

  const query: UserSearchQuery = useMemo(() => (mode === 'user' ? { term } : { organizationId: agency?.id ?? null }), [mode, term, agency]);
  const tooShort = mode === 'user' && term.trim().length > 0 && term.trim().length < 2;

  const form = (
    <>
      <fieldset className="usa-fieldset">
        <legend className="usa-legend">{m.text('searchUsers.searchBy')}</legend>
        <div className="registry-search-users__modes">
          {([['agency', 'searchUsers.byAgencyName'], ['user', 'searchUsers.byUserName'], ['county', 'searchUsers.byCounty']] as const).filter(([value]) => modes.includes(value)).map(([value, key]) => (
            <div className="usa-radio" key={value}>
              <input className="usa-radio__input" id={`${base}-mode-${value}`} type="radio" name={`${base}-mode`} value={value} checked={mode === value} onChange={() => choose(value)} />
              <label className="usa-radio__label" htmlFor={`${base}-mode-${value}`}>{m.text(key)}</label>
            </div>
          ))}
        </div>
      </fieldset>

      {mode === 'agency' && (
        <PlainSearchBox key="agency" id={`${base}-agency-name`} label={m.text('searchUsers.agencyName')} search={searchAgencies}
          onPick={(match) => setAgency(match ? { id: Number(match.key), name: match.value } : null)} />
      )}
      {mode === 'user' && (
        <div className="usa-form-group">
          <label className="usa-label" htmlFor={`${base}-user`}>{m.text('searchUsers.userName')}</label>
          <span className="usa-hint" id={`${base}-user-hint`}>{m.text('form.searchMinimum')}</span>
          <input id={`${base}-user`} className="usa-input" type="search" value={term} maxLength={180} aria-describedby={`${base}-user-hint`}
            onChange={(e) => setTerm(e.target.value)} />
          {tooShort && <div className="usa-hint" role="status">{m.text('form.searchMinimum')}</div>}
        </div>
      )}
      {mode === 'county' && (
        <>
          <PlainSearchBox key="county" id={`${base}-county`} label={m.text('searchUsers.county')} search={searchCounties}
            onPick={(match) => { setAgency(null); setCounty(match ? match.value : null); }} />
          {county && countyMessage && <div className="usa-alert usa-alert--info usa-alert--slim" role="status"><div className="usa-alert__body"><p className="usa-alert__text">{countyMessage}</p></div></div>}
          {county && countyAgencies && countyAgencies.length > 0 && (
            <div className="usa-form-group">
              <label className="usa-label" htmlFor={`${base}-county-agency`}>{m.text('searchUsers.countyAgency', { county })}</label>
              <select id={`${base}-county-agency`} className="usa-select" value={agency ? String(agency.id) : ''}
                onChange={(e) => { const a = countyAgencies.find((x) => x.key === e.target.value); setAgency(a ? { id: Number(a.key), name: a.value } : null); }}>
                <option value="">{m.text('searchUsers.chooseAgency')}</option>
                {countyAgencies.map((a) => <option key={a.key} value={a.key}>{a.value}</option>)}
              </select>
            </div>
          )}
        </>
      )}
    </>
  );
  const caption = mode === 'user' ? m.text('searchUsers.matchingPeople', { term: term.trim() }) : m.text('searchUsers.peopleOf', { name: agency?.name ?? '' });
  return { form, query, caption, agency, byUserName: mode === 'user' };
}
