/** The current instant as stored in the database. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Creating an Intl.DateTimeFormat costs ~0.6 ms; one per time zone is kept (docs/performance.md). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in the tenant's time zone: "today" of every rule. */
export function todayIn(timeZone: string, at = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(at);
}
