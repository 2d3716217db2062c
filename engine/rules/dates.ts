const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a YYYY-MM-DD (optionally followed by a time) into a UTC day number, or null. */
export function dayNumber(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value.slice(0, 10));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(t / 86_400_000);
}

export function isoFromDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const n = dayNumber(iso);
  if (n === null) throw new Error(`not an ISO date: ${iso}`);
  return isoFromDayNumber(n + days);
}

export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2200-12-31';

export function isDateInRange(value: string): boolean {
  const n = dayNumber(value);
  return n !== null && value.slice(0, 10) >= MIN_DATE && value.slice(0, 10) <= MAX_DATE;
}
