import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, DomainEventType } from '../../server/events/domain-event.js';
import { publishEvent } from '../../server/events/event-bus.js';
import { livePayloadBuilder, type LiveSignal } from '../../server/realtime/live-channel.js';
import { fixtureRoot } from '../support/fixture-root.js';
import { addEmployment, addOrganization, personWith, type Person } from '../support/employment.js';
import { addRecordId, CERTIFICATION } from '../support/personal-records.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Notifications (issue 12 part 4) on a tenant whose texts and e-mail switches are overridden
 * (tests/fixtures/notification-texts: every subject starts with 'TN ', the role request body is
 * reworded, role-granted mails are off and role-removed mails on).
 */
let fixture: ReturnType<typeof fixtureRoot>;
let t: TestApp;
let smtp: TestSmtp;
let acorns: number;
let oaks: number;
let dana: Person;
let dee: Person;
let olga: Person;
let pat: Person;
let consultant: Person;
let requestId: number;
const signals: LiveSignal[] = [];

interface Item { notificationId: number; subject: string; body: string; read: boolean; starred: boolean; route: string | null; linkText: string | null; folder: string; creationDateTime: string }

const page = async (p: Person, body: Record<string, unknown> = {}) => {
  const res = await t.post('/api/notification', body, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: Item[]; total: number }>();
};
const list = async (p: Person, body: Record<string, unknown> = {}) => (await page(p, body)).notifications;
const count = async (p: Person, body: Record<string, unknown> = {}) => {
  const res = await t.post('/api/notification/count', body, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<number>();
};
const act = async (p: Person, action: string, notificationIds: number[]) => {
  const res = await t.post('/api/notification/action', { action, notificationIds }, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ changed: number }>().changed;
};
const dispatch = () => t.app.ctx.events.dispatchPending();
async function publish<T extends DomainEventType>(event: DomainEvent<T>): Promise<void> {
  await t.database.db.knex.transaction(async (trx) => { await publishEvent(trx, event); });
  await dispatch();
}

beforeAll(async () => {
  fixture = fixtureRoot('notification-texts');
  t = await startTestApp('tn', {}, fixture.root);
  smtp = await startSmtp();
  t.config.smtpUrl = smtp.url;
  t.app.ctx.live.listen((s) => { signals.push(s); });
  acorns = await addOrganization(t, 'Little Acorns <Learning> Center');
  oaks = await addOrganization(t, 'Twin Oaks Preschool');
  dana = await personWith(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  dee = await personWith(t, 'Dee', [{ role: '200', organizationId: acorns }], '200');
  olga = await personWith(t, 'Olga', [{ role: '200', organizationId: oaks }], '200');
  pat = await personWith(t, 'Pat', [{ role: '100' }]);
  consultant = await personWith(t, 'Cody', [{ role: '350' }], '350');
  await t.database.db.knex('staff_agency_assignments').insert({ staff_user_id: consultant.id, organization_id: acorns, created_at: new Date().toISOString() });
}, 60_000);
afterAll(async () => { await t?.close(); await smtp?.close(); fixture?.remove(); });

describe('notifications made from domain events', () => {
  it("a role request makes each director's notification, with the tenant's texts, a mail and the live events", async () => {
    const employmentId = await addEmployment(t, pat.token, { agencyId: acorns, title: '5' });
    const res = await t.post('/api/userorganizationroles/request', { employmentRecordId: employmentId, requestType: 100 }, pat.token);
    expect(res.statusCode, res.body).toBe(200);
    requestId = res.json<{ rolePromotionActionId: number }>().rolePromotionActionId;
    signals.length = 0;
    await dispatch();

    for (const director of [dana, dee]) {
      const items = await list(director);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        subject: 'TN Role request from Pat Tester', read: false, starred: false, folder: 'Inbox',
        body: '<p>Pat Tester asks to join Little Acorns &lt;Learning&gt; Center as EC Professional.</p>',
        linkText: 'View Requests',
      });
      expect(JSON.parse(items[0]!.route!)).toEqual({ name: 'organization-requests' });
      expect(await count(director)).toBe(1);
    }
    expect(await list(olga)).toEqual([]);
    expect(await list(pat)).toEqual([]);

    await t.app.mailer.deliverNow();
    expect(smtp.to(dana.userName).map((m) => m.subject)).toEqual(['TN Role request from Pat Tester']);
    expect(smtp.to(dana.userName)[0]!.text).toContain('Pat Tester asks to join Little Acorns <Learning> Center as EC Professional.');
    expect(smtp.to(dana.userName)[0]!.text).toContain('/dashboard/notifications');

    const received = signals.filter((s) => s.kind === 'event' && s.event === 'NotificationReceived');
    expect(received.map((s) => s.kind === 'event' && 'userIds' in s.to ? s.to.userIds : null).flat().sort()).toEqual([dana.id, dee.id].sort());
    expect(signals.filter((s) => s.kind === 'event' && s.event === 'NotificationCountChange')).toHaveLength(2);
    const promotion = signals.find((s) => s.kind === 'event' && s.event === 'RolePromotionActionReceived');
    expect(promotion && promotion.kind === 'event' && 'userIds' in promotion.to ? [...promotion.to.userIds].sort() : null).toEqual([dana.id, dee.id, pat.id].sort());

    const knex = t.database.db.knex;
    const ref = promotion?.kind === 'event' ? promotion.ref : undefined;
    expect(await livePayloadBuilder('RolePromotionActionReceived')!(knex, dana.id, ref)).toEqual({ userId: pat.id, rolePromotionActionId: requestId, employmentRecordId: employmentId, status: 'Requested' });
    const first = received[0];
    const to = first?.kind === 'event' && 'userIds' in first.to ? first.to.userIds[0]! : 0;
    const payload = await livePayloadBuilder('NotificationReceived')!(knex, to, first?.kind === 'event' ? first.ref : undefined);
    expect(payload).toMatchObject({ subject: 'TN Role request from Pat Tester', read: false });
    expect(await livePayloadBuilder('NotificationReceived')!(knex, olga.id, first?.kind === 'event' ? first.ref : undefined)).toBeNull();
    expect(await livePayloadBuilder('NotificationCountChange')!(knex, dana.id, undefined)).toBe(1);
  });

  it('a redelivered event makes no second notification and no second mail', async () => {
    const knex = t.database.db.knex;
    const event = await knex('domain_events').where({ type: 'role.requested' }).orderBy('id', 'desc').first('id') as { id: number };
    const [notesBefore, mailsBefore] = [await t.count('notifications'), await t.count('outbox')];
    await knex('domain_events').where({ id: event.id }).update({ dispatched_at: null, next_attempt_at: new Date(0).toISOString() });
    expect(await dispatch()).toBe(1);
    expect(await t.count('notifications')).toBe(notesBefore);
    expect(await t.count('outbox')).toBe(mailsBefore);
    expect(await list(dana)).toHaveLength(1);
  });

  it("an approval tells the person, with the director's comment escaped; the tenant switched its mail off", async () => {
    const mailsBefore = await t.count('outbox');
    const res = await t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [requestId], action: 'Approved', comments: 'Welcome <b>aboard</b>' }, dana.token);
    expect(res.statusCode, res.body).toBe(200);
    signals.length = 0;
    await dispatch();
    const [item] = await list(pat);
    expect(item).toMatchObject({
      subject: 'TN Role request approved', linkText: 'View Employment',
      body: '<p>Your request for the EC Professional role at Little Acorns &lt;Learning&gt; Center was approved.</p><p>Comment: Welcome &lt;b&gt;aboard&lt;/b&gt;</p>',
    });
    expect(JSON.parse(item!.route!)).toEqual({ name: 'profile-employment' });
    expect(await list(dana)).toHaveLength(1); // the director who decided is not told of her own act
    expect(await list(dee)).toHaveLength(1);
    expect(await t.count('outbox')).toBe(mailsBefore);
    const promotion = signals.find((s) => s.kind === 'event' && s.event === 'RolePromotionActionReceived');
    expect(await livePayloadBuilder('RolePromotionActionReceived')!(t.database.db.knex, pat.id, promotion?.kind === 'event' ? promotion.ref : undefined)).toMatchObject({ userId: pat.id, rolePromotionActionId: requestId, status: 'Approved' });
  });

  it.each([
    ['role.rejected', 'TN Role request rejected', '<p>Your request for the Director role at Twin Oaks Preschool was rejected.</p><p>Comment: No opening</p>', 'profile-employment', true],
    ['role.removed', 'TN Role removed', '<p>Your Director role at Twin Oaks Preschool was removed.</p>', 'profile-employment', true],
    ['role.withdrawn', 'TN Role request withdrawn', '<p>Your request for the Director role at Twin Oaks Preschool was withdrawn.</p>', null, false],
  ] as const)('%s tells the person (texts of the tenant, mail %s)', async (type, subject, body, route, mailed) => {
    const base = { userId: pat.id, organizationId: oaks, role: '200' };
    const payload = type === 'role.removed' ? { ...base, endDate: null, removedBy: olga.id }
      : type === 'role.withdrawn' ? { ...base, requestId: 999_001, withdrawnBy: olga.id } : { ...base, requestId: 999_002, decidedBy: olga.id, comment: 'No opening' };
    const mailsBefore = await t.count('outbox');
    await publish({ type, actorId: olga.id, payload } as DomainEvent);
    const [item] = await list(pat);
    expect(item).toMatchObject({ subject, body });
    expect(item!.route === null ? null : (JSON.parse(item!.route) as { name: string }).name).toBe(route);
    expect(item!.linkText === null).toBe(route === null);
    expect(await t.count('outbox')).toBe(mailsBefore + (mailed ? 1 : 0));
  });

  it('a verification request made through the API tells the directors of the owner and the consultant assigned there', async () => {
    const certification = await addRecordId(t, pat.token, CERTIFICATION, pat.id);
    const res = await t.post('/api/verification/request', { entityTypeId: 7, entityId: certification }, pat.token);
    expect(res.statusCode, res.body).toBe(200);
    await dispatch();
    for (const reviewer of [dana, dee, consultant]) {
      expect((await list(reviewer))[0]).toMatchObject({ subject: 'TN Verification requested by Pat Tester', body: '<p>Pat Tester asked for verification of their Certification/Credential record.</p>' });
    }
    expect((await list(olga)).some((n) => n.subject.includes('Verification requested'))).toBe(false);
  });

  it('a published verification request names the record type for each reviewer', async () => {
    await publish({ type: 'verification.requested', actorId: pat.id, payload: { verificationId: 1, entityTypeId: 4, entityId: 1, ownerId: pat.id } });
    for (const reviewer of [dana, dee, consultant]) {
      const [item] = await list(reviewer);
      expect(item).toMatchObject({ subject: 'TN Verification requested by Pat Tester', body: '<p>Pat Tester asked for verification of their Education record.</p>', linkText: 'View Verification Requests' });
      expect(JSON.parse(item!.route!)).toEqual({ name: 'verification-requests' });
    }
    expect(await list(olga)).toEqual([]);
    expect((await list(pat)).some((n) => n.subject.includes('Verification requested'))).toBe(false);
  });

  it.each([
    ['approved', 'TN Record Verified!', '<p>Your Education record was verified.</p>'],
    ['declined', 'TN Verification Declined!', '<p>The verification of your Education record was declined.</p><p>Comment: Blurry scan</p>'],
    ['removed', 'TN Verification Removed!', '<p>The verification of your Education record was removed.</p>'],
  ] as const)('a verification %s tells the owner', async (outcome, subject, body) => {
    await publish({ type: 'verification.decided', actorId: dana.id, payload: { verificationId: 1, entityTypeId: 4, entityId: 1, ownerId: pat.id, outcome, decidedBy: dana.id, comment: outcome === 'declined' ? 'Blurry scan' : null } });
    const [item] = await list(pat);
    expect(item).toMatchObject({ subject, body, linkText: 'View Records' });
    expect(JSON.parse(item!.route!)).toEqual({ name: 'user-records' });
  });
});

describe('the notification calls', () => {
  let ids: number[];

  beforeAll(async () => {
    for (let i = 0; i < 6; i += 1) {
      await publish({ type: 'role.requested', actorId: pat.id, payload: { requestId: 900_000 + i, userId: pat.id, organizationId: oaks, employmentRecordId: 1, role: '100' } });
    }
    ids = (await list(olga, { to: 100 })).map((n) => n.notificationId);
  });

  it('pages newest first (from and to 1-based and inclusive, like /message), with the total, and counts what the list holds', async () => {
    expect(ids).toHaveLength(6);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(await page(olga)).toMatchObject({ total: 6 });
    expect((await list(olga)).map((n) => n.notificationId)).toEqual(ids.slice(0, 5));
    expect((await list(olga, { from: 1, to: 5 })).map((n) => n.notificationId)).toEqual(ids.slice(0, 5));
    expect((await list(olga, { from: 6, to: 10 })).map((n) => n.notificationId)).toEqual(ids.slice(5));
    expect((await list(olga, { from: 2, to: 3 })).map((n) => n.notificationId)).toEqual(ids.slice(1, 3));
    expect((await list(olga, { from: 4, to: 4 })).map((n) => n.notificationId)).toEqual(ids.slice(3, 4));
    expect(await list(olga, { from: 1, to: 100 })).toHaveLength(6);
    const bad = await t.post('/api/notification', { from: 5, to: 2 }, olga.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Ask for a range of notifications from the first to the last, at most 100 at a time.');
    expect(await page(olga, { from: 7, to: 11 })).toEqual({ notifications: [], total: 6 });
    expect(await page(olga, { folder: 'Inbox', filter: 'Starred' })).toEqual({ notifications: [], total: 0 });
    expect(await count(olga)).toBe(6);
    expect(await count(olga, { folder: 'Inbox', filter: 'None' })).toBe(6);
    expect(await count(olga, { folder: 'Archive', filter: 'None' })).toBe(0);
  });

  it('Read, Unread, Star, Unstar, Archive, Unarchive change only what they say, and the counts follow the lists', async () => {
    signals.length = 0;
    expect(await act(olga, 'Read', [ids[0]!, ids[1]!])).toBe(2);
    expect(await act(olga, 'Read', [ids[0]!])).toBe(0);
    expect(await count(olga)).toBe(4);
    expect((await list(olga, { filter: 'Unread', to: 100 })).map((n) => n.notificationId)).toEqual(ids.slice(2));
    expect(signals.some((s) => s.kind === 'event' && s.event === 'NotificationCountChange' && 'userIds' in s.to && s.to.userIds.includes(olga.id))).toBe(true);

    expect(await act(olga, 'Star', [ids[2]!])).toBe(1);
    expect(await count(olga, { filter: 'Starred' })).toBe(1);
    expect((await list(olga, { filter: 'Starred' }))[0]).toMatchObject({ notificationId: ids[2], starred: true });
    expect(await act(olga, 'Unstar', [ids[2]!])).toBe(1);
    expect(await count(olga, { filter: 'Starred' })).toBe(0);

    expect(await act(olga, 'Archive', [ids[3]!, ids[4]!])).toBe(2);
    expect(await count(olga, { filter: 'None' })).toBe(4);
    expect(await count(olga)).toBe(2);
    const archived = await list(olga, { folder: 'Archive' });
    expect(archived.map((n) => n.notificationId)).toEqual([ids[3], ids[4]]);
    expect(archived.every((n) => n.folder === 'Archive')).toBe(true);
    expect(await count(olga, { folder: 'Archive' })).toBe(2);
    expect(await act(olga, 'Unarchive', [ids[3]!])).toBe(1);
    expect(await count(olga, { folder: 'Archive', filter: 'None' })).toBe(1);

    expect(await act(olga, 'Unread', [ids[0]!])).toBe(1);
    expect(await count(olga)).toBe(await list(olga, { filter: 'Unread', to: 100 }).then((l) => l.length));
  });

  it('with a folder, every id must be in it: one outside makes a 404 and nothing changes', async () => {
    const knex = t.database.db.knex;
    expect(await act(olga, 'Archive', [ids[1]!])).toBe(1);
    const before = await knex('notifications').whereIn('id', ids).orderBy('id').select();
    const res = await t.post('/api/notification/action', { action: 'Star', notificationIds: [ids[0]!, ids[1]!], folder: 'Inbox' }, olga.token);
    expect(res.statusCode).toBe(404);
    expect(await knex('notifications').whereIn('id', ids).orderBy('id').select()).toEqual(before);
    const ok = await t.post('/api/notification/action', { action: 'Unarchive', notificationIds: [ids[1]!], folder: 'Archive' }, olga.token);
    expect(ok.json()).toEqual({ action: 'Unarchive', changed: 1 });
  });

  it('Delete removes notifications from every list and count; they take no further action', async () => {
    const before = await count(olga, { filter: 'None' });
    expect(await act(olga, 'Delete', [ids[5]!])).toBe(1);
    expect(await count(olga, { filter: 'None' })).toBe(before - 1);
    expect((await list(olga, { to: 100 })).map((n) => n.notificationId)).not.toContain(ids[5]);
    for (const action of ['Read', 'Delete']) {
      const res = await t.post('/api/notification/action', { action, notificationIds: [ids[5]!] }, olga.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Notification not found.' });
    }
    const before4 = await t.database.db.knex('notifications').where({ id: ids[4]! }).first('read');
    const mixed = await t.post('/api/notification/action', { action: 'Unread', notificationIds: [ids[5]!, ids[4]!] }, olga.token);
    expect(mixed.statusCode).toBe(404);
    expect(await t.database.db.knex('notifications').where({ id: ids[4]! }).first('read')).toEqual(before4);
    const row5 = await t.database.db.knex('notifications').where({ id: ids[5]! }).first('deleted_at', 'recipient_id');
    expect(row5).toMatchObject({ recipient_id: olga.id });
    expect(row5?.deleted_at).toBeTruthy();
    const audit = await t.database.db.knex('audit').where({ user_id: olga.id, action: 'notification.delete' }).first('detail') as { detail: string };
    expect(JSON.parse(audit.detail)).toEqual({ notificationIds: [ids[5]] });
  });

  it.each(['Star', 'Read', 'Unread', 'Archive', 'Unarchive', 'Delete'])("another person's ids are refused (404) and change nothing (%s)", async (action) => {
    const knex = t.database.db.knex;
    const before = await knex('notifications').whereIn('id', ids).orderBy('id').select();
    const res = await t.post('/api/notification/action', { action, notificationIds: ids }, dana.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Notification not found.' });
    expect(await knex('notifications').whereIn('id', ids).orderBy('id').select()).toEqual(before);
  });

  it("with another person's id among the caller's own, nothing changes at all (404, all or nothing)", async () => {
    const [mine] = await list(dana);
    const knex = t.database.db.knex;
    const before = await knex('notifications').whereIn('id', [...ids, mine!.notificationId]).orderBy('id').select();
    const res = await t.post('/api/notification/action', { action: 'Star', notificationIds: [mine!.notificationId, ids[0]!] }, dana.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Notification not found.' });
    expect(await knex('notifications').whereIn('id', [...ids, mine!.notificationId]).orderBy('id').select()).toEqual(before);
    expect(await act(dana, 'Star', [mine!.notificationId, mine!.notificationId])).toBe(1);
    expect(await act(dana, 'Unstar', [mine!.notificationId])).toBe(1);
  });

  it.each([
    ['/api/notification/action', { action: 'Destroy', notificationIds: [1] }],
    ['/api/notification/action', { action: 'Read', notificationIds: [] }],
    ['/api/notification/action', { action: 'Read', notificationIds: ['x'] }],
    ['/api/notification/action', { action: 'Read' }],
    ['/api/notification', { folder: 'Sent' }],
    ['/api/notification', { filter: 'Flagged' }],
    ['/api/notification', { from: 0, to: 5 }],
    ['/api/notification', { from: 5, to: 2 }],
    ['/api/notification', { from: 1, to: 101 }],
    ['/api/notification/action', { action: 'Read', notificationIds: [1], folder: 'Sent' }],
    ['/api/notification', { from: 1, to: 0 }],
    ['/api/notification', { from: -1 }],
    ['/api/notification/count', { folder: 'Trash' }],
    ['/api/notification/count', { extra: 1 }],
  ])('%s refuses %j with 400 and changes nothing', async (url, body) => {
    const before = await t.database.db.knex('notifications').orderBy('id').select();
    const res = await t.post(url, body, olga.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBeTruthy();
    expect(await t.database.db.knex('notifications').orderBy('id').select()).toEqual(before);
  });

  it.each(['/api/notification', '/api/notification/count', '/api/notification/action'])('%s needs a signed-in person', async (url) => {
    expect((await t.post(url, url.endsWith('action') ? { action: 'Read', notificationIds: [1] } : {})).statusCode).toBe(401);
  });

  it('each of the eight roles the tenant holds may use the calls (tn has no 250)', async () => {
    const roles = ['100', '200', '250', '300', '350', '375', '400', '500'].filter((r) => t.registry.roles.has(r));
    expect(roles).toHaveLength(7);
    for (const role of roles) {
      const u = await t.user([role], `Role${role}`);
      expect((await t.post('/api/notification', { folder: 'Archive', filter: 'Starred' }, u.token)).json()).toEqual({ notifications: [], total: 0 });
      expect((await t.post('/api/notification/count', {}, u.token)).json()).toBe(0);
      expect((await t.post('/api/notification/action', { action: 'Star', notificationIds: [ids[0]!] }, u.token)).statusCode).toBe(404);
    }
  });
});
