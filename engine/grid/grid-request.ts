import type { FilterOperation, SortDirection } from '../metadata/grid-schema.js';

/** The spec's primary entity: the person who owns the records a grid or form shows. */
export interface PrimaryEntity {
  Id: number;
  EntityTypeId?: number;
  FirstName?: string | null;
  LastName?: string | null;
}

export interface EntityRef {
  Id: number;
  EntityTypeId: number;
}

export interface FilterInfo {
  column: string;
  value?: string | number | boolean | null;
  operation?: FilterOperation;
}

/** Body of POST /api/grid and /api/grid/summary (spec part 2 section 3). */
export interface GridRequest {
  from?: number;
  to?: number;
  formId?: number;
  entityTypeId?: number;
  includeDisabled?: boolean;
  multiRowSelect?: boolean;
  allowSelectAll?: boolean;
  allowClearSelection?: boolean;
  primaryEntity?: PrimaryEntity | null;
  sortInfo?: { column: string; direction?: SortDirection } | null;
  filterInfo?: FilterInfo | FilterInfo[] | null;
  defaultFilters?: FilterInfo[] | null;
  altGridId?: string | null;
}

export const GRID_DEFAULT_PAGE_SIZE = 5;
/** The most rows one page may ask for. */
export const GRID_MAX_PAGE = 500;
/** Totals above this are reported as "at least" (shown '1,000+'; docs/decisions.md). */
export const GRID_COUNT_CAP = 1_000;
