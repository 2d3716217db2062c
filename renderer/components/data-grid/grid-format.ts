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

/** What a cell shows: en-US dates, Yes/No, numbers with separators (engine/text/format.ts). */
export function cellText(column: GridColumn, row: GridRow): string {
  const text = formatCell(column, cellValue(row, column.propertyName));
  return column.allowHtml ? textOfHtml(text) : text;
}

/** 'Last Updated on' date: MM/DD/YYYY in the tenant's time zone (a bare date is shown as it is). */
export function formatUpdatedDate(value: string, timeZone: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  const iso = value.includes('T') ? value : `${value.replace(' ', 'T')}Z`;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** A total as shown: '10,000+' when the server capped the count. */
export function formatTotal(total: number, capped: boolean): string {
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
}
