import { useAtomValue } from 'jotai';
import { calendarFeedOf, PERSON_LEGEND, TRAINER_LEGEND } from '../../../engine/enrollment/calendar-event.js';
import { useMetadata } from '../../app/metadata.js';
import { useActiveRole } from '../../app/rule-context.js';
import { sessionAtom } from '../../app/session.js';
import type { CalendarFeed } from './calendar-api.js';

/** The calendar of the signed-in person's active role: which events, and which legend. */
export function useCalendarFeed(): { feed: CalendarFeed; legend: readonly string[]; userId: number } {
  const session = useAtomValue(sessionAtom);
  const feed = calendarFeedOf(useMetadata().roleById, useActiveRole());
  return { feed, legend: feed === 'trainer' ? TRAINER_LEGEND : PERSON_LEGEND, userId: session?.userId ?? 0 };
}
