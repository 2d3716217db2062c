import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { addSection, dayOffset, peopleWith } from '../support/training.js';

/**
 * Registration (issue 14 items 3 and 4; spec part 3 sections 4, 6, 7 and 8) on tenant al, whose
 * training regions name their counties: Jefferson lies in Birmingham, Mobile in Mobile.
 */
let t: TestApp;
let trainer: Person;
let otherTrainer: Person;
let manager: Person;
let birmingham: number;
let mobile: number;
let seq = 0;

const knex = () => t.database.db.knex;
const pro = async (organizationId: number | null = birmingham) => addPerson(t, `Pro${++seq}`, [{ role: '100', ...(organizationId ? { organizationId } : {}) }]);
const call = async (url: string, body: Record<string, unknown>, p: Person) => t.post(`/api/enrollment/${url}`, body, p.token);
const code = async (url: string, body: Record<string, unknown>, p: Person): Promise<number> => {
  const res = await call(url, body, p);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<number>();
};
const own = (p: Person, courseSectionId: number, extra: Record<string, unknown> = {}) => ({ courseSectionId, userId: p.id, organizationId: birmingham, ...extra });
const statusOf = async (sectionId: number, userId: number) =>
  ((await knex()('enrollments').where({ course_section_id: sectionId, user_id: userId }).orderBy('id', 'desc').first('status')) as { status: string } | undefined)?.status;
const snapshot = async () => JSON.stringify([await knex()('enrollments').orderBy('id').select('id', 'status', 'waitlisted_at'), await t.count('audit'), await t.count('domain_events')]);
const kindsFor = async (userId: number) => ((await knex()('notifications').where({ recipient_id: userId }).orderBy('id').select('kind')) as { kind: string }[]).map((r) => r.kind);

beforeAll(async () => {
  t = await startTestApp('al');
  birmingham = await addOrganization(t, 'Birmingham Little Learners', { county: 'Jefferson' });
  mobile = await addOrganization(t, 'Mobile Bay Preschool', { county: 'Mobile' });
  trainer = await addPerson(t, 'Trainer', [{ role: '250' }]);
  otherTrainer = await addPerson(t, 'Otrainer', [{ role: '250' }]);
  manager = await addPerson(t, 'Manager', [{ role: '500' }]);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('own organizations and the region check', () => {
  it('getownorgs lists the organizations with an active staff role, by name', async () => {
    const both = await addPerson(t, 'Both', [{ role: '100', organizationId: mobile }, { role: '100', organizationId: birmingham }]);
    const res = await t.get('/api/enrollment/getownorgs', both.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ key: String(birmingham), value: 'Birmingham Little Learners' }, { key: String(mobile), value: 'Mobile Bay Preschool' }]);
    const none = await pro(null);
    expect((await t.get('/api/enrollment/getownorgs', none.token)).json()).toEqual([]);
    expect((await t.get('/api/enrollment/getownorgs')).statusCode).toBe(401);
  });

  it('answers 1 in region and 0 outside it, without an organization or for a county in no region', async () => {
    const p = await pro();
    const outside = await pro(mobile);
    const noCounty = await addOrganization(t, 'Countyless Care', { county: null });
    const q = (region: string, userId: number, organizationId: number | string, token: string) => t.get(`/api/coursesection/regioncheck?region=${encodeURIComponent(region)}&userId=${userId}&organizationId=${organizationId}`, token);
    expect((await q('Birmingham', p.id, birmingham, p.token)).json()).toBe(1);
    expect((await q('birmingham', p.id, birmingham, p.token)).json()).toBe(1);
    expect((await q('Mobile', p.id, birmingham, p.token)).json()).toBe(0);
    expect((await q('Birmingham', outside.id, mobile, outside.token)).json()).toBe(0);
    expect((await q('Birmingham', p.id, '', p.token)).json()).toBe(0);
    // a session without a region has nothing to check
    expect((await q('', p.id, '', p.token)).json()).toBe(1);
    const countyless = await pro(noCounty);
    expect((await q('Birmingham', countyless.id, noCounty, countyless.token)).json()).toBe(0);
    // another person's organization is bad input; another person's region only for those who enroll people
    expect((await q('Birmingham', p.id, mobile, p.token)).statusCode).toBe(400);
    expect((await q('Birmingham', p.id, birmingham, outside.token)).statusCode).toBe(403);
    expect((await q('Birmingham', p.id, birmingham, trainer.token)).json()).toBe(1);
    expect((await q('Birmingham', p.id, birmingham, manager.token)).json()).toBe(1);
    expect((await t.get('/api/coursesection/regioncheck?region=Birmingham&userId=abc', p.token)).statusCode).toBe(400);
  });
});

describe('register and waitlist', () => {
  it('answers 1, 2, 4 and 3, and waitlist positions, -2 and -3', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 2, waitlistSeats: 2, region: 'Birmingham' });
    const [a, b, c, d, e] = [await pro(), await pro(), await pro(), await pro(), await pro()];
    expect(await code('register', own(a!, section), a!)).toBe(1);
    expect(await code('register', own(a!, section), a!)).toBe(2);
    expect(await code('waitlist', own(a!, section), a!)).toBe(-2);
    expect(await code('register', own(b!, section), b!)).toBe(1);
    const before = await t.count('enrollments');
    expect(await code('register', own(c!, section), c!)).toBe(4);
    expect(await t.count('enrollments')).toBe(before); // an offer stores nothing
    expect(await code('waitlist', own(c!, section), c!)).toBe(1);
    expect(await code('waitlist', own(c!, section), c!)).toBe(-2);
    expect(await code('register', own(c!, section), c!)).toBe(2);
    expect(await code('register', own(d!, section), d!)).toBe(4);
    expect(await code('waitlist', own(d!, section), d!)).toBe(2);
    expect(await code('register', own(e!, section), e!)).toBe(3);
    expect(await code('waitlist', own(e!, section), e!)).toBe(-3);
    expect(await peopleWith(t, section, 'Registered')).toEqual([a!.id, b!.id]);
    expect(await peopleWith(t, section, 'Waitlisted')).toEqual([c!.id, d!.id]);
    const audits = (await knex()('audit').where({ entity_type_id: 26 }).whereIn('action', ['enrollment.registered', 'enrollment.waitlisted']).count({ n: '*' }).first()) as { n: number | string };
    expect(Number(audits.n)).toBeGreaterThanOrEqual(4);
    await t.app.ctx.events.dispatchPending();
    expect(await kindsFor(a!.id)).toEqual(['enrollment-registered']);
    expect(await kindsFor(d!.id)).toEqual(['enrollment-waitlisted']);
    const waitlisted = (await knex()('notifications').where({ recipient_id: d!.id }).first('body')) as { body: string };
    expect(waitlisted.body).toContain(' is 2</p>');
  });

  it('a waitlist call takes a seat freed since the offer: registered, answer 1', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 1, waitlistSeats: 1 });
    const [a, b] = [await pro(), await pro()];
    expect(await code('register', own(a!, section), a!)).toBe(1);
    expect(await code('register', own(b!, section), b!)).toBe(4);
    expect(await code('cancelregistration', { courseSectionId: section, userId: a!.id }, a!)).toBe(1);
    expect(await code('waitlist', own(b!, section), b!)).toBe(1);
    expect(await statusOf(section, b!.id)).toBe('Registered');
  });

  it('refuses bad input, unknown sessions, other people and locked sessions, changing nothing', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 5 });
    const locked = await addSection(t, { trainerId: trainer.id, seats: 5, locked: true });
    const [a, b] = [await pro(), await pro()];
    const before = await snapshot();
    expect((await call('register', { courseSectionId: 'x', userId: a.id }, a)).statusCode).toBe(400);
    expect((await call('register', { courseSectionId: section }, a)).statusCode).toBe(400);
    expect((await call('register', { ...own(a, section), extra: 1 }, a)).statusCode).toBe(400);
    expect((await call('register', own(a, 999_999), a)).statusCode).toBe(404);
    expect((await call('register', own(a, section, { organizationId: mobile }), a)).statusCode).toBe(400);
    expect((await call('register', own(b, section), a)).statusCode).toBe(403);
    expect((await call('waitlist', own(b, section), a)).statusCode).toBe(403);
    expect((await call('requestregistration', own(b, section), a)).statusCode).toBe(403);
    expect((await call('register', own(b, section, { comment: 'enrolled' }), otherTrainer)).statusCode).toBe(403);
    expect((await call('register', own(a, section), trainer)).statusCode).toBe(400); // staff enrollment needs a comment
    expect((await call('register', own(a, section), { ...a, token: '' })).statusCode).toBe(401);
    const res = await call('register', own(a, locked), a);
    expect(res.statusCode).toBe(409);
    // a trainer acting as trainer does not register themself
    expect((await call('register', { courseSectionId: section, userId: trainer.id }, trainer)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});

describe('the registration window', () => {
  it("refuses a professional's own registration after the deadline and before the start", async () => {
    const expired = await addSection(t, { trainerId: trainer.id, seats: 5, regStartDate: dayOffset(-20), regDeadlineDate: dayOffset(-2) });
    const notOpen = await addSection(t, { trainerId: trainer.id, seats: 5, regStartDate: dayOffset(3), regDeadlineDate: dayOffset(20) });
    const a = await pro();
    const past = await call('register', own(a, expired), a);
    expect(past.statusCode).toBe(409);
    expect(past.json<{ message: string }>().message).toBe('Past Registration Deadline');
    const early = await call('waitlist', own(a, notOpen), a);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe('Registration Has Not Started');
    expect((await call('requestregistration', own(a, expired), a)).statusCode).toBe(409);
    expect(await statusOf(expired, a.id)).toBeUndefined();
  });

  it('lets the course trainer and a manager enroll a person outside the window with a required comment', async () => {
    const expired = await addSection(t, { trainerId: trainer.id, seats: 5, regDeadlineDate: dayOffset(-2) });
    const [a, b] = [await pro(), await pro()];
    expect(await code('register', own(a, expired, { comment: 'Late enrollment approved by phone' }), trainer)).toBe(1);
    expect(await code('register', own(b, expired, { comment: 'Enrolled by the office', organizationId: null }), manager)).toBe(1);
    const row = (await knex()('enrollments').where({ course_section_id: expired, user_id: a.id }).first('comment', 'created_by')) as { comment: string; created_by: number };
    expect(row).toEqual({ comment: 'Late enrollment approved by phone', created_by: trainer.id });
  });
});

describe('out of region', () => {
  it('sends an own registration out of region to a request, which the course trainer reviews', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 1, waitlistSeats: 1, region: 'Birmingham' });
    const [far, far2, far3, none] = [await pro(mobile), await pro(mobile), await pro(mobile), await pro(null)];
    const refused = await call('register', { courseSectionId: section, userId: far.id, organizationId: mobile }, far);
    expect(refused.statusCode).toBe(409);
    expect((await call('register', { courseSectionId: section, userId: none.id }, none)).statusCode).toBe(409);
    expect(await code('requestregistration', { courseSectionId: section, userId: far.id, organizationId: mobile, comment: 'Closest session for me' }, far)).toBe(1);
    expect(await statusOf(section, far.id)).toBe('Pending Approval');
    expect(await code('requestregistration', { courseSectionId: section, userId: far.id, organizationId: mobile }, far)).toBe(2);
    expect(await code('requestregistration', { courseSectionId: section, userId: none.id, organizationId: '' }, none)).toBe(1);
    await t.app.ctx.events.dispatchPending();
    expect(await kindsFor(far.id)).toEqual(['enrollment-requested']);
    expect((await kindsFor(trainer.id)).filter((k) => k === 'enrollment-request-received')).toHaveLength(2);

    // another trainer, a professional, a missing comment: refused, nothing changes
    const before = await snapshot();
    expect((await call('regionoverride', { accepted: true, courseSectionId: section, userId: far.id, comment: 'ok' }, otherTrainer)).statusCode).toBe(403);
    expect((await call('regionoverride', { accepted: true, courseSectionId: section, userId: far.id, comment: 'ok' }, far2)).statusCode).toBe(403);
    expect((await call('regionoverride', { accepted: true, courseSectionId: section, userId: far.id, comment: '  ' }, trainer)).statusCode).toBe(400);
    expect((await call('regionoverride', { accepted: true, courseSectionId: section, userId: far2.id, comment: 'ok' }, trainer)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);

    expect(await code('regionoverride', { accepted: true, courseSectionId: section, userId: far.id, comment: 'Welcome' }, trainer)).toBe(1);
    expect(await statusOf(section, far.id)).toBe('Registered');
    expect(await code('regionoverride', { accepted: true, courseSectionId: section, userId: far.id, comment: 'Again' }, trainer)).toBe(-2);
    // seats full, waitlist room: accepted onto the waitlist (2); then full: -4
    expect(await code('regionoverride', { accepted: true, courseSectionId: section, userId: none.id, comment: 'Waitlisted' }, manager)).toBe(2);
    expect(await statusOf(section, none.id)).toBe('Waitlisted');
    expect(await code('requestregistration', { courseSectionId: section, userId: far2.id, organizationId: mobile }, far2)).toBe(3);
    const review = (await knex()('enrollments').where({ course_section_id: section, user_id: far.id }).first('review_comment')) as { review_comment: string };
    expect(review.review_comment).toBe('Welcome');
    await t.app.ctx.events.dispatchPending();
    expect(await kindsFor(far.id)).toEqual(['enrollment-requested', 'enrollment-approved']);
    expect(await kindsFor(none.id)).toEqual(['enrollment-requested', 'enrollment-approved-waitlisted']);

    // declined: Denied; full without a waitlist: -3
    const tight = await addSection(t, { trainerId: trainer.id, seats: 1, region: 'Birmingham' });
    expect(await code('requestregistration', { courseSectionId: tight, userId: far2.id, organizationId: mobile }, far2)).toBe(1);
    expect(await code('requestregistration', { courseSectionId: tight, userId: far3.id, organizationId: mobile }, far3)).toBe(1);
    expect(await code('regionoverride', { accepted: false, courseSectionId: tight, userId: far2.id, comment: 'Please register in your region' }, trainer)).toBe(1);
    expect(await statusOf(tight, far2.id)).toBe('Denied');
    expect(await code('register', { courseSectionId: tight, userId: far.id, comment: 'fills it' }, trainer)).toBe(1);
    expect(await code('regionoverride', { accepted: true, courseSectionId: tight, userId: far3.id, comment: 'ok' }, trainer)).toBe(-3);
    expect(await statusOf(tight, far3.id)).toBe('Pending Approval');
    await t.app.ctx.events.dispatchPending();
    expect(await kindsFor(far2.id)).toContain('enrollment-denied');
    const email = ((await knex()('users').where({ id: far2.id }).first('email')) as { email: string }).email;
    const mails = (await knex()('outbox').where({ to_address: email }).select('subject')) as { subject: string }[];
    expect(mails.map((m) => m.subject)).toContain('Out of region request declined');
  });
});

describe('cancellation and promotion', () => {
  it('promotes the first on the waitlist when a seat frees, and the positions move up', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 2, waitlistSeats: 3 });
    const people = [await pro(), await pro(), await pro(), await pro(), await pro()];
    for (const p of people.slice(0, 2)) expect(await code('register', own(p, section), p)).toBe(1);
    for (const [i, p] of people.slice(2).entries()) expect(await code('waitlist', own(p, section), p)).toBe(i + 1);
    const [a, b, w1, w2, w3] = people as [Person, Person, Person, Person, Person];
    const outboxBefore = await t.count('outbox');
    expect(await code('cancelregistration', { courseSectionId: section, userId: a.id, comment: 'Schedule conflict' }, a)).toBe(1);
    expect(await statusOf(section, a.id)).toBe('Unregistered');
    expect(await peopleWith(t, section, 'Registered')).toEqual([b.id, w1.id]);
    expect(await peopleWith(t, section, 'Waitlisted')).toEqual([w2.id, w3.id]);
    await t.app.ctx.events.dispatchPending();
    expect(await kindsFor(w1.id)).toEqual(['enrollment-waitlisted', 'enrollment-promoted']);
    expect(await kindsFor(a.id)).toEqual(['enrollment-registered', 'enrollment-unregistered']);
    const mail = (await knex()('outbox').orderBy('id', 'desc').select('to_address', 'subject')) as { to_address: string; subject: string }[];
    expect(mail.length).toBeGreaterThan(outboxBefore);
    expect(mail.some((m) => m.subject.includes('registered from the waiting list'))).toBe(true);
    // the trainer cancels several at once: the waitlist fills both seats in order
    expect(await code('cancelregistration', { courseSectionId: section, userIds: [b.id, w1.id, a.id] }, trainer)).toBe(2);
    expect(await peopleWith(t, section, 'Registered')).toEqual([w2.id, w3.id]);
    expect(await peopleWith(t, section, 'Waitlisted')).toEqual([]);
    // a cancelled person registers again: a new place
    expect(await code('register', own(a, section), a)).toBe(4);
    expect(await code('waitlist', own(a, section), a)).toBe(1);
    const audit = (await knex()('audit').where({ action: 'enrollment.promoted' }).count({ n: '*' }).first()) as { n: number | string };
    expect(Number(audit.n)).toBeGreaterThanOrEqual(3);
  });

  it('refuses what is not eligible, other people and another trainer, changing nothing', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 3, region: 'Birmingham' });
    const [a, b, far] = [await pro(), await pro(), await pro(mobile)];
    expect(await code('register', own(a, section), a)).toBe(1);
    expect(await code('register', own(b, section), b)).toBe(1);
    expect(await code('requestregistration', { courseSectionId: section, userId: far.id, organizationId: mobile }, far)).toBe(1);
    const before = await snapshot();
    const none = await call('cancelregistration', { courseSectionId: section, userId: far.id }, far);
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe('No chosen users are eligible for cancellation.');
    expect((await call('cancelregistration', { courseSectionId: section, userIds: [far.id] }, trainer)).statusCode).toBe(409);
    expect((await call('cancelregistration', { courseSectionId: section, userId: b.id }, a)).statusCode).toBe(403);
    expect((await call('cancelregistration', { courseSectionId: section, userIds: [a.id, b.id] }, a)).statusCode).toBe(403);
    expect((await call('cancelregistration', { courseSectionId: section, userIds: [a.id, b.id] }, otherTrainer)).statusCode).toBe(403);
    expect((await call('cancelregistration', { courseSectionId: section }, a)).statusCode).toBe(400);
    expect((await call('cancelregistration', { courseSectionId: 999_999, userId: a.id }, a)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
    // a locked session: nobody's place is cancelled
    await knex()('course_sections').where({ id: section }).update({ locked: true });
    expect((await call('cancelregistration', { courseSectionId: section, userId: a.id }, a)).statusCode).toBe(409);
    expect((await call('cancelregistration', { courseSectionId: section, userIds: [a.id, b.id] }, trainer)).statusCode).toBe(409);
    expect(await snapshot()).toBe(before);
    // unregistered and denied places are not cancelled again
    await knex()('course_sections').where({ id: section }).update({ locked: false });
    expect(await code('cancelregistration', { courseSectionId: section, userId: a.id }, a)).toBe(1);
    expect((await call('cancelregistration', { courseSectionId: section, userId: a.id }, a)).statusCode).toBe(409);
  });
});
