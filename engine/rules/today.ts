/** Today's date (YYYY-MM-DD) in a time zone: the "today" of every rule, on server and browser. */
export function todayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export const DEFAULT_TIME_ZONE = 'America/Chicago';
