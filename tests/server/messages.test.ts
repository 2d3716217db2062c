import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { countQuery, pageQuery } from '../../server/data/message-store.js';
import { liveAudienceResolver, livePayloadBuilder, type LiveSignal } from '../../server/realtime/live-channel.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { TEST_DIALECT } from '../support/test-database.js';

/*
 * Issue 12 parts 1 to 3 (server): the message calls, folders, filters and actions on a person's own
 * copies, the group recipients of spec part 3 section 6 row by row per tenant, sanitised bodies,
 * who may message at all (never 300 or 375; 350 only in al), and the live signals of a send.
 */

interface Item {
  messageId: number; subject: string; body: string; sentDate: string; read: boolean; starred: boolean; folder: string;
  fromUser: { id: number; name: string; email: string } | null; recipients: { id: number | string; name: string; email: string }[];
}
interface Page { messages: Item[]; total: number }

const ALL_CODES = ['ALL-100', 'ALL-100-UNASSOCIATED', 'ALL-200', 'ALL-250', 'ALL-350', 'ALL-400', 'ALL-CENTER', 'ALL-GROUP', 'ALL-FAMILY', 'ALL-DROP-IN',
  'ALL-EDU-LESS-THAN-HIGH-SCHOOL', 'ALL-EDU-HIGH-SCHOOL', 'ALL-EDU-SOME-COLLEGE', 'ALL-EDU-TECHNICAL-CERTIFICATE', 'ALL-EDU-ASSOCIATE',
  'ALL-EDU-BACHELOR', 'ALL-EDU-MASTER', 'ALL-EDU-DOCTORAL'];
const PROVIDERS_AND_EDUCATION = ALL_CODES.filter((c) => /^ALL-(CENTER|GROUP|FAMILY|DROP-IN|EDU-)/.test(c));

/** The spec's table (part 3 section 6), written out independently of the metadata. */
function expectedGroups(tenant: string, role: string): Set<string> {
  const messages = ['100', '200', '250', '400', '500'].includes(role) || (role === '350' && tenant === 'al');
  if (!messages) return new Set();
  const out: string[] = [];
  if (['250', '350', '400', '500'].includes(role)) out.push('ALL-100', 'ALL-100-UNASSOCIATED', 'ALL-200');
  if (['350', '400', '500'].includes(role) && tenant === 'al') out.push('ALL-250');
  if (['400', '500'].includes(role)) out.push(...PROVIDERS_AND_EDUCATION);
  if (['400', '500'].includes(role) && tenant === 'al') out.push('ALL-350');
  if (role === '500') out.push('ALL-400');
  return new Set(out);
}

const TENANT_ROLES: Record<string, string[]> = {
  tn: ['100', '200', '300', '350', '375', '400', '500'],
  al: ['100', '200', '250', '350', '400', '500'],
  jh: ['100', '200', '250', '300', '350', '375', '400', '500'],
};

const list = (t: TestApp, p: Person, body: Record<string, unknown> = {}) => t.post('/api/message', { folder: 'Inbox', filter: 'None', from: 1, to: 5, ...body }, p.token);
const page = async (t: TestApp, p: Person, body: Record<string, unknown> = {}) => {
  const res = await list(t, p, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const count = async (t: TestApp, p: Person, body: Record<string, unknown> = {}) => {
  const res = await t.post('/api/message/count', body, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<number>();
};
const send = (t: TestApp, p: Person, recipients: (number | string)[], subject = 'Hello', body = '<p>Hi</p>') =>
  t.post('/api/message/send', { subject, body, recipients: recipients.map((id) => ({ id, name: 'x', email: 'x@x.test' })) }, p.token);
const sent = async (t: TestApp, p: Person, recipients: (number | string)[], subject?: string, body?: string) => {
  const res = await send(t, p, recipients, subject, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messageId: number; recipientCount: number }>();
};
const act = (t: TestApp, p: Person, action: string, messageIds: number[]) => t.post('/api/message/action', { action, messageIds }, p.token);
const search = (t: TestApp, p: Person, searchString: string) => t.post('/api/message/usersearch', { searchString }, p.token);

async function copies(t: TestApp): Promise<unknown[]> {
  return t.database.db.knex('message_recipients').orderBy(['message_id', 'user_id', 'folder']).select('*');
}

describe('messages between people (tn)', () => {
  let t: TestApp;
  let ann: Person;
  let ben: Person;
  let cal: Person;
  let coach: Person;
  const heard: LiveSignal[] = [];

  beforeAll(async () => {
    t = await startTestApp('tn');
    const org = await addOrganization(t, 'Acorn Center', { provider_type: 'Center' });
    ann = await addPerson(t, 'Annabel', [{ role: '100', organizationId: org }]);
    ben = await addPerson(t, 'Benedict', [{ role: '100' }]);
    cal = await addPerson(t, 'Calloway', [{ role: '100' }]);
    coach = await addPerson(t, 'Coachella', [{ role: '300' }]);
    t.app.ctx.live.listen((s) => heard.push(s));
  });
  afterAll(async () => t?.close());

  it('delivers a message to the recipient\'s Inbox and the sender\'s Sent, with the count agreeing with the list', async () => {
    const { messageId, recipientCount } = await sent(t, ann, [ben.id], 'Lunch plans', '<p>Meet at <strong>noon</strong></p>');
    expect(recipientCount).toBe(1);
    const inbox = await page(t, ben);
    expect(inbox.total).toBe(1);
    expect(inbox.messages[0]).toMatchObject({
      messageId, subject: 'Lunch plans', body: '<p>Meet at <strong>noon</strong></p>', read: false, starred: false, folder: 'Inbox',
      fromUser: { id: ann.id, name: ann.name }, recipients: [{ id: ben.id, name: ben.name }],
    });
    expect(await count(t, ben)).toBe(1); // default Inbox + Unread
    const out = await page(t, ann, { folder: 'Sent' });
    expect(out.messages.map((m) => m.messageId)).toEqual([messageId]);
    expect(out.messages[0]!.read).toBe(true);
    expect(await count(t, ann, { folder: 'Sent', filter: 'None' })).toBe(1);
    expect((await page(t, ann)).total).toBe(0);
    expect((await page(t, cal)).total).toBe(0);
    const audit = await t.database.db.knex('audit').where({ action: 'message.send', entity_id: messageId }).select('user_id');
    expect(audit).toEqual([{ user_id: ann.id }]);
  });

  it('pages newest first with from and to; the total is the folder\'s', async () => {
    for (let i = 1; i <= 7; i++) await sent(t, cal, [ben.id], `Note ${i}`);
    const first = await page(t, ben, { from: 1, to: 5 });
    expect(first.total).toBe(8);
    expect(first.messages.map((m) => m.subject)).toEqual(['Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    const second = await page(t, ben, { from: 6, to: 10 });
    expect(second.messages.map((m) => m.subject)).toEqual(['Note 2', 'Note 1', 'Lunch plans']);
  });

  it('applies every action to the caller\'s copies, with the folder and filter rules', async () => {
    const { messageId: id } = await sent(t, cal, [ben.id], 'Actionable');
    const unread = await count(t, ben);
    expect((await act(t, ben, 'Read', [id])).json()).toEqual({ action: 'Read', changed: 1 });
    expect(await count(t, ben)).toBe(unread - 1);
    expect((await page(t, ben, { filter: 'Unread', to: 100 })).messages.some((m) => m.messageId === id)).toBe(false);
    await act(t, ben, 'Unread', [id]);
    expect(await count(t, ben)).toBe(unread);
    await act(t, ben, 'Star', [id]);
    const starred = await page(t, ben, { filter: 'Starred' });
    expect(starred.messages.map((m) => m.messageId)).toEqual([id]);
    expect(starred.total).toBe(await count(t, ben, { filter: 'Starred' }));
    await act(t, ben, 'Unstar', [id]);
    expect((await page(t, ben, { filter: 'Starred' })).total).toBe(0);
    await act(t, ben, 'Archive', [id]);
    expect((await page(t, ben, { to: 100 })).messages.some((m) => m.messageId === id)).toBe(false);
    const archived = await page(t, ben, { folder: 'Archive' });
    expect(archived.messages.map((m) => [m.messageId, m.folder])).toEqual([[id, 'Archive']]);
    expect(await count(t, ben, { folder: 'Archive', filter: 'Unread' })).toBe(1);
    expect(await count(t, ben)).toBe(unread - 1);
    await act(t, ben, 'Unarchive', [id]);
    expect((await page(t, ben, { folder: 'Archive' })).total).toBe(0);
    expect(await count(t, ben)).toBe(unread);
    await act(t, ben, 'Delete', [id]);
    for (const folder of ['Inbox', 'Archive', 'Sent']) expect((await page(t, ben, { folder, to: 100 })).messages.some((m) => m.messageId === id)).toBe(false);
    expect(await count(t, ben)).toBe(unread - 1);
    // the sender's copy is untouched by the recipient's delete; Read does not apply to a Sent copy
    expect((await page(t, cal, { folder: 'Sent', to: 1 })).messages[0]!.messageId).toBe(id);
    expect((await act(t, cal, 'Unread', [id])).json()).toEqual({ action: 'Unread', changed: 0 });
    expect((await act(t, cal, 'Delete', [id])).json()).toEqual({ action: 'Delete', changed: 1 });
  });

  it('counts agree with the lists for every folder and filter', async () => {
    const { messageId } = await sent(t, ann, [ben.id], 'Starred one');
    await act(t, ben, 'Star', [messageId]);
    for (const folder of ['Inbox', 'Archive', 'Sent']) {
      for (const filter of ['None', 'Starred', 'Unread']) {
        for (const p of [ann, ben, cal]) {
          const all = await page(t, p, { folder, filter, from: 1, to: 100 });
          expect(all.total).toBe(all.messages.length);
          expect(await count(t, p, { folder, filter })).toBe(all.total);
        }
      }
    }
  });

  it('a person cannot read, mark or delete another person\'s message by id', async () => {
    const { messageId } = await sent(t, ann, [ben.id], 'Private');
    const before = await copies(t);
    for (const action of ['Star', 'Unstar', 'Read', 'Unread', 'Archive', 'Unarchive', 'Delete']) {
      const res = await act(t, cal, action, [messageId]);
      expect(res.statusCode, action).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Message not found: nothing was changed.');
      // mixed with one of the caller's own: still nothing changes
      const own = (await page(t, cal, { folder: 'Sent', to: 1 })).messages[0]!.messageId;
      expect((await act(t, cal, action, [own, messageId])).statusCode).toBe(404);
    }
    expect(await copies(t)).toEqual(before);
    expect((await page(t, cal, { to: 100 })).messages.some((m) => m.messageId === messageId)).toBe(false);
    expect((await act(t, cal, 'Read', [2_000_000_000])).statusCode).toBe(404);
  });

  it('keeps no script or event handler in a body; links keep http, https and mailto with rel', async () => {
    const nasty = '<p onclick="steal()">Hi <img src=x onerror="alert(1)"><script>alert(2)</script>'
      + '<a href="javascript:alert(3)">bad</a> <a href="https://example.org" onmouseover="x()">good</a>'
      + ' <a href="mailto:a@example.org">mail</a> <b>b</b> <i>i</i> <u>u</u><style>p{}</style><iframe src="https://evil.test"></iframe></p>'
      + '<ol><li>one</li></ol><ul><li>two</li></ul><br>';
    const { messageId } = await sent(t, ann, [ben.id], 'Markup', nasty);
    const item = (await page(t, ben)).messages.find((m) => m.messageId === messageId)!;
    for (const bad of ['script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<img', '<style', '<iframe', 'alert']) expect(item.body).not.toContain(bad);
    expect(item.body).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">good</a>');
    expect(item.body).toContain('<a href="mailto:a@example.org" rel="noopener noreferrer" target="_blank">mail</a>');
    expect(item.body).toContain('<strong>b</strong> <em>i</em> <u>u</u>');
    expect(item.body).toContain('<ol><li>one</li></ol><ul><li>two</li></ul><br />');
    const stored = (await t.database.db.knex('messages').where({ id: messageId }).first('body')) as { body: string };
    expect(stored.body).toBe(item.body);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const before = await t.count('messages');
    const cases: [unknown, string][] = [
      [{ subject: 'x'.repeat(201), body: '', recipients: [{ id: ben.id }] }, 'The subject may hold at most 200 characters.'],
      [{ subject: 'Line\nbreak', body: '', recipients: [{ id: ben.id }] }, 'The subject may not hold line breaks or control characters.'],
      [{ subject: 'None', body: '', recipients: [] }, 'No recipient selected'],
      [{ subject: 'Nobody', body: '', recipients: [{ id: 1_999_999_999 }] }, 'A recipient could not be found.'],
      [{ subject: 'Coach', body: '', recipients: [{ id: coach.id }] }, 'A recipient could not be found.'],
      [{ subject: 'Odd', body: '', recipients: [{ id: 'abc' }] }, 'A recipient could not be found.'],
      [{ subject: 'Long', body: `<p>${'y'.repeat(20_001)}</p>`, recipients: [{ id: ben.id }] }, 'The message body is too long: at most 20000 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/api/message/send', body, ann.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    for (const body of [{ folder: 'Drafts' }, { filter: 'All' }, { from: 0 }]) expect((await list(t, ann, body)).statusCode).toBe(400);
    expect((await act(t, ann, 'Explode', [1])).statusCode).toBe(400);
    expect((await act(t, ann, 'Read', [])).statusCode).toBe(400);
    expect(await t.count('messages')).toBe(before);
    // an empty subject and body are the sender's choice (the browser asks first)
    expect((await send(t, ann, [ben.id], '', '')).statusCode).toBe(200);
  });

  it('searches recipients: 2 characters at least, people who may use messages, no groups for 100', async () => {
    const short = await search(t, ann, ' b ');
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toBe('At least two characters are required for search');
    const found = (await search(t, ann, 'benedict')).json<{ id: number; name: string }[]>();
    expect(found).toEqual([{ id: ben.id, name: ben.name, email: expect.stringContaining('benedict') }]);
    expect((await search(t, ann, 'coachella')).json()).toEqual([]);
    expect((await search(t, ann, 'all')).json<{ id: unknown }[]>().some((r) => String(r.id).startsWith('ALL-'))).toBe(false);
    for (let i = 0; i < 12; i++) await addPerson(t, `Zebulon${i}`, [{ role: '100' }]);
    expect((await search(t, ann, 'zebulon')).json<unknown[]>()).toHaveLength(10);
    expect((await search(t, ann, '%_')).json()).toEqual([]);
  });

  it('signals MessageReceived and MessageCountChange after a send, and the count after an action', async () => {
    heard.length = 0;
    const { messageId } = await sent(t, ann, [ben.id, cal.id], 'Live');
    await new Promise((r) => setTimeout(r, 50));
    const events = heard.filter((s) => s.kind === 'event');
    expect(events).toEqual([
      { kind: 'event', event: 'MessageReceived', to: { audience: 'message', id: messageId }, ref: { messageId } },
      { kind: 'event', event: 'MessageCountChange', to: { audience: 'message', id: messageId }, ref: { messageId } },
    ]);
    const knex = t.database.db.knex;
    const audience = await liveAudienceResolver('message')!(knex, messageId, [ann.id, ben.id, coach.id]);
    expect(audience).toEqual([ben.id]); // the sender's own Sent copy is no delivery; cal is not connected
    const payload = (await livePayloadBuilder('MessageReceived')!(knex, ben.id, { messageId })) as Item;
    expect(payload).toMatchObject({ messageId, subject: 'Live', folder: 'Inbox', read: false, fromUser: { id: ann.id } });
    expect(await livePayloadBuilder('MessageReceived')!(knex, coach.id, { messageId })).toBeNull();
    expect(await livePayloadBuilder('MessageCountChange')!(knex, ben.id, undefined)).toBe(await count(t, ben));
    heard.length = 0;
    await act(t, ben, 'Read', [messageId]);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([{ kind: 'event', event: 'MessageCountChange', to: { userIds: [ben.id] } }]);
  });

  it('shows Error data (fromUser null) when the sender is no longer usable', async () => {
    const gone = await addPerson(t, 'Departed', [{ role: '100' }]);
    const { messageId } = await sent(t, gone, [ben.id], 'From the past');
    await t.database.db.knex('users').where({ id: gone.id }).update({ disabled: true });
    const item = (await page(t, ben, { to: 100 })).messages.find((m) => m.messageId === messageId)!;
    expect(item.fromUser).toBeNull();
  });

  it('refuses every call to 300 and 375 (and 350 outside al)', async () => {
    const { messageId } = await sent(t, ann, [ben.id], 'For nobody else');
    for (const role of ['300', '375', '350']) {
      const p = await addPerson(t, `Refused${role}`, [{ role }]);
      const calls = [
        list(t, p), t.post('/api/message/count', {}, p.token), act(t, p, 'Read', [messageId]),
        send(t, p, [ben.id]), search(t, p, 'benedict'),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
    }
    expect((await t.post('/api/message/count', {}, undefined)).statusCode).toBe(401);
  });
});

describe('group recipients', () => {
  let t: TestApp;
  let manager: Person;
  let admin: Person;
  const people: Record<string, Person> = {};

  beforeAll(async () => {
    t = await startTestApp('tn');
    const center = await addOrganization(t, 'Big Center', { provider_type: 'Center' });
    const family = await addOrganization(t, 'Home Family Care', { provider_type: 'Family' });
    manager = await addPerson(t, 'Manny', [{ role: '400' }]);
    admin = await addPerson(t, 'Adminia', [{ role: '500' }]);
    people.centerPro = await addPerson(t, 'Centerpro', [{ role: '100', organizationId: center }]);
    people.familyPro = await addPerson(t, 'Familypro', [{ role: '100', organizationId: family }]);
    people.loner = await addPerson(t, 'Loner', [{ role: '100' }]);
    people.director = await addPerson(t, 'Directa', [{ role: '200', organizationId: center }]);
    people.bachelor = await addPerson(t, 'Bachelora', [{ role: '100' }]);
    people.master = await addPerson(t, 'Mastera', [{ role: '100' }]);
    people.coach = await addPerson(t, 'Coachy', [{ role: '300' }]);
    people.formerPro = await addPerson(t, 'Former', [{ role: '100', organizationId: center }]);
    await t.database.db.knex('user_roles').where({ user_id: people.formerPro.id }).update({ active: false });
    const now = new Date().toISOString();
    const edu = (userId: number, level: string, disabled = false) => ({ user_id: userId, education_level: level, school: 'State College', disabled, created_at: now, updated_at: now });
    await t.database.db.knex('education').insert([
      edu(people.bachelor.id, "Bachelor's Degree"), edu(people.bachelor.id, 'Some College'), edu(people.bachelor.id, "Master's Degree", true),
      edu(people.master.id, "Bachelor's Degree"), edu(people.master.id, "Master's Degree"),
    ]);
  });
  afterAll(async () => t?.close());

  async function reached(code: string, sender = manager): Promise<number[]> {
    const { messageId, recipientCount } = await sent(t, sender, [code], `To ${code}`);
    const rows = (await t.database.db.knex('message_recipients').where({ message_id: messageId, folder: 'Inbox' }).orderBy('user_id').select('user_id')) as { user_id: number }[];
    expect(rows).toHaveLength(recipientCount);
    expect(await t.count('messages')).toBeGreaterThan(0);
    return rows.map((r) => Number(r.user_id));
  }
  const ids = (...names: string[]) => names.map((n) => people[n]!.id).sort((a, b) => a - b);

  it('means the people of its selector, stored once with one copy each', async () => {
    const before = await t.count('messages');
    expect(await reached('ALL-100')).toEqual(ids('centerPro', 'familyPro', 'loner', 'bachelor', 'master'));
    expect(await t.count('messages')).toBe(before + 1);
    expect(await reached('ALL-100-UNASSOCIATED')).toEqual(ids('loner', 'bachelor', 'master'));
    expect(await reached('ALL-200')).toEqual(ids('director'));
    expect(await reached('ALL-CENTER')).toEqual(ids('centerPro', 'director'));
    expect(await reached('ALL-FAMILY')).toEqual(ids('familyPro'));
    expect(await reached('ALL-DROP-IN')).toEqual([]);
    expect(await reached('ALL-EDU-BACHELOR')).toEqual(ids('bachelor'));
    expect(await reached('ALL-EDU-MASTER')).toEqual(ids('master'));
    expect(await reached('ALL-EDU-SOME-COLLEGE')).toEqual([]);
    expect(await reached('ALL-400', admin)).toEqual([manager.id]); // not the sending administrator
  });

  it('shows the group in the recipients as sent, once per person when a person is also named', async () => {
    const { messageId } = await sent(t, manager, ['ALL-FAMILY', people.familyPro.id, people.loner.id]);
    const item = (await page(t, people.familyPro)).messages.find((m) => m.messageId === messageId)!;
    expect(item.recipients).toEqual([
      { id: 'ALL-FAMILY', name: 'All Family Providers', email: '' },
      { id: people.familyPro.id, name: people.familyPro.name, email: expect.any(String) },
      { id: people.loner.id, name: people.loner.name, email: expect.any(String) },
    ]);
    expect((await t.database.db.knex('message_recipients').where({ message_id: messageId, folder: 'Inbox' }).select('user_id')).length).toBe(2);
  });

  it('offers groups first in the search, then people', async () => {
    const res = (await search(t, manager, 'fam')).json<{ id: number | string; name: string }[]>();
    expect(res[0]).toEqual({ id: 'ALL-FAMILY', name: 'All Family Providers', email: '' });
    expect(res.slice(1).map((r) => r.id)).toEqual([people.familyPro.id]);
    expect((await search(t, manager, 'all')).json<unknown[]>()).toHaveLength(10);
  });
});

describe.each(['tn', 'al', 'jh'])('the group table, row by row, in %s', (tenant) => {
  let t: TestApp;
  const senders: Record<string, Person> = {};

  beforeAll(async () => {
    t = await startTestApp(tenant);
    for (const role of TENANT_ROLES[tenant]!) senders[role] = await addPerson(t, `Sender${role}`, [{ role }]);
  });
  afterAll(async () => t?.close());

  it.each(TENANT_ROLES[tenant]!)('role %s: offered and accepted exactly the table\'s groups', async (role) => {
    const p = senders[role]!;
    const expected = expectedGroups(tenant, role);
    const canMessage = ['100', '200', '250', '400', '500'].includes(role) || (role === '350' && tenant === 'al');
    for (const code of ALL_CODES) {
      const offered = await search(t, p, code.toLowerCase());
      if (!canMessage) {
        expect(offered.statusCode).toBe(403);
      } else {
        expect(offered.statusCode, offered.body).toBe(200);
        expect(offered.json<{ id: unknown }[]>().some((r) => r.id === code), `${role} offered ${code}`).toBe(expected.has(code));
      }
      const res = await send(t, p, [code]);
      expect(res.statusCode, `${role} sends to ${code}: ${res.body}`).toBe(expected.has(code) ? 200 : 403);
    }
  });
});

describe('the inbox queries use their indexes', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp('tn'); });
  afterAll(async () => t?.close());

  it('seeks the person\'s folder in order for a page, and the unread range for the count', async () => {
    const knex = t.database.db.knex;
    const cases: [string, Knex.Sql][] = [
      ['message_recipients_page', pageQuery(knex, 1, 'Inbox', 'None', 1, 5).toSQL()],
      ['message_recipients_unread', pageQuery(knex, 1, 'Inbox', 'Unread', 1, 5).toSQL()],
      ['message_recipients_unread', countQuery(knex, 1, 'Inbox', 'Unread').toSQL()],
    ];
    for (const [index, q] of cases) {
      let plan: string;
      if (TEST_DIALECT === 'pg') {
        // the test tables are tiny: forbid the sequential scan the planner would rightly pick here
        plan = await knex.transaction(async (trx) => {
          await trx.raw('set local enable_seqscan = off');
          const rows = (await trx.raw(`explain ${q.sql}`, q.bindings)) as { rows: { 'QUERY PLAN': string }[] };
          return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan).not.toMatch(/Sort Key: c\.sent_at/);
        // without statistics (empty tables) PostgreSQL may walk either index of the person's folder
        expect(plan, q.sql).toMatch(/using message_recipients_(page|unread)/);
        continue;
      } else {
        const rows = (await knex.raw(`explain query plan ${q.sql}`, q.bindings)) as { detail: string }[];
        plan = rows.map((r) => r.detail).join('\n');
        expect(plan).not.toContain('TEMP B-TREE');
      }
      expect(plan, q.sql).toContain(index);
    }
  });
});
