import type { EventClickArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { wallClockIn } from '../../../engine/rules/today.js';
import { useMetadata } from '../../app/metadata.js';
import { useToasts } from '../../components/toasts.js';
import { ScreenHeading } from '../screen-heading.js';
import { calendarEvents, type CalendarEvent, type CalendarFeed } from './calendar-api.js';
import { CalendarLegend } from './calendar-legend.js';
import './calendar.css';
import { EventPopup } from './event-popup.js';
import { useCalendarFeed } from './use-calendar-feed.js';

/** Spec part 3 section 9: calendar height 600. */
const CALENDAR_HEIGHT = 600;

const asInput = (e: CalendarEvent): EventInput => ({
  id: String(e.sectionId), title: e.name, start: e.start, end: e.end, allDay: !e.timed,
  backgroundColor: e.color, borderColor: e.color, textColor: '#ffffff', extendedProps: { event: e },
});

/**
 * An evening session that ends after midnight (before this time of the next day) is shown on the
 * day it starts only: the month view does not spread it over two days' cells.
 */
const NEXT_DAY_THRESHOLD = '09:00:00';

/** FullCalendar's "+n more" is a link without an address that opens a popover on Enter and Space: a button. */
const asButton = ({ el }: { el: HTMLElement }) => el.setAttribute('role', 'button');

/** Week and day views open an hour before the tenant's current hour. */
function scrollTime(timeZone: string): string {
  const hour = Number((wallClockIn(new Date().toISOString(), timeZone) ?? '').slice(11, 13)) || 7;
  return `${String(Math.max(hour - 1, 0)).padStart(2, '0')}:00:00`;
}

/**
 * The calendar's "now" is the tenant's wall clock, as are the events' times: today's column, the
 * now line and the first month shown follow the tenant's day, not the browser's.
 */
const tenantNow = (timeZone: string) => () => wallClockIn(new Date().toISOString(), timeZone) ?? new Date();

/** The days (YYYY-MM-DD) a view shows, as the calendar asks for them. */
function loader(feed: CalendarFeed, onError: (e: unknown) => void) {
  return (info: EventSourceFuncArg, success: (events: EventInput[]) => void, failure: (e: Error) => void) => {
    calendarEvents(feed, { start: info.startStr.slice(0, 10), end: info.endStr.slice(0, 10) })
      .then((list) => success(list.map(asInput)), (e: unknown) => { onError(e); failure(e instanceof Error ? e : new Error(String(e))); });
  };
}

/**
 * View Calendar (route calendar-view; spec part 3 section 7): month (default), week and day views
 * with Today, previous and next; the legend of the active role; an event opens its popup.
 */
export function CalendarViewScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const toasts = useToasts();
  const { feed, legend, userId } = useCalendarFeed();
  const calendar = useRef<FullCalendar>(null);
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  // one event source per feed: a new function would refetch on every render
  const [source] = useState(() => loader(feed, (e) => toasts.showError(e)));
  // one function per time zone: a new one on every render would make the calendar reset its options
  const now = useMemo(() => tenantNow(m.tenant.timeZone), [m.tenant.timeZone]);
  const onClick = useCallback((arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    setOpen(arg.event.extendedProps.event as CalendarEvent);
  }, []);
  return (
    <div className="registry-calendar">
      <ScreenHeading>{route.displayName ?? 'View Calendar'}</ScreenHeading>
      <CalendarLegend entries={legend} />
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin]}
        initialView="dayGridMonth"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        buttonIcons={false}
        buttonText={{ prev: m.text('calendar.previous'), next: m.text('calendar.next'), today: m.text('calendar.today'), month: m.text('calendar.month'), week: m.text('calendar.week'), day: m.text('calendar.day') }}
        height={CALENDAR_HEIGHT}
        events={source}
        eventDisplay="block"
        eventInteractive
        eventClick={onClick}
        dayMaxEvents
        nextDayThreshold={NEXT_DAY_THRESHOLD}
        moreLinkDidMount={asButton}
        nowIndicator
        now={now}
        scrollTime={scrollTime(m.tenant.timeZone)}
        windowResizeDelay={0}
      />
      {open && <EventPopup event={open} userId={userId} onClose={() => setOpen(null)} onChanged={() => calendar.current?.getApi().refetchEvents()} />}
    </div>
  );
}
