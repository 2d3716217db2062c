/** The current instant as stored in the database. */
export function nowIso(): string {
  return new Date().toISOString();
}

/** Today's date (YYYY-MM-DD) in the tenant's time zone: "today" of every rule. */
export function todayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
