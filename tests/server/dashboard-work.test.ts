import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addDays } from '../../engine/rules/dates.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../../engine/rules/today.js';
import { addEmployment } from '../support/employment.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { CERTIFICATION, addRecordId } from '../support/personal-records.js';
import { addEducation, gridTotal, LEVEL } from '../support/records.js';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';

/**
 * Work on the dashboard (GET /api/dashboard/work), the starting role at sign-in and a record's
 * verification outcome (GET /api/verification/outcome), tenant tn.
 */

interface WorkItem { id: string; title: string; counted: boolean; counts: { id: string; label: string; route: string; count: number; capped: boolean }[] }

let t: TestApp;
let acorns: number;
let oaks: number;
let dana: Person; // director at Acorns (and staff there), signs in without switching
let otto: Person; // director at Oaks
let sam: Person; // staff at Acorns
let nell: Person; // a professional with nothing waiting
let pat: Person; // asks for the staff role at Acorns
let quin: Person; // asks for the staff role at Oaks
let declinedId: number;

const ok = (res: LightMyRequestResponse) => { expect(res.statusCode, res.body).toBe(200); return res; };
const ref = (id: number) => ({ entityTypeId: 4, entityId: id });
const work = async (p: Person) => ok(await t.get('/api/dashboard/work', p.token)).json<{ activeRole: string; items: WorkItem[] }>();
/** count id -> count, of the grid counts (the unread messages and notifications are counted apart) */
const countsOf = (items: WorkItem[]) => Object.fromEntries(items.flatMap((i) => i.counts.filter((c) => !c.id.startsWith('unread-')).map((c) => [c.id, c.count])));
/** count id -> count, of the unread messages and notifications */
const unreadOf = (items: WorkItem[]) => Object.fromEntries(items.flatMap((i) => i.counts.filter((c) => c.id.startsWith('unread-')).map((c) => [c.id, c.count])));
const today = () => todayIn(t.registry.tenant.timeZone ?? DEFAULT_TIME_ZONE);
const certificationExpiring = (date: string) => ({ ...CERTIFICATION, values: CERTIFICATION.values.map((v) => (v.formElementId === 5006 ? { ...v, value: date } : v)) });

async function askForStaffRole(p: Person, organizationId: number): Promise<number> {
  const employmentId = await addEmployment(t, p.token, { agencyId: organizationId });
  return ok(await t.post('/api/userorganizationroles/request', { employmentRecordId: employmentId, requestType: 100 }, p.token)).json<{ rolePromotionActionId: number }>().rolePromotionActionId;
}

beforeAll(async () => {
  t = await startTestApp('tn');
  acorns = await addOrganization(t, 'Acorns Learning Center');
  oaks = await addOrganization(t, 'Oaks Early Learning');
  sam = await addPerson(t, 'Sam', [{ role: '100', organizationId: acorns }]);
  dana = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
  otto = await addPerson(t, 'Otto', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }]);
  nell = await addPerson(t, 'Nell', [{ role: '100' }]);
  pat = await addPerson(t, 'Pat', [{ role: '100' }]);
  quin = await addPerson(t, 'Quin', [{ role: '100' }]);
  await askForStaffRole(pat, acorns);
  await askForStaffRole(quin, oaks);
  // Sam: one record waiting for verification, one declined, one credential expiring soon and one later
  const waiting = await addEducation(t, sam.token, { level: LEVEL.bachelor, school: 'State University', major: 'Early Childhood', end: '2019-05-10' });
  ok(await t.post('/api/verification/request', ref(waiting), sam.token));
  declinedId = await addEducation(t, sam.token, { level: LEVEL.associate, school: 'Community College', major: 'Child Development', end: '2016-05-10' });
  ok(await t.post('/api/verification/request', ref(declinedId), sam.token));
  ok(await t.post('/api/verification/view', ref(declinedId), dana.token));
  ok(await t.post('/api/verification', { ...ref(declinedId), isVerified: false, action: 'decline', comments: 'The transcript is missing.' }, dana.token));
  await addRecordId(t, sam.token, certificationExpiring(addDays(today(), 30)), sam.id);
  await addRecordId(t, sam.token, certificationExpiring(addDays(today(), 200)), sam.id);
  await addRecordId(t, sam.token, certificationExpiring(addDays(today(), -10)), sam.id);
});
afterAll(async () => { await t.close(); });

describe('starting role at sign-in', () => {
  it('a director holding 100 and 200 starts as director (200)', async () => {
    const claims = ok(await t.get('/api/auth/claims', dana.token)).json<{ activeRole: string; roles: string[] }>();
    expect(claims.roles.sort()).toEqual(['100', '200']);
    expect(claims.activeRole).toBe('200');
  });

  it('starts as director again after working as a professional, and the heartbeat keeps the role of the session', async () => {
    const person = await addPerson(t, 'Dora', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '100');
    const heartbeat = ok(await t.get('/api/auth/heartbeat', person.token)).json<{ jwt: string }>();
    const renewed = (JSON.parse(heartbeat.jwt) as { auth_token: string }).auth_token;
    expect(ok(await t.get('/api/auth/claims', renewed)).json<{ activeRole: string }>().activeRole).toBe('100');
    const login = ok(await t.post('/api/auth/login', { userName: person.userName, password: TEST_PASSWORD })).json<{ jwt: string }>();
    const token = (JSON.parse(login.jwt) as { auth_token: string }).auth_token;
    expect(ok(await t.get('/api/auth/claims', token)).json<{ activeRole: string }>().activeRole).toBe('200');
  });

  it('a professional starts as 100, a licensing consultant as 350', async () => {
    expect(ok(await t.get('/api/auth/claims', sam.token)).json<{ activeRole: string }>().activeRole).toBe('100');
    const consultant = await addPerson(t, 'Cora', [{ role: '350' }]);
    expect(ok(await t.get('/api/auth/claims', consultant.token)).json<{ activeRole: string }>().activeRole).toBe('350');
  });
});

/** no staff PDP item waits for these directors (tests/server/pdp.test.ts counts them) */
const NO_PDP_WORK = { 'pdp-goals-to-verify': 0, 'pdp-trainings-to-verify': 0 };

describe('GET /api/dashboard/work', () => {
  it('the director: the staff request and the verification request of her organization only', async () => {
    const answer = await work(dana);
    expect(answer.activeRole).toBe('200');
    expect(answer.items.map((i) => i.id)).toEqual(['staff-requests', 'verification-requests', 'pdp-to-verify', 'messages', 'notifications']);
    expect(countsOf(answer.items)).toEqual({ 'staff-requests': 1, 'verification-requests': 1, ...NO_PDP_WORK });
    const staff = answer.items[0]!.counts[0]!;
    expect(staff).toMatchObject({ route: 'organization-requests', label: 'dashboard.work.staffRequests.one', capped: false });
    // Pat's role request and Sam's two verification requests make Dana notifications once their
    // events are dispatched; no one has messaged her
    await t.app.ctx.events.dispatchPending();
    expect(unreadOf((await work(dana)).items)).toEqual({ 'unread-messages': 0, 'unread-notifications': 3 });
    expect((await work(dana)).items.find((i) => i.id === 'notifications')!.counts[0]).toMatchObject({ route: 'notifications', label: 'dashboard.work.unreadNotifications' });
  });

  it('counts the unread messages and notifications of the Inbox, as the badges do', async () => {
    const before = unreadOf((await work(nell)).items);
    ok(await t.post('/api/message/send', { subject: 'Hello', body: '<p>Hi</p>', recipients: [{ id: nell.id }] }, sam.token));
    ok(await t.post('/api/message/send', { subject: 'Again', body: '<p>Hi</p>', recipients: [{ id: nell.id }] }, sam.token));
    const after = unreadOf((await work(nell)).items);
    expect(after['unread-messages']).toBe(before['unread-messages']! + 2);
    expect(after['unread-messages']).toBe(ok(await t.post('/api/message/count', { folder: 'Inbox', filter: 'Unread' }, nell.token)).json());
    expect(after['unread-notifications']).toBe(ok(await t.post('/api/notification/count', { folder: 'Inbox', filter: 'Unread' }, nell.token)).json());
    expect((await work(nell)).items.find((i) => i.id === 'messages')!.counts[0]).toMatchObject({ route: 'messaging', label: 'dashboard.work.unreadMessages' });
  });

  it('each count is the total of the screen the count links to', async () => {
    const roleRequests = await gridTotal(t, dana.token, { entityTypeId: 19, formId: 119 });
    const verificationRequests = await gridTotal(t, dana.token, { entityTypeId: 15, formId: 19 });
    expect(countsOf((await work(dana)).items)).toEqual({ 'staff-requests': roleRequests.total, 'verification-requests': verificationRequests.total, ...NO_PDP_WORK });
  });

  it('another director counts the request at his organization and no verification of Acorns staff', async () => {
    await switchRole(t, otto, '200');
    expect(countsOf((await work(otto)).items)).toEqual({ 'staff-requests': 1, 'verification-requests': 0, ...NO_PDP_WORK });
  });

  it('a decided request is no longer counted', async () => {
    const other = await addPerson(t, 'Rae', [{ role: '100' }]);
    const pending = await askForStaffRole(other, oaks);
    expect(countsOf((await work(otto)).items)['staff-requests']).toBe(2);
    ok(await t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [pending], action: 'Rejected' }, otto.token));
    expect(countsOf((await work(otto)).items)['staff-requests']).toBe(1);
  });

  it('the professional: own records awaiting verification and declined, and credentials expiring within 90 days', async () => {
    const answer = await work(sam);
    expect(answer.activeRole).toBe('100');
    expect(answer.items.map((i) => i.id)).toEqual(['awaiting-verification', 'declined', 'own-role-requests', 'expiring-credentials', 'coaching-received', 'messages', 'notifications']);
    expect(countsOf(answer.items)).toEqual({
      'education-awaiting': 1, 'certification-awaiting': 0, 'training-awaiting': 0, 'employment-awaiting': 0,
      'education-declined': 1, 'certification-declined': 0, 'training-declined': 0, 'employment-declined': 0,
      'own-role-requests-pending': 0, 'own-role-requests-rejected': 0,
      'expiring-certifications': 1,
      'coaching-requests-received': 0,
    });
    expect(answer.items[0]!.counts[0]).toMatchObject({ route: 'profile-education', label: 'dashboard.work.education.awaiting.one' });
  });

  it('the professional asking for a role sees the request waiting, then rejected', async () => {
    const own = (p: Person) => work(p).then((a) => countsOf(a.items));
    expect(await own(pat)).toMatchObject({ 'own-role-requests-pending': 1, 'own-role-requests-rejected': 0 });
    const asker = await addPerson(t, 'Uma', [{ role: '100' }]);
    const request = await askForStaffRole(asker, acorns);
    expect(await own(asker)).toMatchObject({ 'own-role-requests-pending': 1, 'own-role-requests-rejected': 0 });
    ok(await t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [request], action: 'Rejected', comments: 'Not on our staff list.' }, dana.token));
    expect(await own(asker)).toMatchObject({ 'own-role-requests-pending': 0, 'own-role-requests-rejected': 1 });
    expect(countsOf((await work(dana)).items)['staff-requests']).toBe(1);
  });

  it('the director working as a professional sees her own work, not her staff\'s', async () => {
    const person = await addPerson(t, 'Dot', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '100');
    expect(Object.values(countsOf((await work(person)).items)).every((n) => n === 0)).toBe(true);
  });

  it('a person with nothing waiting gets every item with zero', async () => {
    const answer = await work(nell);
    expect(answer.items.length).toBe(7);
    expect(Object.values(countsOf(answer.items)).every((n) => n === 0)).toBe(true);
  });

  it('a licensing consultant counts the verifications waiting statewide; a supervisor only has the notification slot', async () => {
    const consultant = await addPerson(t, 'Lena', [{ role: '350' }], '350');
    expect(countsOf((await work(consultant)).items)).toEqual({ 'verification-requests': 1 });
    const supervisor = await addPerson(t, 'Sue', [{ role: '375' }], '375');
    expect((await work(supervisor)).items.map((i) => i.id)).toEqual(['notifications']);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.get('/api/dashboard/work')).statusCode).toBe(401);
  });
});

describe('GET /api/verification/outcome', () => {
  const outcome = (p: Person, id: number) => t.get(`/api/verification/outcome?entityTypeId=4&entityId=${id}`, p.token);

  it('shows the owner who declined, when, the comment and the history', async () => {
    const body = ok(await outcome(sam, declinedId)).json<{ state: string; decision: Record<string, unknown>; history: { actionType: number; actionUser: { name: string }; comments: string | null }[] }>();
    expect(body.state).toBe('Rejected');
    expect(body.decision).toMatchObject({ actionType: 4, actionUser: { id: dana.id, name: 'Dana Tester' }, comments: 'The transcript is missing.', agencyName: 'Acorns Learning Center' });
    expect(Date.parse(String(body.decision.lastChangeDateTime))).toBeGreaterThan(Date.now() - 600_000);
    expect(body.history.map((h) => [h.actionType, h.actionUser.name])).toEqual([[1, 'Sam Tester'], [4, 'Dana Tester']]);
  });

  it('keeps the history of an earlier verification after a new request', async () => {
    const id = await addEducation(t, sam.token, { level: LEVEL.master, school: 'Graduate School', major: 'Education', end: '2022-05-10' });
    ok(await t.post('/api/verification/request', ref(id), sam.token));
    ok(await t.post('/api/verification/view', ref(id), dana.token));
    ok(await t.post('/api/verification', { ...ref(id), isVerified: false, action: 'decline', comments: 'Unreadable scan.' }, dana.token));
    ok(await t.post('/api/verification/request', ref(id), sam.token));
    ok(await t.post('/api/verification/view', ref(id), dana.token));
    ok(await t.post('/api/verification', { ...ref(id), isVerified: true, action: 'verify', comments: 'Looks right.' }, dana.token));
    const body = ok(await outcome(sam, id)).json<{ state: string; decision: { actionType: number; comments: string }; history: { actionType: number }[] }>();
    expect(body.state).toBe('Approved');
    expect(body.decision).toMatchObject({ actionType: 3, comments: 'Looks right.' });
    expect(body.history.map((h) => h.actionType)).toEqual([1, 4, 1, 3]);
  });

  it('a record waiting for a decision has no decision yet; one never sent has no history', async () => {
    const id = await addEducation(t, nell.token, { level: LEVEL.highSchool, school: 'Central High', end: '2010-05-30' });
    expect(ok(await outcome(nell, id)).json()).toMatchObject({ state: 'None', decision: null, history: [] });
    ok(await t.post('/api/verification/request', ref(id), nell.token));
    expect(ok(await outcome(nell, id)).json()).toMatchObject({ state: 'Requested', decision: null, history: [{ actionType: 1 }] });
  });

  it('the director of the owner may read it; another professional and another director may not; no record is a 404', async () => {
    expect((await outcome(dana, declinedId)).statusCode).toBe(200);
    expect((await outcome(nell, declinedId)).statusCode).toBe(403);
    expect((await outcome(otto, declinedId)).statusCode).toBe(403);
    expect((await outcome(sam, 987654)).statusCode).toBe(404);
    expect((await t.get(`/api/verification/outcome?entityTypeId=4&entityId=${declinedId}`)).statusCode).toBe(401);
  });
});
