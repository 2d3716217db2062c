import type { Roles } from '../access/role-duties.js';
import { addDays, dayNumber, isDateInRange } from '../rules/dates.js';
import { ENROLLMENT_STATUS, isCancellable } from './enrollment-status.js';

/**
 * Calendar events (spec part 3 section 3 "Calendar event", section 7 My Calendar): the status
 * codes, the legend entry each event belongs to and the bounded range a calendar asks for.
 */

/** The spec's status codes of a calendar event: 1 active (Registered), 4 waitlist, 8 pending. */
export const CALENDAR_STATUS_CODE: Readonly<Record<string, number>> = {
  [ENROLLMENT_STATUS.registered]: 1,
  [ENROLLMENT_STATUS.waitlisted]: 4,
  [ENROLLMENT_STATUS.pendingApproval]: 8,
};

/** The enrollment statuses the calendar shows, in the order of CALENDAR_STATUS_CODE. */
export const CALENDAR_STATUSES: readonly string[] = Object.keys(CALENDAR_STATUS_CODE);

/** The legends (spec: Registered, Pending Approval, Waitlist, Past; trainers Upcoming, Past); each is `calendar.legend.<key>` and `calendar.color.<key>` in the text catalogue. */
export const PERSON_LEGEND = ['registered', 'pending', 'waitlist', 'past'] as const;
export const TRAINER_LEGEND = ['upcoming', 'past'] as const;
export type LegendKey = (typeof PERSON_LEGEND)[number] | (typeof TRAINER_LEGEND)[number];

const LEGEND_OF_STATUS: Readonly<Record<string, LegendKey>> = {
  [ENROLLMENT_STATUS.registered]: 'registered',
  [ENROLLMENT_STATUS.waitlisted]: 'waitlist',
  [ENROLLMENT_STATUS.pendingApproval]: 'pending',
};

/** The legend entry of a person's event: Past once it has ended, else its status's. */
export function personLegend(status: string, past: boolean): LegendKey {
  return past ? 'past' : (LEGEND_OF_STATUS[status] ?? 'registered');
}

/** The legend entry of a trainer's session. */
export function trainerLegend(past: boolean): LegendKey {
  return past ? 'past' : 'upcoming';
}

/** Whether the person may cancel from the popup: a held place (not pending) of an unlocked session that has not ended. */
export function cancellableFromCalendar(status: string, locked: boolean, past: boolean): boolean {
  return !past && isCancellable(status, locked);
}

/** A wall-clock time cut to minute precision (the spec's 16 characters: YYYY-MM-DDTHH:mm). */
export const toMinute = (wallClock: string): string => wallClock.slice(0, 16);

/** The longest range one call may ask for, in days, and the range when none is given. */
export const MAX_RANGE_DAYS = 400;
export const DEFAULT_DAYS_BACK = 31;
export const DEFAULT_DAYS_AHEAD = 366;

export type CalendarRange = { ok: true; start: string; end: string } | { ok: false; field: 'start' | 'end'; message: string };

/**
 * The days (YYYY-MM-DD, end exclusive) a calendar call covers: the given start and end, or from
 * DEFAULT_DAYS_BACK before today (or the start) to DEFAULT_DAYS_AHEAD after it; at most
 * MAX_RANGE_DAYS, end after start.
 */
export function calendarRange(today: string, start?: string, end?: string): CalendarRange {
  for (const [field, v] of [['start', start], ['end', end]] as const) {
    if (v !== undefined && !(/^\d{4}-\d{2}-\d{2}$/.test(v) && isDateInRange(v))) return { ok: false, field, message: `The ${field} must be a date (YYYY-MM-DD).` };
  }
  const from = start ?? (end ? addDays(end, -DEFAULT_DAYS_AHEAD - DEFAULT_DAYS_BACK) : addDays(today, -DEFAULT_DAYS_BACK));
  const to = end ?? addDays(start ?? today, DEFAULT_DAYS_AHEAD);
  const days = dayNumber(to)! - dayNumber(from)!;
  if (days <= 0) return { ok: false, field: 'end', message: 'The end must be after the start.' };
  if (days > MAX_RANGE_DAYS) return { ok: false, field: 'end', message: `The range may span at most ${MAX_RANGE_DAYS} days.` };
  return { ok: true, start: from, end: to };
}

/**
 * The calendar a person sees: acting in a role that teaches (roles.json `teaches`), the
 * sessions of their courses with the trainers' legend; otherwise their own enrollments. The
 * server's rule actingAsTrainer (metadata/rules.json) guards the trainer's events; this only picks
 * what the browser asks for.
 */
export function calendarFeedOf(roles: Roles, activeRole: string): 'person' | 'trainer' {
  return roles.get(activeRole)?.teaches === true ? 'trainer' : 'person';
}

/** A wall-clock minute (YYYY-MM-DDTHH:mm) as an instant of UTC, so it formats as written in any browser's time zone. */
export const wallClockAsUtc = (wallClock: string): string => `${wallClock}Z`;

/**
 * A calendar event as GET /api/enrollment/calendarevents and /trainercalendarevents answer it: the
 * spec's fields (name, description, start and end as the tenant's wall clock to the minute, timed,
 * status, color) and what the popup needs.
 */
export interface CalendarEvent {
  name: string;
  description: string;
  start: string;
  end: string;
  timed: boolean;
  status: number;
  color: string;
  sectionId: number;
  courseName: string;
  sectionName: string;
  statusText: string;
  legend: LegendKey;
  past: boolean;
  cancellable: boolean;
}
