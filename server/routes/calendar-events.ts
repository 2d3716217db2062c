import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { personCalendarEvents, trainerCalendarEvents } from '../domain/calendar/calendar-events.js';
import { answers } from './answer-schemas.js';

const tags = ['enrollment'];
const Day = (description: string) => Type.Optional(Type.String({ maxLength: 10, description }));
const RangeQuery = Type.Object({
  start: Day('first day shown (YYYY-MM-DD, the tenant\'s day); default 31 days before today, or before the end'),
  end: Day('the day after the last one shown (exclusive); default 366 days after the start; at most 400 days after the start'),
}, { additionalProperties: false });

const S = Type.String();
const CalendarEvent = Type.Object({
  name: Type.String({ description: "'course: session'" }),
  description: S,
  start: Type.String({ description: "the tenant's wall clock to the minute: YYYY-MM-DDTHH:mm" }),
  end: Type.String({ description: "the tenant's wall clock to the minute: YYYY-MM-DDTHH:mm" }),
  timed: Type.Boolean(),
  status: Type.Integer({ description: '1 active (Registered; a trainer\'s session), 4 waitlist, 8 pending (Pending Approval)' }),
  color: Type.String({ description: "the legend entry's color (text catalogue calendar.color.*)" }),
  sectionId: Type.Integer(),
  courseName: S,
  sectionName: S,
  statusText: Type.String({ description: "the enrollment status; '' for a trainer's session" }),
  legend: Type.String({ description: 'registered, pending, waitlist, upcoming or past' }),
  past: Type.Boolean({ description: 'the session has ended' }),
  cancellable: Type.Boolean({ description: 'the person may cancel the place from the calendar' }),
}, { additionalProperties: false });

/** My Calendar (spec part 3 sections 3 and 7): a person's enrollments and a trainer's sessions as calendar events. */
export const calendarEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/enrollment/calendarevents', {
    schema: { 'x-access': 'signedIn', tags, summary: "The caller's Registered, Waitlisted and Pending Approval sessions in a range of days", querystring: RangeQuery, response: answers({ 200: Type.Array(CalendarEvent) }) },
  }, async (request) => personCalendarEvents(ctx, request.caller, request.query));

  app.get('/enrollment/trainercalendarevents', {
    schema: { 'x-access': 'actingAsTrainer', tags, summary: "The sessions of the caller's own courses in a range of days (acting as trainer, 250)", querystring: RangeQuery, response: answers({ 200: Type.Array(CalendarEvent) }) },
  }, async (request) => trainerCalendarEvents(ctx, request.caller, request.query));
};
