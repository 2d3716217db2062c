import {
  CALENDAR_STATUS_CODE, CALENDAR_STATUSES, calendarRange, cancellableFromCalendar, personLegend, toMinute, trainerLegend, type CalendarEvent, type LegendKey,
} from '../../../engine/enrollment/calendar-event.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { startOfDayIn, todayIn, wallClockIn } from '../../../engine/rules/today.js';
import type { AppContext } from '../../app-context.js';
import { personSessions, trainerSessions, type SessionRow, type Window } from '../../data/calendar-store.js';
import { timestampText } from '../../data/clock.js';
import { invalid } from '../../errors.js';

/** The instants of the asked days (tenant's days, end exclusive). */
function windowOf(ctx: AppContext, range: { start?: string; end?: string }): Window {
  const timeZone = ctx.registry.tenant.timeZone;
  const days = calendarRange(todayIn(timeZone), range.start, range.end);
  if (!days.ok) throw invalid(days.message, { [days.field]: days.message });
  return { before: startOfDayIn(days.end, timeZone), from: startOfDayIn(days.start, timeZone) };
}

function eventOf(ctx: AppContext, r: SessionRow, legendOf: (past: boolean) => LegendKey, status: string, cancellable: (past: boolean) => boolean): CalendarEvent {
  const timeZone = ctx.registry.tenant.timeZone;
  const end = timestampText(r.training_end_date);
  const past = Date.parse(end) < Date.now();
  const legend = legendOf(past);
  const wall = (v: string | Date) => toMinute(wallClockIn(timestampText(v), timeZone) ?? '');
  return {
    name: `${r.course_name}: ${r.section_name}`, description: r.description ?? '',
    start: wall(r.training_start_date), end: wall(r.training_end_date), timed: true,
    status: CALENDAR_STATUS_CODE[status] ?? CALENDAR_STATUS_CODE.Registered!, color: ctx.registry.texts[`calendar.color.${legend}`] ?? '#1a4480',
    sectionId: Number(r.section_id), courseName: r.course_name, sectionName: r.section_name, statusText: status,
    legend, past, cancellable: cancellable(past),
  };
}

/**
 * GET /api/enrollment/calendarevents: the caller's own active enrollments (Registered 1,
 * Waitlisted 4, Pending Approval 8) in the range, times in the tenant's wall clock to the minute.
 */
export async function personCalendarEvents(ctx: AppContext, caller: RuleContext, range: { start?: string; end?: string }): Promise<CalendarEvent[]> {
  const rows = await personSessions(ctx.db.knex, windowOf(ctx, range), caller.user.id, CALENDAR_STATUSES);
  return rows.map((r) => eventOf(ctx, r, (past) => personLegend(r.status, past), r.status,
    (past) => cancellableFromCalendar(r.status, Boolean(r.locked), past)));
}

/**
 * GET /api/enrollment/trainercalendarevents: the sessions of the caller's own courses, only while
 * acting as trainer (250; rule actingAsTrainer, the access of the route); status 1 (an active session), never cancellable.
 */
export async function trainerCalendarEvents(ctx: AppContext, caller: RuleContext, range: { start?: string; end?: string }): Promise<CalendarEvent[]> {
  const rows = await trainerSessions(ctx.db.knex, windowOf(ctx, range), caller.user.id);
  // a session has no enrollment status: code 1 (active), no status text
  return rows.map((r) => eventOf(ctx, r, trainerLegend, '', () => false));
}
