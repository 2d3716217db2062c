import type { Grid, GridColumn } from '../../../engine/metadata/grid-schema.js';
import { cellText } from './grid-format.js';
import type { GridRow } from './grid-types.js';

/** The columns naming a row: the grid's displayColumns, else its first shown column. */
export function displayColumnsOf(grid: Grid): GridColumn[] {
  const named = (grid.displayColumns ?? []).map((p) => grid.columns.find((c) => c.propertyName === p)).filter((c): c is GridColumn => c !== undefined);
  if (named.length > 0) return named;
  const first = grid.columns.find((c) => !c.hidden);
  return first ? [first] : [];
}

/** A row's display value (e.g. 'Nashville State Community College'); empty when its columns are empty. */
export function rowDisplayName(columns: readonly GridColumn[], row: GridRow, timeZone: string): string {
  return columns.map((c) => cellText(c, row, timeZone).trim()).filter((t) => t !== '').join(', ');
}
