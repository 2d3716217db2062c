import { useCallback, useEffect, useState } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { todayIn } from '../../../engine/rules/today.js';
import { useMetadata } from '../../app/metadata.js';
import { useToasts } from '../../components/toasts.js';
import { ScreenHeading } from '../screen-heading.js';
import { calendarEvents, type CalendarEvent } from './calendar-api.js';
import './calendar.css';
import { EventPopup, showWallClock } from './event-popup.js';
import { useCalendarFeed } from './use-calendar-feed.js';

/**
 * Upcoming Trainings (route upcoming-trainings; spec part 3 section 7): the events of the calendar
 * that have not ended, from today on (the server's default range ahead), each opening the popup.
 */
export function UpcomingTrainingsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const toasts = useToasts();
  const { feed, userId } = useCalendarFeed();
  const [events, setEvents] = useState<CalendarEvent[] | null>(null);
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const load = useCallback(() => {
    calendarEvents(feed, { start: todayIn(m.tenant.timeZone) })
      .then((list) => setEvents(list.filter((e) => !e.past)), (e: unknown) => { toasts.showError(e); setEvents([]); });
  }, [feed, m.tenant.timeZone, toasts]);
  useEffect(load, [load]);
  return (
    <div className="registry-calendar">
      <ScreenHeading>{route.displayName ?? 'Upcoming Trainings'}</ScreenHeading>
      <p>{m.text(feed === 'trainer' ? 'calendar.trainerUpcomingIntro' : 'calendar.upcomingIntro')}</p>
      {events === null && <p className="registry-busy" role="status">{m.text('calendar.loading')}</p>}
      {events?.length === 0 && <p>{m.text('calendar.noUpcoming')}</p>}
      {events && events.length > 0 && (
        <ul className="registry-upcoming">
          {events.map((e) => (
            <li key={e.sectionId} className="registry-upcoming__item">
              <span aria-hidden="true" className="registry-calendar-legend__swatch" style={{ backgroundColor: e.color }} />
              <div>
                <button type="button" className="usa-button usa-button--unstyled registry-upcoming__name" onClick={() => setOpen(e)}>{e.name}</button>
                <div>{m.text('calendar.when', { start: showWallClock(e.start), end: showWallClock(e.end) })}</div>
                {e.statusText && <div>{`${m.text('calendar.status')}: ${e.statusText}`}</div>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {open && <EventPopup event={open} userId={userId} onClose={() => setOpen(null)} onChanged={load} />}
    </div>
  );
}
