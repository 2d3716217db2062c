import type { CalendarEvent } from '../../../engine/enrollment/calendar-event.js';
import { api } from '../../app/api-client.js';

export type { CalendarEvent };

/** Which events the calendar shows: a person's own enrollments, or (acting as trainer) the sessions of their courses. */
export type CalendarFeed = 'person' | 'trainer';

const PATH: Record<CalendarFeed, string> = { person: '/enrollment/calendarevents', trainer: '/enrollment/trainercalendarevents' };

/** The events of the days from `start` (YYYY-MM-DD) to `end` (exclusive); both optional (the server's default range). */
export function calendarEvents(feed: CalendarFeed, range: { start?: string; end?: string } = {}): Promise<CalendarEvent[]> {
  const query = new URLSearchParams(Object.entries(range).filter((e): e is [string, string] => e[1] !== undefined)).toString();
  return api<CalendarEvent[]>('GET', `${PATH[feed]}${query ? `?${query}` : ''}`);
}

/** POST /api/enrollment/cancelregistration for oneself: the number cancelled. */
export function cancelOwnRegistration(courseSectionId: number, userId: number): Promise<number> {
  return api<number>('POST', '/enrollment/cancelregistration', { courseSectionId, userId, comment: null });
}
