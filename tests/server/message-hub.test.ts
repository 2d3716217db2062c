import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { endSessions } from '../../server/domain/sessions/session-generation.js';
import { registerLiveAudience, registerLivePayload } from '../../server/realtime/live-channel.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { baseUrl, closed, connectHub, nextEvent } from '../support/hub-client.js';

/** What the test uses of the ws package's socket. */
interface RawSocket { send: (text: string) => void; close: () => void; on: (event: 'message', fn: (data: Buffer) => void) => void }

let t: TestApp;
let anna: TestUser;
let ben: TestUser;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await startTestApp('tn');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  anna = await t.user(['100'], 'Anna');
  ben = await t.user(['100'], 'Ben');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

afterAll(async () => {
  await t.close();
});

async function connect(user: TestUser, skipNegotiation = false): Promise<HubConnection> {
  const c = await connectHub(t.app, () => user.token, { skipNegotiation });
  open.push(c);
  return c;
}

const endAllSessions = (userId: number) => t.app.ctx.db.knex.transaction((trx) => endSessions(trx, t.app.ctx, userId, 'locked', null));

describe('the real-time hub at /message-hub', () => {
  for (const skipNegotiation of [false, true]) {
    it(`the standard client connects ${skipNegotiation ? 'with skipNegotiation' : 'through negotiate'}, joins its group and hears a message sent to it within 1 s`, async () => {
      const c = await connect(anna, skipNegotiation);
      expect(c.state).toBe(HubConnectionState.Connected);
      await c.invoke('JoinUserGroup', anna.id);
      const received = nextEvent(c, 'MessageReceived');
      const counted = nextEvent(c, 'MessageCountChange');
      const unread = (await t.post('/api/message/count', {}, anna.token)).json<number>();
      const sentAt = Date.now();
      const sent = await t.post('/api/message/send', { subject: 'Hub check', body: '<p>Hello</p>', recipients: [{ id: anna.id }] }, ben.token);
      expect(sent.statusCode).toBe(200);
      const { messageId } = sent.json<{ messageId: number }>();
      const [to, message] = await received;
      expect([to, message]).toMatchObject([anna.id, { messageId, subject: 'Hub check' }]);
      expect(await counted).toEqual([anna.id, unread + 1]);
      expect(Date.now() - sentAt).toBeLessThan(1000);
    });
  }

  it('negotiate answers version 1 with the WebSockets transport in text only, and 401 without a good token', async () => {
    const url = `${baseUrl(t.app)}/message-hub/negotiate?negotiateVersion=1`;
    const ok = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${anna.token}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ negotiateVersion: 1, availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }] });
    expect(typeof body.connectionId).toBe('string');
    expect(typeof body.connectionToken).toBe('string');
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
  });

  it('takes the token from the access_token query parameter (as browsers send it) and speaks the JSON protocol', async () => {
    const ws = (await t.app.injectWS(`/message-hub?access_token=${encodeURIComponent(anna.token)}`)) as RawSocket;
    const received: string[] = [];
    ws.on('message', (data: Buffer) => received.push(...String(data).split('\u001e').filter(Boolean)));
    ws.send('{"protocol":"json","version":1}\u001e{"type":1,"invocationId":"1","target":"JoinUserGroup","arguments":["' + anna.id + '"]}\u001e{"type":1,"invocationId":"2","target":"SetIdleStatus","arguments":[true]}\u001e{"type":1,"invocationId":"3","target":"Nothing","arguments":[]}\u001e');
    await expect.poll(() => received.length).toBe(4);
    expect(JSON.parse(received[0]!)).toEqual({});
    expect(JSON.parse(received[1]!)).toEqual({ type: 3, invocationId: '1', result: null });
    expect(JSON.parse(received[2]!)).toEqual({ type: 3, invocationId: '2', result: null });
    expect(JSON.parse(received[3]!)).toMatchObject({ type: 3, invocationId: '3', error: expect.any(String) });
    ws.close();
    await expect(t.app.injectWS('/message-hub?access_token=bad')).rejects.toThrow(/401/);
  });

  it('refuses another protocol in the handshake, and closes on a record that is not a hub message', async () => {
    const path = `/message-hub?access_token=${encodeURIComponent(anna.token)}`;
    const pack = (await t.app.injectWS(path)) as RawSocket;
    const packHeard: string[] = [];
    pack.on('message', (data: Buffer) => packHeard.push(...String(data).split('\u001e').filter(Boolean)));
    pack.send('{"protocol":"messagepack","version":1}\u001e');
    await expect.poll(() => packHeard.length).toBe(1);
    expect(JSON.parse(packHeard[0]!)).toEqual({ error: expect.stringMatching(/JSON hub protocol/) });
    const bad = (await t.app.injectWS(path)) as RawSocket;
    const badHeard: string[] = [];
    bad.on('message', (data: Buffer) => badHeard.push(...String(data).split('\u001e').filter(Boolean)));
    bad.send('{"protocol":"json","version":1}\u001e[1,2]\u001e');
    await expect.poll(() => badHeard.length).toBe(2);
    expect(JSON.parse(badHeard[1]!)).toEqual({ type: 7, error: expect.any(String) });
    pack.close();
    bad.close();
  });

  it("refuses to join another person's group and sends that person's events only to them", async () => {
    const a = await connect(anna);
    const b = await connect(ben, true);
    await expect(a.invoke('JoinUserGroup', ben.id)).rejects.toThrow(/own group/);
    await b.invoke('JoinUserGroup', ben.id);
    const annaHeard: unknown[] = [];
    a.on('NotificationCountChange', (...args) => annaHeard.push(args));
    const arrived = nextEvent(b, 'NotificationCountChange');
    await t.app.ctx.live.signal({ kind: 'event', event: 'NotificationCountChange', to: { userIds: [ben.id, anna.id] } });
    expect(await arrived).toEqual([ben.id, 0]);
    await new Promise((r) => setTimeout(r, 100));
    expect(annaHeard).toEqual([]);
    await b.invoke('LeaveUserGroup', ben.id);
    await expect(nextEvent(b, 'NotificationCountChange', 300).then(() => 'heard', () => 'silent')).resolves.toBe('silent');
  });

  it('builds payloads and resolves audiences with what the features register', async () => {
    registerLivePayload('RolePromotionActionReceived', async (knex, userId, ref) => {
      const row = (await knex('users').where({ id: userId }).first('id')) as { id: number };
      return { forUser: row.id, employmentRecordId: ref?.employmentRecordId };
    });
    registerLiveAudience('test-audience', async (_knex, id, connected) => connected.filter((u) => u === id));
    const c = await connect(ben);
    await c.invoke('JoinUserGroup', ben.id);
    const arrived = nextEvent(c, 'RolePromotionActionReceived');
    await t.app.ctx.live.signal({ kind: 'event', event: 'RolePromotionActionReceived', to: { audience: 'test-audience', id: ben.id }, ref: { employmentRecordId: 12 } });
    expect(await arrived).toEqual([ben.id, { forUser: ben.id, employmentRecordId: 12 }]);
  });

  it('refuses a bad token and a token whose sessions ended, and closes an open connection when they end', async () => {
    await expect(connectHub(t.app, () => 'bad-token', { skipNegotiation: true })).rejects.toThrow();
    await expect(connectHub(t.app, () => 'bad-token')).rejects.toThrow();
    const carl = await t.user(['100'], 'Carl');
    const c = await connect(carl, true);
    await c.invoke('JoinUserGroup', carl.id);
    const whenClosed = closed(c);
    await endAllSessions(carl.id);
    const error = await whenClosed;
    expect(String(error)).toMatch(/session has ended/);
    expect(c.state).toBe(HubConnectionState.Disconnected);
    await expect(connectHub(t.app, () => carl.token, { skipNegotiation: true })).rejects.toThrow();
    await expect(connectHub(t.app, () => carl.token)).rejects.toThrow();
  });

  it('closes the connection opened with a token that signs out, and refuses that token', async () => {
    const dora = await t.user(['100'], 'Dora');
    const c = await connect(dora);
    await c.invoke('JoinUserGroup', dora.id);
    const whenClosed = closed(c);
    expect((await t.post('/api/auth/logout', {}, dora.token)).statusCode).toBe(204);
    expect(String(await whenClosed)).toMatch(/signed out/);
    await expect(connectHub(t.app, () => dora.token, { skipNegotiation: true })).rejects.toThrow();
  });

  it('never writes the access token of the query string into the log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ config: t.config, db: t.database.db, registry: t.registry, logger: true, logStream: { write: (line) => { lines.push(line); } } });
    try {
      const res = await logged.inject({ method: 'POST', url: `/message-hub/negotiate?negotiateVersion=1&access_token=${anna.token}` });
      expect(res.statusCode).toBe(200);
      expect(lines.join('')).toContain('access_token=[redacted]');
      expect(lines.join('')).not.toContain(anna.token);
    } finally {
      await logged.close();
    }
  });
});

/** The idle status call (docs/decisions.md "Issue 12: badges, toast, live Requests grid and idle status"). */
describe('SetIdleStatus on /message-hub', () => {
  const joined = async (user: TestUser) => {
    const c = await connect(user, true);
    await c.invoke('JoinUserGroup', user.id);
    return c;
  };
  const silent = (c: HubConnection, event: string) => nextEvent(c, event, 300).then(() => 'heard', () => 'silent');

  it('an idle connection hears new messages but no count changes; reporting active sends the counts it missed, as they are now', async () => {
    const ivy = await t.user(['100'], 'Ivy');
    const idleTab = await joined(ivy);
    const activeTab = await joined(ivy);
    await idleTab.invoke('SetIdleStatus', true);

    const received = nextEvent(idleTab, 'MessageReceived');
    const countedElsewhere = nextEvent(activeTab, 'MessageCountChange');
    const heldBack = silent(idleTab, 'MessageCountChange');
    const sent = await t.post('/api/message/send', { subject: 'While away', body: '<p>Hello</p>', recipients: [{ id: ivy.id }] }, ben.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await received)[1]).toMatchObject({ subject: 'While away' });
    expect(await countedElsewhere).toEqual([ivy.id, 1]);
    expect(await heldBack).toBe('silent');

    const caughtUp = nextEvent(idleTab, 'MessageCountChange');
    const notMissed = silent(idleTab, 'NotificationCountChange');
    await idleTab.invoke('SetIdleStatus', false);
    expect(await caughtUp).toEqual([ivy.id, 1]);
    expect(await notMissed).toBe('silent');

    // nothing is held any more: the next change comes at once, and once
    const next = nextEvent(idleTab, 'MessageCountChange');
    expect((await t.post('/api/message/send', { subject: 'Back', body: '<p>Hi</p>', recipients: [{ id: ivy.id }] }, ben.token)).statusCode).toBe(200);
    expect(await next).toEqual([ivy.id, 2]);
    await idleTab.invoke('SetIdleStatus', false);
    expect(await silent(idleTab, 'MessageCountChange')).toBe('silent');
  });

  it('counts held back twice are sent once, and an idle report that is not a boolean is refused', async () => {
    const jay = await t.user(['100'], 'Jay');
    const c = await joined(jay);
    await expect(c.invoke('SetIdleStatus', 'yes')).rejects.toThrow(/arguments/);
    await c.invoke('SetIdleStatus', true);
    await t.app.ctx.live.signal({ kind: 'event', event: 'NotificationCountChange', to: { userIds: [jay.id] } });
    await t.app.ctx.live.signal({ kind: 'event', event: 'NotificationCountChange', to: { userIds: [jay.id] } });
    expect(await silent(c, 'NotificationCountChange')).toBe('silent');
    const heard: unknown[] = [];
    c.on('NotificationCountChange', (...args: unknown[]) => heard.push(args));
    await c.invoke('SetIdleStatus', false);
    await expect.poll(() => heard.length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([[jay.id, 0]]);
  });
});
