import { addDays } from './dates.js';

/** Creating an Intl.DateTimeFormat costs ~0.6 ms; one per time zone is kept (docs/performance.md). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
}

function dayIn(timeZone: string, at: Date): string {
  return cached(dayFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(at);
}

/** Per time zone, the date of the minute (epoch minutes) it was last asked for: a date changes on a whole minute. */
const lastDay = new Map<string, { minute: number; day: string }>();

/**
 * Today's date (YYYY-MM-DD) in a time zone: the "today" of every rule, on server and browser.
 * Formatting costs ~10 µs, and every request asks: the answer is kept for the rest of its minute
 * (time zones are offset from UTC by whole minutes, so a date begins on a minute's start).
 */
export function todayIn(timeZone: string, at?: Date): string {
  if (at) return dayIn(timeZone, at);
  const now = Date.now();
  const minute = Math.floor(now / 60_000);
  const last = lastDay.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = dayIn(timeZone, new Date(now));
  lastDay.set(timeZone, { minute, day });
  return day;
}

/** How far the time zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, at: number): number {
  const format = cached(clockFormats, timeZone, () => new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }));
  const p = Object.fromEntries(format.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000;
}

/** The instant (ISO, UTC) at which a day (YYYY-MM-DD, plus `days`) begins in a time zone. */
export function startOfDayIn(day: string, timeZone: string, days = 0): string {
  const wall = Date.parse(`${addDays(day, days)}T00:00:00Z`);
  let at = wall - offsetAt(timeZone, wall);
  at = wall - offsetAt(timeZone, at);
  return new Date(at).toISOString();
}

/** The instant (ISO, UTC) a wall-clock time (YYYY-MM-DDTHH:mm, optional seconds) of a time zone stands for. */
export function instantOfWallClock(wall: string, timeZone: string): string {
  const t = Date.parse(`${wall.length === 16 ? `${wall}:00` : wall}Z`);
  let at = t - offsetAt(timeZone, t);
  at = t - offsetAt(timeZone, at);
  return new Date(at).toISOString();
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) of an instant in a time zone; null when it is no instant. */
export function wallClockIn(instant: string, timeZone: string): string | null {
  const t = Date.parse(instant);
  return Number.isNaN(t) ? null : new Date(t + offsetAt(timeZone, t)).toISOString().slice(0, 16);
}

/** Whether the name is a time zone this platform knows (IANA, e.g. America/Chicago). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The registry's time zone when a tenant names none: the help center's Central time (spec part 1). */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
