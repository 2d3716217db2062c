import type { GridColumn } from '../metadata/grid-schema.js';

/** en-US date (MM/DD/YYYY) of an ISO date or date-time; the input unchanged when it is not one. */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** en-US date and time of an ISO instant, in the given time zone. */
export function formatDateTime(value: string, timeZone = 'America/Chicago'): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' }).format(d);
}

/** A grid cell as text, following the column descriptor's format switches. */
export function formatCell(column: GridColumn, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  const text = String(value);
  if (column.isTimeStamp || column.showTime) return formatDateTime(text);
  if (column.formatDate) return formatDate(text);
  if (column.formatNumber && typeof value === 'number') return value.toLocaleString('en-US');
  return text;
}

/** Time-stamped export name: prefix, entity type name, date and time, spaces removed (spec part 2 section 7). */
export function exportFileName(prefix: string, entityName: string, ext: string, at: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  const stamp = `${parts.year}${parts.month}${parts.day}_${parts.hour}${parts.minute}${parts.second}`;
  return `${prefix}_${entityName}_${stamp}.${ext}`.replace(/\s+/g, '').replace(/[^A-Za-z0-9_.-]/g, '');
}
