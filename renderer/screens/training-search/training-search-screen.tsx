import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { formatDateTime } from '../../../engine/text/format.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { GridPager } from '../../components/data-grid/grid-pager.js';
import { ScreenHeading } from '../screen-heading.js';
import { NO_FILTERS, SearchFilterForm, type SearchFilters } from './search-filters.js';
import { TrainingDetailsModal } from './training-details-modal.js';
import { searchSections, type TrainingSection } from './training-search-api.js';
import './training-search.css';

const PAGE_SIZE = 5;
const SEARCH_KEY = ['training-search'] as const;

/**
 * Search Training (child route of My Calendar; spec part 3 sections 2 and 5): the filter form,
 * the results of 5 a page with Details, which opens the details modal; the results refresh when
 * the modal closes after a registration call.
 */
export function TrainingSearchScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const [draft, setDraft] = useState<SearchFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<SearchFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [open, setOpen] = useState<number | null>(null);
  const client = useQueryClient();
  const results = useQuery({
    queryKey: [...SEARCH_KEY, applied, page, pageSize],
    queryFn: ({ signal }) => searchSections(applied, page, pageSize, signal),
    placeholderData: keepPreviousData,
    // Search always asks the server again
    staleTime: 0,
  });
  const result: { total: number; rows: TrainingSection[] } | null = results.data ?? null;
  const error = results.isError ? errorText(results.error) : null;

  const search = () => {
    if (JSON.stringify(draft) === JSON.stringify(applied) && page === 1) void results.refetch();
    setApplied(draft);
    setPage(1);
  };
  const clear = () => { setDraft(NO_FILTERS); setApplied(NO_FILTERS); setPage(1); };
  const closeDetails = useCallback((changed: boolean) => { setOpen(null); if (changed) void client.invalidateQueries({ queryKey: SEARCH_KEY }); }, [client]);
  const caption = m.text('trainingSearch.results');
  const tz = m.tenant.timeZone;

  return (
    <div className="registry-training-search">
      <ScreenHeading>{route.displayName ?? 'Search Training'}</ScreenHeading>
      <SearchFilterForm value={draft} onChange={setDraft} onSearch={search} onClear={clear} />
      {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
      {result && (
        <section aria-label={caption} className="margin-top-3">
          <h2>{caption}</h2>
          {result.rows.length === 0 ? <p role="status">{m.text('trainingSearch.noResults')}</p> : (
            <ul className="usa-card-group registry-training-search__results">
              {result.rows.map((s) => (
                <li key={s.id} className="usa-card grid-col-12">
                  <div className="usa-card__container">
                    <div className="usa-card__header"><h3 className="usa-card__heading">{s.name}</h3></div>
                    <div className="usa-card__body">
                      <p>{formatDateTime(s.trainingStartDate, tz)} – {formatDateTime(s.trainingEndDate, tz)}</p>
                      <p>{[s.region, s.deliveryMethod, s.locationName].filter(Boolean).join(' · ')}</p>
                      {s.status && <p><span className="usa-tag">{s.status}</span></p>}
                    </div>
                    <div className="usa-card__footer">
                      <button type="button" className="usa-button usa-button--outline" aria-label={m.text('trainingSearch.detailsOf', { name: s.name })} onClick={() => setOpen(s.id)}>
                        {m.text('trainingSearch.details')}
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <GridPager caption={caption} total={result.total} totalCapped={false} page={page} pageSize={pageSize} rowsShown={result.rows.length}
            text={m.text} onPage={setPage} onPageSize={(size) => { setPageSize(size); setPage(1); }} />
        </section>
      )}
      {open !== null && <TrainingDetailsModal sectionId={open} onClose={closeDetails} />}
    </div>
  );
}
