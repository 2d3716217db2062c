import { performance } from 'node:perf_hooks';
import { buildApp, registryFor } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createUser } from '../../server/domain/identity.js';
import { benchDatabase } from './bench-database.js';
import { loadPostgres, loadSqlite } from './bench-load.js';
import { fmt, measure } from './bench-measure.js';

/**
 * Messages (issue 12): a message to ALL-100 with 100,000 professionals stored and counted (target
 * under 2 s), then an inbox page and the unread count for a person holding 10,000 messages (target
 * p95 under 5 ms), through the app's routes (in-process requests). SQLite by default; PostgreSQL
 * with DATABASE_URL (see bench-database.ts).
 */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const INBOX = Number(process.env.BENCH_INBOX ?? 10_000);
const GROUP_SENDS = 3;
const PASSWORD = 'Bench-Password-1';

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const database = await benchDatabase();
  const { db } = database;
  log(`database: ${db.dialect}; ${PEOPLE.toLocaleString('en-US')} professionals (role 100 at an organization)`);
  const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'tn', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' }), databaseUrl: database.databaseUrl };
  const registry = registryFor(config);
  const app = await buildApp({ config, db, registry });
  try {
    const newUser = (email: string, role: string) => createUser(db.knex, registry, { email, password: PASSWORD, firstName: 'Bench', lastName: 'Messenger', roles: [{ role }], confirmed: true, firstTime: false }, null);
    const sender = await newUser('sender@bench.registry.test', '500');
    const person = await newUser('reader@bench.registry.test', '100');
    const plan = { firstUserId: person.id + 1, firstOwnerId: person.id + 1, lastOwnerId: person.id + PEOPLE, rowsPerPerson: 0 };
    const loadStart = performance.now();
    if (db.dialect === 'sqlite') loadSqlite(database.location, plan, new Set());
    else await loadPostgres(database.location, plan, new Set());
    log(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

    const login = async (userName: string): Promise<string> => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName, password: PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return (JSON.parse((res.json() as { jwt: string }).jwt) as { auth_token: string }).auth_token;
    };
    const senderToken = await login(sender.user_name);
    const personToken = await login(person.user_name);
    const post = async (url: string, payload: object, token: string) => {
      const res = await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };

    // a message to ALL-100, stored (one INSERT ... SELECT) and counted, timed as the call
    for (let i = 1; i <= GROUP_SENDS; i++) {
      const t0 = performance.now();
      const res = await post('/api/message/send', { subject: `To everyone ${i}`, body: '<p>Hello, <strong>everyone</strong>.</p>', recipients: [{ id: 'ALL-100', name: 'All ECE Professionals', email: '' }] }, senderToken);
      const ms = performance.now() - t0;
      const { recipientCount } = res.json<{ recipientCount: number }>();
      log(`  send to ALL-100 #${i}: ${fmt(ms)} ms, ${recipientCount.toLocaleString('en-US')} recipients${ms < 2000 ? '' : ' (over the 2 s target)'}`);
    }

    // the reader's 10,000 messages, loaded set-based (a third of them read)
    const loadInbox = performance.now();
    const sentAt = db.dialect === 'pg'
      ? "timestamptz '2025-01-01T00:00:00Z' + n * interval '1 minute'"
      : "strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01T00:00:00', '+' || n || ' minutes')";
    await db.knex.transaction(async (trx) => {
      await trx.raw(`insert into messages (sender_id, subject, body, sent_at, group_codes, recipients)
        with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ?)
        select ?, 'Bench message ' || n, '<p>Bench body ' || n || '</p>', ${sentAt}, null, ? from seq`,
      [INBOX, sender.id, JSON.stringify([{ id: person.id, name: 'Bench Messenger', email: person.email }])]);
      await trx.raw(`insert into message_recipients (message_id, user_id, folder, is_read, starred, deleted, sent_at)
        select m.id, ?, 'Inbox', (m.id % 3 = 0), (m.id % 50 = 0), false, m.sent_at from messages m where m.sender_id = ? and m.group_codes is null`, [person.id, sender.id]);
    });
    await db.knex.raw(db.dialect === 'pg' ? 'vacuum analyze message_recipients' : 'analyze');
    log(`  loaded ${INBOX.toLocaleString('en-US')} messages for one person in ${((performance.now() - loadInbox) / 1000).toFixed(1)} s`);

    const scenarios: [string, string, object][] = [
      ['Inbox page 1 (5)', '/api/message', { folder: 'Inbox', filter: 'None', from: 1, to: 5 }],
      ['Inbox Unread page 1', '/api/message', { folder: 'Inbox', filter: 'Unread', from: 1, to: 5 }],
      ['Inbox page 1,000', '/api/message', { folder: 'Inbox', filter: 'None', from: 4_996, to: 5_000 }],
      ['unread count (Inbox, Unread)', '/api/message/count', {}],
      ['Starred count', '/api/message/count', { folder: 'Inbox', filter: 'Starred' }],
    ];
    for (const [name, url, payload] of scenarios) {
      const timing = await measure(async () => { await post(url, payload, personToken); });
      log(`  ${name}: p50 ${fmt(timing.p50)} p95 ${fmt(timing.p95)} ms (n=${timing.n})${timing.p95 < 5 ? '' : ' (over the 5 ms target)'}`);
    }
    const unread = await post('/api/message/count', {}, personToken);
    log(`  the reader's unread count: ${unread.json<number>().toLocaleString('en-US')}`);
  } finally {
    await app.close();
    await database.drop();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
  process.exit(1);
});
