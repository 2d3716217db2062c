import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { insertedId } from '../../server/data/inserted-id.js';
import { addPerson, switchRole, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { addCourse, addEnrollment } from '../support/training.js';

/**
 * My Calendar's events (issue 14 item 7; spec part 3 sections 3 and 7) on tenant al, whose time
 * zone is America/Chicago: 15:00 UTC on a January day is 09:00 there.
 */
let t: TestApp;
let trainer: Person;
let otherTrainer: Person;
let pro: Person;
let other: Person;
let courseId: number;
const JANUARY = 'start=2099-01-01&end=2099-02-01';

interface Event { name: string; start: string; end: string; timed: boolean; status: number; color: string; sectionId: number; legend: string; past: boolean; cancellable: boolean; statusText: string }

async function addSession(name: string, start: string, end: string, extra: Record<string, unknown> = {}, course = courseId): Promise<number> {
  const now = new Date().toISOString();
  return insertedId(await t.database.db.knex('course_sections').insert({
    course_id: course, section_name: name, training_start_date: start, training_end_date: end, seats: 10, waitlist_seats: 2,
    locked: false, created_at: now, updated_at: now, created_by: trainer.id, disabled: false, ...extra,
  }).returning('id'));
}
const events = async (p: Person, query = JANUARY, path = 'calendarevents'): Promise<Event[]> => {
  const res = await t.get(`/api/enrollment/${path}?${query}`, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Event[]>();
};

beforeAll(async () => {
  t = await startTestApp('al');
  trainer = await addPerson(t, 'Trainer', [{ role: '250' }]);
  otherTrainer = await addPerson(t, 'Otrainer', [{ role: '250' }]);
  pro = await addPerson(t, 'Pro', [{ role: '100' }]);
  other = await addPerson(t, 'Other', [{ role: '100' }]);
  courseId = await addCourse(t, trainer.id, 'Early Literacy');
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('a person\'s calendar events', () => {
  it('maps Registered, Waitlisted and Pending Approval to 1, 4 and 8, in the tenant\'s wall clock cut to the minute', async () => {
    const a = await addSession('A', '2099-01-15T15:00:00Z', '2099-01-15T18:30:45Z');
    const b = await addSession('B', '2099-01-16T15:00:00Z', '2099-01-16T17:00:00Z');
    const c = await addSession('C', '2099-01-17T15:00:00Z', '2099-01-17T17:00:00Z');
    await addEnrollment(t, a, pro.id, 'Registered');
    await addEnrollment(t, b, pro.id, 'Waitlisted');
    await addEnrollment(t, c, pro.id, 'Pending Approval');
    const list = await events(pro);
    expect(list.map((e) => [e.sectionId, e.status, e.start, e.end, e.legend, e.cancellable])).toEqual([
      [a, 1, '2099-01-15T09:00', '2099-01-15T12:30', 'registered', true],
      [b, 4, '2099-01-16T09:00', '2099-01-16T11:00', 'waitlist', true],
      // a pending request holds no place: nothing to cancel (the server refuses it too)
      [c, 8, '2099-01-17T09:00', '2099-01-17T11:00', 'pending', false],
    ]);
    expect(list[0]).toMatchObject({ name: 'Early Literacy: A', timed: true, color: '#1a4480', statusText: 'Registered', past: false });
    expect(list.map((e) => e.color)).toEqual(['#1a4480', '#54278f', '#8c4a00']);
    // another person sees none of them
    expect(await events(other)).toEqual([]);
  });

  it('leaves out cancelled, unregistered, denied places, disabled sessions and sessions outside the range', async () => {
    const p = await addPerson(t, 'Varied', [{ role: '100' }]);
    for (const [i, status] of ['Unregistered', 'Canceled', 'Denied', 'System Cancellation'].entries()) {
      await addEnrollment(t, await addSession(`X${i}`, '2099-01-20T15:00:00Z', '2099-01-20T17:00:00Z'), p.id, status);
    }
    await addEnrollment(t, await addSession('Disabled', '2099-01-21T15:00:00Z', '2099-01-21T17:00:00Z', { disabled: true }), p.id);
    const march = await addSession('March', '2099-03-02T15:00:00Z', '2099-03-02T17:00:00Z');
    await addEnrollment(t, march, p.id);
    expect(await events(p)).toEqual([]);
    expect((await events(p, 'start=2099-03-01&end=2099-04-01')).map((e) => e.sectionId)).toEqual([march]);
  });

  it('marks an ended session Past and not cancellable, and a locked one not cancellable', async () => {
    const p = await addPerson(t, 'Pastime', [{ role: '100' }]);
    const ago = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const ended = await addSession('Ended', ago(5), ago(3));
    const locked = await addSession('Locked', '2099-01-22T15:00:00Z', '2099-01-22T17:00:00Z', { locked: true });
    await addEnrollment(t, ended, p.id);
    await addEnrollment(t, locked, p.id);
    const [e] = await events(p, '');
    expect(e).toMatchObject({ sectionId: ended, legend: 'past', past: true, cancellable: false, color: '#565c65', status: 1 });
    expect((await events(p))[0]).toMatchObject({ sectionId: locked, legend: 'registered', cancellable: false });
  });

  it('cancelling from the calendar removes the event', async () => {
    const p = await addPerson(t, 'Canceller', [{ role: '100' }]);
    const s = await addSession('Cancel me', '2099-01-23T15:00:00Z', '2099-01-23T17:00:00Z');
    await addEnrollment(t, s, p.id);
    expect((await events(p)).map((e) => e.sectionId)).toEqual([s]);
    expect((await t.post('/api/enrollment/cancelregistration', { courseSectionId: s, userId: p.id, comment: null }, p.token)).statusCode).toBe(200);
    expect(await events(p)).toEqual([]);
  });

  it.each([
    ['start=2099-02-01&end=2099-01-01', 'end'],
    ['start=2099-01-01&end=2100-03-01', 'end'],
    ['start=tomorrow', 'start'],
    ['start=2099-02-30', 'start'],
    ['end=2099-01-01T00:00', 'end'],
    ['userId=5', 'userId'],
  ])('refuses the range %s with 400', async (query) => {
    const res = await t.get(`/api/enrollment/calendarevents?${query}`, pro.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
  });

  it('needs a signed-in person', async () => {
    expect((await t.get('/api/enrollment/calendarevents')).statusCode).toBe(401);
    expect((await t.get('/api/enrollment/trainercalendarevents')).statusCode).toBe(401);
  });
});

describe('a trainer\'s calendar events', () => {
  it('lists only the sessions of their own courses, Upcoming and Past, while acting as trainer', async () => {
    const t2 = await addPerson(t, 'Dual', [{ role: '250' }, { role: '100' }], '250');
    const own = await addCourse(t, t2.id, 'Own Course');
    const foreign = await addCourse(t, otherTrainer.id, 'Foreign Course');
    const mine = await addSession('Mine', '2099-01-25T15:00:00Z', '2099-01-25T17:00:00Z', {}, own);
    await addSession('Theirs', '2099-01-25T15:00:00Z', '2099-01-25T17:00:00Z', {}, foreign);
    const ago = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const old = await addSession('Old', ago(30), ago(28), {}, own);
    const list = await events(t2, JANUARY, 'trainercalendarevents');
    expect(list.map((e) => [e.sectionId, e.name, e.start, e.legend, e.status, e.cancellable, e.color])).toEqual([
      [mine, 'Own Course: Mine', '2099-01-25T09:00', 'upcoming', 1, false, '#216e1f'],
    ]);
    expect((await events(t2, '', 'trainercalendarevents')).map((e) => [e.sectionId, e.legend, e.past])).toEqual([[old, 'past', true]]);
    // the other trainer sees theirs, not these
    expect((await events(otherTrainer, JANUARY, 'trainercalendarevents')).map((e) => e.name)).toEqual(['Foreign Course: Theirs']);
    // acting as professional: 403; a professional: 403
    await switchRole(t, t2, '100');
    expect((await t.get(`/api/enrollment/trainercalendarevents?${JANUARY}`, t2.token)).statusCode).toBe(403);
    expect((await t.get(`/api/enrollment/trainercalendarevents?${JANUARY}`, pro.token)).statusCode).toBe(403);
  });
});

describe('the demo', () => {
  it('gives the demo professional a Past and a Registered event and the demo trainer their sessions', async () => {
    const demo = await startTestApp('al');
    try {
      await seedDemo(demo.app.ctx);
      const tokenOf = async (role: string) => {
        const login = await demo.post('/api/auth/login', { userName: demoUserName(role), password: DEMO_PASSWORD });
        return (JSON.parse(login.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token;
      };
      const mine = await demo.get('/api/enrollment/calendarevents', await tokenOf('100'));
      expect(mine.json<Event[]>().map((e) => e.legend)).toEqual(['past', 'registered']);
      const taught = await demo.get('/api/enrollment/trainercalendarevents', await tokenOf('250'));
      expect(taught.json<Event[]>().map((e) => e.legend)).toEqual(['past', 'upcoming', 'upcoming']);
    } finally {
      await demo.close();
    }
  }, 60_000);
});
