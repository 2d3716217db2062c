import { useCallback, useEffect, useMemo, useState } from 'react';
import { clampPage, DEFAULT_PAGE_SIZE, pageCount, rangeOf } from '../../../engine/access/paging-rules.js';
import type { FilterInfo, GridRequest, PrimaryEntity } from '../../../engine/grid/grid-request.js';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import { api } from '../../app/api-client.js';
import { useToasts } from '../toasts.js';
import type { DataGridProps, GridRow, GridSummary, SortState } from './grid-types.js';

export interface GridData {
  page: number;
  pageSize: number;
  sort: SortState;
  filter: FilterInfo | null;
  includeDisabled: boolean;
  summary: GridSummary | null;
  rows: GridRow[];
  loading: boolean;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  toggleSort: (column: string) => void;
  /** the one column filter (null clears all filters); back to page 1 */
  setFilter: (filter: FilterInfo | null) => void;
  setIncludeDisabled: (include: boolean) => void;
  /** reload summary and page */
  reload: () => void;
}

/** The grid's initial sort: the column marked initialSort, else the first column. */
export function initialSort(grid: Grid): SortState {
  const column = grid.columns.find((c) => c.initialSort) ?? grid.columns[0]!;
  return { column: column.propertyName, direction: column.initialSortDirection ?? 'Ascending' };
}

/** Only the fields the grid API accepts (it refuses unknown properties). */
function primaryEntityBody(p: DataGridProps['primaryEntity']): PrimaryEntity | null {
  if (!p) return null;
  return { Id: p.Id, ...(p.FirstName ? { FirstName: p.FirstName } : {}), ...(p.LastName ? { LastName: p.LastName } : {}) };
}

/** Summary and page of a grid: server-side paging, sort and one column filter. */
export function useGridData(grid: Grid, primaryEntity: DataGridProps['primaryEntity'], reloadToken = 0, defaultFilters?: DataGridProps['defaultFilters']): GridData {
  const { showError } = useToasts();
  const [page, setPageState] = useState(1);
  const [pageSize, setPageSizeState] = useState(grid.pageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SortState>(() => initialSort(grid));
  const [filter, setFilterState] = useState<FilterInfo | null>(null);
  const [includeDisabled, setIncludeDisabledState] = useState(false);
  const [summary, setSummary] = useState<GridSummary | null>(null);
  const [rows, setRows] = useState<GridRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  const pe = primaryEntityBody(primaryEntity);
  const peKey = JSON.stringify(pe);
  const filterKey = JSON.stringify(filter);
  const defaultsKey = JSON.stringify(defaultFilters ?? []);
  /** what summary and page share; a string so effects rerun on value changes only */
  const baseKey = useMemo(() => JSON.stringify({
    entityTypeId: grid.entityTypeId,
    formId: grid.formId,
    ...(grid.altGridId ? { altGridId: grid.altGridId } : {}),
    includeDisabled,
    primaryEntity: JSON.parse(peKey) as PrimaryEntity | null,
    filterInfo: JSON.parse(filterKey) as FilterInfo | null,
    ...(defaultsKey === '[]' ? {} : { defaultFilters: JSON.parse(defaultsKey) as FilterInfo[] }),
  } satisfies GridRequest), [grid.entityTypeId, grid.formId, grid.altGridId, includeDisabled, peKey, filterKey, defaultsKey]);

  useEffect(() => {
    let current = true;
    api<GridSummary>('POST', '/grid/summary', JSON.parse(baseKey) as GridRequest).then(
      (s) => { if (current) setSummary(s); },
      (e: unknown) => { if (current) showError(e); },
    );
    return () => { current = false; };
  }, [baseKey, reloadToken, version, showError]);

  useEffect(() => {
    let current = true;
    setLoading(true);
    const body: GridRequest = { ...(JSON.parse(baseKey) as GridRequest), ...rangeOf(page, pageSize), sortInfo: sort };
    api<{ gridData: GridRow[] } | string>('POST', '/grid', body).then(
      (answer) => { if (current) setRows(typeof answer === 'string' ? [] : answer.gridData); },
      (e: unknown) => { if (current) { setRows([]); showError(e); } },
    ).finally(() => { if (current) setLoading(false); });
    return () => { current = false; };
  }, [baseKey, page, pageSize, sort, reloadToken, version, showError]);

  // A page beyond the end (after a delete, or a smaller total) moves back to the last page.
  const lastPage = summary ? pageCount(summary.total, pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPageState(clampPage(page, lastPage));
  }, [lastPage, page]);

  const setPage = useCallback((p: number) => setPageState(Math.max(1, Math.floor(p))), []);
  const setPageSize = useCallback((size: number) => { setPageSizeState(size); setPageState(1); }, []);
  const toggleSort = useCallback((column: string) => {
    setSort((s) => (s.column === column ? { column, direction: s.direction === 'Ascending' ? 'Descending' : 'Ascending' } : { column, direction: 'Ascending' }));
    setPageState(1);
  }, []);
  const setFilter = useCallback((f: FilterInfo | null) => { setFilterState(f); setPageState(1); }, []);
  const setIncludeDisabled = useCallback((v: boolean) => { setIncludeDisabledState(v); setPageState(1); }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return { page, pageSize, sort, filter, includeDisabled, summary, rows, loading, setPage, setPageSize, toggleSort, setFilter, setIncludeDisabled, reload };
}
