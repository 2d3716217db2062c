import type { FilterInfo } from '../../../engine/grid/grid-request.js';
import type { RowAction, SortDirection } from '../../../engine/metadata/grid-schema.js';
import type { OfferedTransition } from '../workflow/offered-transition.js';

/** One row of POST /api/grid: the record's fields plus the server's row flags. */
export interface GridRow {
  id: number;
  disabled?: boolean;
  canView?: boolean;
  canEdit?: boolean;
  canDisable?: boolean;
  canDelete?: boolean;
  [field: string]: unknown;
}

export interface DataGridProps {
  /** metadata grid id */
  gridId: string;
  /** whose records (owner grids); absent = the signed-in person */
  primaryEntity?: { Id: number; FirstName?: string; LastName?: string } | null;
  /** Add New (row null), View, Edit */
  onOpenForm: (mode: 'add' | 'view' | 'edit', row: GridRow | null) => void;
  /** extra row actions of the grid metadata; without it they are not offered */
  onRowAction?: (actionId: string, row: GridRow) => void;
  /** the extra actions the screen handles (all of the grid's when absent) */
  offeredActions?: ReadonlySet<string>;
  /** filters the screen adds to every request (e.g. the Requests screen's organization) */
  defaultFilters?: readonly FilterInfo[];
  /** accessible table caption (e.g. 'Education records') */
  caption?: string;
  /** the selected rows, on grids with multiRowSelect */
  onSelectionChange?: (rows: GridRow[]) => void;
  /** the rows of the page shown, each time a page loads (e.g. to match a live event against them) */
  onRowsChange?: (rows: readonly GridRow[]) => void;
  /** what the screen knows of a row beyond its fields (e.g. enrolled in the chosen session), seen as row.* by the row actions' rules */
  rowFacts?: (row: GridRow) => Record<string, unknown>;
}

/** POST /api/grid/summary (docs/decisions.md "Grid API"). */
export interface GridSummary {
  total: number;
  totalCapped: boolean;
  maxUpdatedDate: string | null;
  pageSize: number;
  canAdd: boolean;
  canIncludeDisabled: boolean;
}

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** The standard row actions plus the grid's extra actions whose visibility rule holds. */
export interface RowActionSet {
  view: boolean;
  edit: boolean;
  disable: boolean;
  delete: boolean;
  /** the steps of the row's workflow the server offers the caller now */
  transitions: OfferedTransition[];
  extra: RowAction[];
  /** the steps come after the extra actions (grid `stepsLast`) */
  stepsLast: boolean;
}

/** Catalogue lookup as useMetadata().text. */
export type TextFn = (key: string, params?: Record<string, string | number>) => string;
