import { useCallback, useMemo, type ReactNode } from 'react';
import type { FilterInfo } from '../../../engine/grid/grid-request.js';
import { useMetadata } from '../../app/metadata.js';
import { useRowActionModals } from '../../components/composition/use-row-action-modals.js';
import { DataGrid, type DataGridProps, type GridRow } from '../../components/data-grid/data-grid.js';
import { useReloadGrids } from '../../components/data-grid/use-grid-data.js';

/** The Search Users results grid (entity 1, form 1, rows of the user search view). */
export const USER_SEARCH_GRID = 'search-users';

export interface UserSearchQuery {
  /** Contains on searchableName (full name, user name, registry id); at least 2 characters to search */
  term?: string;
  /** Equals on period: the organization whose people are listed */
  organizationId?: number | null;
}

export interface UserSearchProps {
  query: UserSearchQuery;
  /**
   * The row actions to offer: ids of the grid's rowActions that open a window
   * (renderer/app/component-registry.ts), e.g. user-records, training-report.
   */
  actions: readonly string[];
  /** more actions the screen runs itself (e.g. 'Enroll Student'): ids of the grid's rowActions */
  onRowAction?: (actionId: string, row: GridRow) => void;
  /** the screen's own actions that onRowAction handles */
  ownActions?: readonly string[];
  /** the grid id (a grid of the same rows with other row actions); default search-users */
  gridId?: string;
  caption: string;
  /** shown instead of the grid while the query has nothing to search for */
  idle?: ReactNode;
  /** what the screen knows of a row for the row actions' rules (DataGrid rowFacts) */
  rowFacts?: DataGridProps['rowFacts'];
  /** the grid's column holding the agency an agency search filters on (default period) */
  agencyColumn?: string;
}

/** Whether a query has something to search for: an organization or a term of 2 characters or more. */
export function searchable(query: UserSearchQuery): boolean {
  return Boolean(query.organizationId) || (query.term ?? '').trim().length >= 2;
}

/** The grid's default filters for a query (spec part 2 section 3: Contains on SearchableName, Equals on Period, or the grid's agency column). */
export function userSearchFilters(query: UserSearchQuery, agencyColumn = 'period'): FilterInfo[] {
  const filters: FilterInfo[] = [];
  const term = (query.term ?? '').trim();
  if (term.length >= 2) filters.push({ column: 'searchableName', value: term, operation: 'Contains' });
  if (query.organizationId) filters.push({ column: agencyColumn, value: query.organizationId, operation: 'Equals' });
  return filters;
}

/**
 * One component for every screen that searches people: Search Users (User Records, Training
 * Report, Archived Training Reports) and later enrollment ('Enroll Student' / 'Already Registered')
 * and coaching, each passing the row actions it offers.
 */
export function UserSearch({ query, actions, onRowAction, ownActions = [], gridId = USER_SEARCH_GRID, caption, idle, rowFacts, agencyColumn }: UserSearchProps) {
  const m = useMetadata();
  const grid = m.grid(gridId);
  const reloadGrids = useReloadGrids();
  const entityTypeId = grid?.entityTypeId;
  const reload = useCallback(() => { if (entityTypeId !== undefined) reloadGrids(entityTypeId); }, [reloadGrids, entityTypeId]);
  const windows = useRowActionModals(grid, reload);
  const offered = useMemo(() => new Set([...actions.filter((a) => windows.offered?.has(a)), ...ownActions]), [actions, ownActions, windows.offered]);
  const filters = useMemo(() => userSearchFilters(query, agencyColumn), [query, agencyColumn]);
  const run = useCallback((actionId: string, row: GridRow) => {
    if (windows.offered?.has(actionId) && actions.includes(actionId)) windows.onRowAction?.(actionId, row);
    else onRowAction?.(actionId, row);
  }, [actions, onRowAction, windows]);
  if (!grid) return null;
  if (!searchable(query)) return <>{idle ?? null}</>;
  return (
    <>
      <DataGrid key={JSON.stringify(filters)} gridId={gridId} caption={caption} defaultFilters={filters}
        onOpenForm={() => undefined} offeredActions={offered} onRowAction={run} rowFacts={rowFacts} />
      {windows.modal}
    </>
  );
}
