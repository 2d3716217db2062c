import type { Inbox } from '../../../engine/metadata/inbox-schema.js';

/** The preview length for a window width (spec part 3 section 2: 100 up to 992 px, 180 up to 1400, 250 above). */
export function previewLength(width: number, lengths: Inbox['previewLengths']): number {
  return (lengths.find((l) => l.maxWidth === undefined || width <= l.maxWidth) ?? lengths[lengths.length - 1]!).length;
}

/** The start of a text, cut at `length` characters with an ellipsis. */
export function preview(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length).trimEnd()}…`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, kind: 'day' | 'time' | 'full'): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    const time = { hour: 'numeric', minute: '2-digit' } as const;
    const options = kind === 'day' ? day : kind === 'time' ? time : { ...day, ...time };
    formats.set(key, (f = new Intl.DateTimeFormat('en-US', { timeZone, ...options })));
  }
  return f;
}

/** An item's date in en-US: the time only for today (in the tenant's time zone), else the date (spec part 3 section 9). */
export function itemDate(iso: string, now: Date, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const day = format(timeZone, 'day');
  return day.format(at) === day.format(now) ? format(timeZone, 'time').format(at) : day.format(at);
}

/** The date and time in full (the open modal). */
export function fullDate(iso: string, timeZone: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : format(timeZone, 'full').format(at);
}

/** The text of sanitised HTML (read in an inert document: nothing runs or loads). */
export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html.replace(/<\/(p|li)>|<br\s*\/?>/gi, '$& ')}</body>`, 'text/html');
  return doc.body.textContent ?? '';
}
