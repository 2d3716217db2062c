import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, registryFor } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/data/db.js';
import { publishEvent } from '../../server/events/event-bus.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { freshDatabase, TEST_DIALECT, type TestDatabase } from '../support/test-database.js';

/**
 * Two server instances on ONE PostgreSQL database, both running their jobs: every outbox mail
 * is delivered once and every domain event handed to a subscriber once. SQLite is embedded and
 * owned by one process, so there is no second instance to run there. Quick enough (a few
 * seconds) to run in the default suite as well as in npm run test:resilience.
 */
const N = 30;
const PASSWORD = 'Good-password-1';
const poll = { timeout: 60_000, interval: 200 };

describe.skipIf(TEST_DIALECT !== 'pg')('two instances on one PostgreSQL database (skipped on SQLite: one process owns the embedded file)', () => {
  let database: TestDatabase;
  let second: Database;
  let smtp: TestSmtp;
  const apps: FastifyInstance[] = [];
  /** event id -> the instances that handled it */
  const handled = new Map<number, string[]>();
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    database = await freshDatabase();
    smtp = await startSmtp();
    second = openDatabase(database.databaseUrl, database.dataDir);
    const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'tn', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256', RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000' }), databaseUrl: database.databaseUrl, smtpUrl: smtp.url };
    const registry = registryFor(config);
    for (const [name, db] of [['A', database.db], ['B', second]] as const) {
      const app = await buildApp({ config: { ...config }, db, registry });
      app.ctx.events.subscribe('*', (e) => { handled.set(e.id, [...(handled.get(e.id) ?? []), name]); });
      apps.push(app);
    }
    await Promise.all(apps.map((a) => a.jobs.start()));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.knex.destroy();
    await smtp?.close();
    await database?.drop();
  });

  it(`delivers each of ${N} mails once and dispatches each of ${N} events once`, async () => {
    const writes = Array.from({ length: N }, async (_, i) => {
      const app = apps[i % 2]!;
      const res = await app.inject({ method: 'POST', url: '/api/accounts', payload: { email: `twin${i}@example.org`, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Twin', lastName: `Number${i}`, termsAccepted: true } });
      expect(res.statusCode, res.body).toBe(200);
      await app.ctx.db.knex.transaction((trx) => publishEvent(trx, { type: 'role.requested', actorId: null, payload: { requestId: i, userId: i, organizationId: 1, employmentRecordId: i, role: '100' } }));
    });
    // besides the jobs, both instances drain by hand all the while: only the row claims keep each row to one of them
    let writing = true;
    const drains = apps.map(async (app) => {
      while (writing) await Promise.all([app.mailer.deliverNow(), app.ctx.events.dispatchPending()]);
    });
    await Promise.all(writes);
    writing = false;
    await Promise.all(drains);
    const knex = database.db.knex;
    await expect.poll(async () => Number((await knex('outbox').where({ status: 'sent' }).count({ c: '*' }).first())?.c), poll).toBe(N);
    await expect.poll(async () => Number((await knex('domain_events').whereNotNull('dispatched_at').count({ c: '*' }).first())?.c), poll).toBe(N);

    for (let i = 0; i < N; i += 1) expect(smtp.to(`twin${i}@example.org`), `twin${i}`).toHaveLength(1);
    expect(smtp.messages).toHaveLength(N);
    expect(handled.size).toBe(N);
    expect([...handled.values()].filter((by) => by.length !== 1)).toEqual([]);
    expect(await knex('outbox').max({ m: 'attempts' }).first()).toEqual({ m: 1 });
    const byInstance = { A: [...handled.values()].filter((by) => by[0] === 'A').length, B: [...handled.values()].filter((by) => by[0] === 'B').length };
    console.log(`two instances: ${N} mails sent once each (${smtp.messages.length} received), ${N} events dispatched once each (A ${byInstance.A}, B ${byInstance.B}), ${((Date.now() - started) / 1000).toFixed(1)} s with setup`);
  }, 90_000);
});
