import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { openDatabase } from '../../server/data/db.js';
import { endSessions } from '../../server/domain/sessions/session-generation.js';
import { LISTEN_APPLICATION_NAME, notifyPayloads, NOTIFY_PAYLOAD_LIMIT } from '../../server/realtime/pg-channel.js';
import { TEST_DIALECT } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { closed, connectHub, nextEvent } from '../support/hub-client.js';

describe('a NOTIFY payload', () => {
  it('stays under the limit: a long list of people is split, every person kept once', () => {
    const userIds = Array.from({ length: 5000 }, (_, i) => 1_000_000 + i);
    const parts = notifyPayloads({ kind: 'event', event: 'MessageCountChange', to: { userIds }, ref: { messageId: 3 } });
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_LIMIT);
    const back = parts.map((p) => JSON.parse(p) as { to: { userIds: number[] }; ref: unknown; event: string });
    expect(back.flatMap((b) => b.to.userIds)).toEqual(userIds);
    expect(new Set(back.map((b) => `${b.event}/${JSON.stringify(b.ref)}`))).toEqual(new Set(['MessageCountChange/{"messageId":3}']));
  });
});

describe.skipIf(TEST_DIALECT !== 'pg')('the hub across two server instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await startTestApp('tn');
    const db = openDatabase(a.database.databaseUrl, a.database.dataDir);
    b = await buildApp({ config: a.config, db, registry: a.registry, forceCloseConnections: true });
    b.addHook('onClose', async () => db.knex.destroy());
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a signal sent through instance A reaches a client connected to instance B within 1 s', async () => {
    const dana = await a.user(['100'], 'Dana');
    const c: HubConnection = await connectHub(b, () => dana.token);
    try {
      await c.invoke('JoinUserGroup', dana.id);
      const arrived = nextEvent(c, 'MessageReceived');
      const sender = await a.user(['100'], 'Sasha');
      const sentAt = Date.now();
      const sent = await a.post('/api/message/send', { subject: 'Across instances', body: '<p>Hi</p>', recipients: [{ id: dana.id }] }, sender.token);
      expect(sent.statusCode).toBe(200);
      expect(await arrived).toMatchObject([dana.id, { messageId: sent.json<{ messageId: number }>().messageId, subject: 'Across instances' }]);
      expect(Date.now() - sentAt).toBeLessThan(1000);
    } finally {
      await c.stop();
    }
  });

  it('signals sent side by side go out one at a time, in order, without queueing on a busy connection', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => { warnings.push(w.message); };
    process.on('warning', onWarning);
    const heard: number[] = [];
    const stopListening = b.ctx.live.listen((signal) => {
      if (signal.kind === 'event' && signal.event === 'NotificationCountChange' && signal.ref?.order !== undefined) heard.push(signal.ref.order);
    });
    try {
      const orders = Array.from({ length: 30 }, (_, i) => i);
      await Promise.all(orders.map((order) => a.app.ctx.live.signal({ kind: 'event', event: 'NotificationCountChange', to: { userIds: [2_000_000_000] }, ref: { order } })));
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(orders.length);
      expect(heard).toEqual(orders);
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    } finally {
      stopListening();
      process.off('warning', onWarning);
    }
  });

  it("sessions ended through A close B's connection, and B refuses the token", async () => {
    const eli = await a.user(['100'], 'Eli');
    const c = await connectHub(b, () => eli.token, { skipNegotiation: true });
    await c.invoke('JoinUserGroup', eli.id);
    const whenClosed = closed(c);
    await a.app.ctx.db.knex.transaction((trx) => endSessions(trx, a.app.ctx, eli.id, 'locked', null));
    expect(String(await whenClosed)).toMatch(/session has ended/);
    expect(c.state).toBe(HubConnectionState.Disconnected);
    await expect(connectHub(b, () => eli.token)).rejects.toThrow();
    await expect(connectHub(b, () => eli.token, { skipNegotiation: true })).rejects.toThrow();
    const api = await b.inject({ method: 'GET', url: '/api/auth/heartbeat', headers: { authorization: `Bearer ${eli.token}` } });
    expect(api.statusCode).toBe(401);
  });

  it("a logout on A is honoured by B: B refuses the token and closes the hub connection it opened", async () => {
    const fay = await a.user(['100'], 'Fay');
    const c = await connectHub(b, () => fay.token, { skipNegotiation: true });
    await c.invoke('JoinUserGroup', fay.id);
    const whenClosed = closed(c);
    const heartbeat = () => b.inject({ method: 'GET', url: '/api/auth/heartbeat', headers: { authorization: `Bearer ${fay.token}` } });
    expect((await heartbeat()).statusCode).toBe(200);
    expect((await a.post('/api/auth/logout', {}, fay.token)).statusCode).toBe(204);
    expect(String(await whenClosed)).toMatch(/signed out/);
    await expect.poll(async () => (await heartbeat()).statusCode, { timeout: 1000 }).toBe(401);
    await expect(connectHub(b, () => fay.token, { skipNegotiation: true })).rejects.toThrow();
  });

  it('B listens again after its LISTEN connection is cut, and hears A once more', async () => {
    const gus = await a.user(['100'], 'Gus');
    const c = await connectHub(b, () => gus.token);
    try {
      await c.invoke('JoinUserGroup', gus.id);
      const cut = await a.app.ctx.db.knex.raw("SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?", [LISTEN_APPLICATION_NAME]);
      expect((cut as { rows: unknown[] }).rows.length).toBe(2);
      await expect.poll(async () => {
        const arrived = nextEvent(c, 'NotificationCountChange', 250).then(() => true, () => false);
        await a.app.ctx.live.signal({ kind: 'event', event: 'NotificationCountChange', to: { userIds: [gus.id] } });
        return arrived;
      }, { timeout: 8000, interval: 50 }).toBe(true);
    } finally {
      await c.stop();
    }
  });
});

describe.skipIf(TEST_DIALECT !== 'pg')('an instance whose LISTEN connection was cut reads what it missed', () => {
  let a: TestApp;
  let b: FastifyInstance;
  const listenerPids = async () => ((await a.app.ctx.db.knex.raw('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?', [LISTEN_APPLICATION_NAME])) as { rows: { pid: number }[] }).rows.map((r) => r.pid);

  beforeAll(async () => {
    a = await startTestApp('tn');
    const db = openDatabase(a.database.databaseUrl, a.database.dataDir);
    b = await buildApp({ config: a.config, db, registry: a.registry, forceCloseConnections: true });
    b.addHook('onClose', async () => db.knex.destroy());
  });

  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('refuses a token logged out on A while its LISTEN connection was down, once it listens again', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => a.user(['100'], `Gap${i}`)));
    for (const person of people) {
      const before = await listenerPids();
      // cut every listener (A's and B's); a logout on A at once may land before they listen again
      await a.app.ctx.db.knex.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?', [LISTEN_APPLICATION_NAME]);
      expect((await a.post('/api/auth/logout', {}, person.token)).statusCode).toBe(204);
      await expect.poll(async () => (await listenerPids()).filter((p) => !before.includes(p)).length, { timeout: 8000, interval: 50 }).toBe(2);
      await expect.poll(async () => (await b.inject({ method: 'GET', url: '/api/auth/heartbeat', headers: { authorization: `Bearer ${person.token}` } })).statusCode, { timeout: 3000, interval: 50 }).toBe(401);
    }
  });
});
