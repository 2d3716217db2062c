import type { GridColumn } from '../metadata/grid-schema.js';

/** One Intl.DateTimeFormat per time zone and style (creating one costs ~0.6 ms). */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    const time = withTime ? { hour: 'numeric', minute: '2-digit' } as const : {};
    formats.set(key, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', ...time })));
  }
  return format;
}

const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant from ISO text (a stored 'YYYY-MM-DD HH:MM:SS' without zone is UTC), or null. */
function instant(value: string): Date | null {
  const iso = value.includes('T') ? value : `${value.replace(' ', 'T')}Z`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * en-US date (MM/DD/YYYY): a bare date (YYYY-MM-DD) as it is, an instant as its date in the
 * tenant's time zone; the input unchanged when it is neither.
 */
export function formatDate(value: string, timeZone: string): string {
  const day = BARE_DATE.exec(value);
  if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) return value;
  const d = instant(value);
  return d ? formatIn(timeZone, false).format(d) : value;
}

/** en-US date and time of an ISO instant, in the tenant's time zone. */
export function formatDateTime(value: string, timeZone: string): string {
  const d = instant(value);
  return d ? formatIn(timeZone, true).format(d) : value;
}

/** A grid cell as text, following the column descriptor's format switches; times in the tenant's time zone. */
export function formatCell(column: GridColumn, value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  const text = String(value);
  if (column.isTimeStamp || column.showTime) return formatDateTime(text, timeZone);
  if (column.formatDate) return formatDate(text, timeZone);
  if (column.formatNumber && typeof value === 'number') return value.toLocaleString('en-US');
  return text;
}

/** The time stamp of downloaded file names: YYYYMMDD_HHMMSS on the wall clock of the time zone. */
export function fileTimeStamp(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}_${parts.hour}${parts.minute}${parts.second}`;
}

/**
 * The one name of every downloaded report or export (spec part 1 section 9, part 2 section 7:
 * "exported and downloaded file names are time-stamped"): the parts joined by '_', then the time
 * stamp and the extension; spaces and characters other than letters, digits, '_', '.', '-' removed.
 * E.g. ['TN Registry', 'TrainingReport'] -> TNRegistry_TrainingReport_20261123_231500.pdf
 */
export function stampedFileName(parts: readonly string[], ext: string, at: Date, timeZone: string): string {
  const words = parts.map((p) => p.replace(/\s+/g, '').replace(/[^A-Za-z0-9_.-]/g, '')).filter(Boolean);
  return `${[...words, fileTimeStamp(at, timeZone)].join('_')}.${ext}`;
}

/** Time-stamped export name: prefix, entity type name, date and time, spaces removed (spec part 2 section 7). */
export function exportFileName(prefix: string, entityName: string, ext: string, at: Date, timeZone: string): string {
  return stampedFileName([prefix, entityName], ext, at, timeZone);
}
