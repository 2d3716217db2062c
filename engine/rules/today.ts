/** Creating an Intl.DateTimeFormat costs ~0.6 ms; one per time zone is kept (docs/performance.md). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in a time zone: the "today" of every rule, on server and browser. */
export function todayIn(timeZone: string, at = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(at);
}

export const DEFAULT_TIME_ZONE = 'America/Chicago';
