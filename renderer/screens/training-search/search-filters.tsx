import { useId } from 'react';
import type { Choice, Form } from '../../../engine/metadata/form-schema.js';
import { useMetadata } from '../../app/metadata.js';

/**
 * The filters of Training Search (spec part 3 section 5) and the element of the Training form (21)
 * or the Session form (22) whose label and choices each takes: one source for the options.
 */
const FILTERS = [
  { param: 'trainingName', formId: 21, elementId: 21001 },
  { param: 'coreKnowledgeArea', formId: 21, elementId: 21005 },
  { param: 'region', formId: 22, elementId: 22007 },
  { param: 'targetAgeGroup', formId: 21, elementId: 21006 },
  { param: 'dhrMinimumStandard', formId: 21, elementId: 21007 },
  { param: 'cdaArea', formId: 21, elementId: 21008 },
  { param: 'ccdfArea', formId: 21, elementId: 21009 },
  { param: 'deliveryMethod', formId: 21, elementId: 21003 },
] as const;

export type SearchFilters = Record<(typeof FILTERS)[number]['param'], string>;
export const NO_FILTERS: SearchFilters = Object.fromEntries(FILTERS.map((f) => [f.param, ''])) as SearchFilters;

const elementOf = (form: Form | undefined, id: number) => form?.elements.find((e) => e.id === id);
const valueOf = (c: Choice) => c.value ?? c.text;

/** The filter form: Training Name and the dropdowns (left out when not chosen), Search and Clear Values. */
export function SearchFilterForm({ value, onChange, onSearch, onClear }: { value: SearchFilters; onChange: (v: SearchFilters) => void; onSearch: () => void; onClear: () => void }) {
  const m = useMetadata();
  const base = useId();
  return (
    <form className="registry-training-search__filters" onSubmit={(e) => { e.preventDefault(); onSearch(); }}>
      <div className="grid-row grid-gap">
        {FILTERS.map((f) => {
          const element = elementOf(m.form(f.formId), f.elementId);
          const id = `${base}-${f.param}`;
          const set = (v: string) => onChange({ ...value, [f.param]: v });
          const choices = (element?.choices ?? []).filter((c) => c.visible !== false);
          return (
            <div key={f.param} className="usa-form-group grid-col-12 tablet:grid-col-6 desktop:grid-col-3 margin-top-1">
              {f.param === 'trainingName' ? (
                <>
                  <label className="usa-label" htmlFor={id}>{m.text('trainingSearch.trainingName')}</label>
                  <input id={id} className="usa-input" type="text" maxLength={180} value={value[f.param]} onChange={(e) => set(e.target.value)} />
                </>
              ) : (
                <>
                  <label className="usa-label" htmlFor={id}>{element?.stimulus ?? f.param}</label>
                  <select id={id} className="usa-select" value={value[f.param]} onChange={(e) => set(e.target.value)}>
                    <option value="">{m.text('trainingSearch.any')}</option>
                    {choices.map((c) => <option key={c.id} value={valueOf(c)}>{c.text}</option>)}
                  </select>
                </>
              )}
            </div>
          );
        })}
      </div>
      <ul className="usa-button-group margin-top-2">
        <li className="usa-button-group__item"><button type="submit" className="usa-button">{m.text('trainingSearch.search')}</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" onClick={onClear}>{m.text('trainingSearch.clear')}</button></li>
      </ul>
    </form>
  );
}
