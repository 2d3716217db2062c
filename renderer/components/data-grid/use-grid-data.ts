import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { clampPage, DEFAULT_PAGE_SIZE, pageCount, rangeOf } from '../../../engine/access/paging-rules.js';
import type { FilterInfo, GridRequest, PrimaryEntity } from '../../../engine/grid/grid-request.js';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import { api } from '../../app/api-client.js';
import { queryKeys } from '../../app/query-keys.js';
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
  /** reload summary and page (of every grid of the entity type shown) */
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

/** Reloads every grid of an entity type that shows (after a form closed, a row action or a step changed records). */
export function useReloadGrids(): (entityTypeId: number) => void {
  const client = useQueryClient();
  return useCallback((entityTypeId: number) => { void client.invalidateQueries({ queryKey: queryKeys.gridsOf(entityTypeId) }); }, [client]);
}

/** Shows each failure of a read once, as a toast. */
function useErrorToast(error: unknown): void {
  const { showError } = useToasts();
  useEffect(() => { if (error) showError(error); }, [error, showError]);
}

/** Summary and page of a grid: server-side paging, sort and one column filter; the page shown stays while the next loads. */
export function useGridData(grid: Grid, primaryEntity: DataGridProps['primaryEntity'], defaultFilters?: DataGridProps['defaultFilters']): GridData {
  const [page, setPageState] = useState(1);
  const [pageSize, setPageSizeState] = useState(grid.pageSize ?? DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SortState>(() => initialSort(grid));
  const [filter, setFilterState] = useState<FilterInfo | null>(null);
  const [includeDisabled, setIncludeDisabledState] = useState(false);

  const pe = primaryEntityBody(primaryEntity);
  const peKey = JSON.stringify(pe);
  const filterKey = JSON.stringify(filter);
  const defaultsKey = JSON.stringify(defaultFilters ?? []);
  /** what summary and page share */
  const base = useMemo((): GridRequest => ({
    entityTypeId: grid.entityTypeId,
    formId: grid.formId,
    ...(grid.altGridId ? { altGridId: grid.altGridId } : {}),
    includeDisabled,
    primaryEntity: JSON.parse(peKey) as PrimaryEntity | null,
    filterInfo: JSON.parse(filterKey) as FilterInfo | null,
    ...(defaultsKey === '[]' ? {} : { defaultFilters: JSON.parse(defaultsKey) as FilterInfo[] }),
  }), [grid.entityTypeId, grid.formId, grid.altGridId, includeDisabled, peKey, filterKey, defaultsKey]);
  const pageRequest: GridRequest = { ...base, ...rangeOf(page, pageSize), sortInfo: sort };

  const summaryQuery = useQuery({
    queryKey: queryKeys.gridSummary(grid.entityTypeId, grid.id, base),
    queryFn: ({ signal }) => api<GridSummary>('POST', '/grid/summary', base, { signal }),
    placeholderData: keepPreviousData,
  });
  const pageQuery = useQuery({
    queryKey: queryKeys.gridPage(grid.entityTypeId, grid.id, pageRequest),
    queryFn: async ({ signal }) => {
      const answer = await api<{ gridData: GridRow[] } | string>('POST', '/grid', pageRequest, { signal });
      return { gridData: typeof answer === 'string' ? [] : answer.gridData };
    },
    placeholderData: keepPreviousData,
  });
  useErrorToast(summaryQuery.error);
  useErrorToast(pageQuery.error);
  const summary = summaryQuery.data ?? null;
  const rows = useMemo(() => (pageQuery.isError ? [] : (pageQuery.data?.gridData ?? [])), [pageQuery.isError, pageQuery.data]);

  // A page beyond the end (after a delete, or a smaller total) moves back to the last page.
  const lastPage = summary ? pageCount(summary.total, pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPageState(clampPage(page, lastPage));
  }, [lastPage, page]);

  const reloadGrids = useReloadGrids();
  const reload = useCallback(() => reloadGrids(grid.entityTypeId), [reloadGrids, grid.entityTypeId]);

  const setPage = useCallback((p: number) => setPageState(Math.max(1, Math.floor(p))), []);
  const setPageSize = useCallback((size: number) => { setPageSizeState(size); setPageState(1); }, []);
  const toggleSort = useCallback((column: string) => {
    setSort((s) => (s.column === column ? { column, direction: s.direction === 'Ascending' ? 'Descending' : 'Ascending' } : { column, direction: 'Ascending' }));
    setPageState(1);
  }, []);
  const setFilter = useCallback((f: FilterInfo | null) => { setFilterState(f); setPageState(1); }, []);
  const setIncludeDisabled = useCallback((v: boolean) => { setIncludeDisabledState(v); setPageState(1); }, []);

  return { page, pageSize, sort, filter, includeDisabled, summary, rows, loading: pageQuery.isFetching, setPage, setPageSize, toggleSort, setFilter, setIncludeDisabled, reload };
}
