import type { GridColumn } from '../../engine/metadata/grid-schema.js';

/** A page of POST /api/grid as the handler answers it (GridAnswer in grid-schemas.ts describes it). */
export interface GridPage {
  gridData: readonly Record<string, unknown>[];
  columns: readonly GridColumn[];
}

/** The JSON of each grid's columns: metadata, the same for every page of that grid until the metadata changes. */
const columnsJson = new WeakMap<readonly GridColumn[], string>();

/**
 * Writes a grid page as JSON. The rows are objects whose keys only the metadata knows, written by
 * JSON.stringify (the fastest way for unknown keys); the columns are written once per grid and
 * reused, so a page costs one JSON.stringify of its rows. The output equals JSON.stringify(page).
 */
export function writeGridPage(page: GridPage): string {
  let columns = columnsJson.get(page.columns);
  if (columns === undefined) {
    columns = JSON.stringify(page.columns);
    columnsJson.set(page.columns, columns);
  }
  return `{"gridData":${JSON.stringify(page.gridData)},"columns":${columns}}`;
}
