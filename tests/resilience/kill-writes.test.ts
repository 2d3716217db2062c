import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registryFor } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type Database } from '../../server/data/db.js';
import { createUser } from '../../server/domain/identity.js';
import { freshDatabase, TEST_DIALECT, type TestDatabase } from '../support/test-database.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * kill -9 during parallel writes: the real server takes education records from parallel
 * clients and is killed three times mid-stream (and started again); every write it acknowledged
 * with a 200 must be in the database afterwards. Bounded: at most MAX_WRITES writes, each kill
 * after KILL_AFTER more acknowledgements.
 */
const WRITERS = 8;
const KILLS = 3;
const KILL_AFTER = 40;
/** writes sent, refused ones (server down) included */
const MAX_WRITES = 20_000;
const PASSWORD = 'Kill-writes-password-1';
const JWT_SECRET = 'resilience-secret-that-is-long-enough-for-hs256';

interface Figures { sent: number; acknowledged: number; refused: number; lost: number; committedUnacknowledged: number; seconds: number }

const dialects = [{ name: 'SQLite', pg: false }, ...(TEST_DIALECT === 'pg' ? [{ name: 'PostgreSQL', pg: true }] : [])];

describe.each(dialects)('kill -9 during parallel writes on $name', ({ name, pg }) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => { for (const c of cleanup.reverse()) await c().catch(() => undefined); });

  it('loses no acknowledged write', async () => {
    const started = Date.now();
    let database: TestDatabase | null = null;
    let dataDir: string;
    if (pg) {
      database = await freshDatabase();
      dataDir = database.dataDir;
      cleanup.push(() => database!.drop());
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'registry-kill-'));
      cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    }
    const env = {
      DATA_DIR: dataDir, TENANT: 'tn', JWT_SECRET, SEED_DEMO: 'false', RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_ACCOUNT: '1000000',
      ...(database?.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
    const server: ServerProcess = await startServer(env);
    cleanup.push(() => server.stop());

    // the writer: a professional made by the same code the CLI uses, signed in over HTTP
    const db: Database = database?.db ?? openDatabase(null, dataDir);
    if (!database) cleanup.push(() => db.knex.destroy());
    const registry = registryFor(loadConfig({ DATA_DIR: dataDir, TENANT: 'tn', JWT_SECRET }));
    await createUser(db.knex, registry, { email: 'writer@kill.registry.test', password: PASSWORD, firstName: 'Kill', lastName: 'Writer', roles: [{ role: '100' }], confirmed: true, firstTime: false }, null);
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'writer@kill.registry.test', password: PASSWORD }) });
    expect(login.status).toBe(200);
    const token = (JSON.parse(((await login.json()) as { jwt: string }).jwt) as { auth_token: string }).auth_token;

    const acknowledged = new Set<number>();
    let sent = 0;
    let refused = 0;
    let writing = true;
    const write = async (n: number) => fetch(`${server.url}/api/form/formresponse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ response: { formId: 2, elementResponses: [{ formElementId: 2001, value: '6' }, { formElementId: 2002, value: `kill-${n}` }, { formElementId: 2004, value: '1' }, { formElementId: 2006, value: '2020-05-15' }] } }),
    }).then(async (r) => ({ status: r.status, body: r.status === 200 ? '' : await r.text() }), () => ({ status: 0, body: '' }));
    const writers = Array.from({ length: WRITERS }, async () => {
      while (writing && sent < MAX_WRITES) {
        const n = sent++;
        const { status, body } = await write(n);
        if (status === 200) acknowledged.add(n);
        else {
          refused += 1;
          if (status === 0) await new Promise((r) => setTimeout(r, 250)); // down: try again shortly
          else throw new Error(`write ${n} answered ${status}: ${body}`);
        }
      }
    });
    const acknowledgedMore = async (count: number) => {
      const target = acknowledged.size + count;
      const until = Date.now() + 60_000;
      while (acknowledged.size < target && sent < MAX_WRITES) {
        if (Date.now() > until) throw new Error(`no progress: ${acknowledged.size} acknowledged`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        await acknowledgedMore(KILL_AFTER);
        await server.kill9();
        await server.restart();
      }
      await acknowledgedMore(KILL_AFTER);
    } finally {
      writing = false;
      await Promise.all(writers);
    }

    const stored = new Set(((await db.knex('education').where('school', 'like', 'kill-%').select('school')) as { school: string }[]).map((r) => Number(r.school.slice(5))));
    const lost = [...acknowledged].filter((n) => !stored.has(n));
    const figures: Figures = {
      sent, acknowledged: acknowledged.size, refused, lost: lost.length,
      committedUnacknowledged: [...stored].filter((n) => !acknowledged.has(n)).length, seconds: Math.round((Date.now() - started) / 100) / 10,
    };
    console.log(`kill -9 x${KILLS} on ${name}: ${JSON.stringify(figures)}`);
    expect(lost).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER * (KILLS + 1));
  });
});
