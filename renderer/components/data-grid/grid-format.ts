import type { GridColumn } from '../../../engine/metadata/grid-schema.js';
import { formatCell } from '../../../engine/text/format.js';
import type { GridRow } from './grid-types.js';

/** A row's value for a column; dotted property names read nested values (or a flat dotted key). */
export function cellValue(row: GridRow, propertyName: string): unknown {
  if (propertyName in row) return row[propertyName];
  let value: unknown = row;
  for (const part of propertyName.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Markup reduced to its text: cells are never injected as HTML. */
function textOfHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** What a cell shows: en-US dates and times in the tenant's time zone, Yes/No, numbers with separators (engine/text/format.ts). */
export function cellText(column: GridColumn, row: GridRow, timeZone: string): string {
  const text = formatCell(column, cellValue(row, column.propertyName), timeZone);
  return column.allowHtml ? textOfHtml(text) : text;
}

/** A total as shown: '1,000+' when the server capped the count. */
export function formatTotal(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}
