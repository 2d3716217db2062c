import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';
import { buildApp } from '../../server/app.js';
import { loadConfig, PROJECT_ROOT, type AppConfig } from '../../server/config.js';
import { createUser } from '../../server/domain/identity.js';
import { addEducation, LEVEL } from '../support/records.js';
import { TEST_PASSWORD, type TestApp } from '../support/test-app.js';
import { freshDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Every date the registry shows is in the tenant's time zone. At 06:30 UTC on 11/23/2026 it is
 * already 11/23 in New York (1:30 AM) but still 11/22 in Los Angeles (10:30 PM): the same moment
 * shows as a different date in a grid filter, a CSV export and an e-mail.
 */
const NOW = '2026-11-23T06:30:00.000Z';

interface ZoneApp {
  app: FastifyInstance;
  database: TestDatabase;
  root: string;
  post: TestApp['post'];
  get: TestApp['get'];
  user: (roles: string[], name: string) => Promise<{ id: number; userName: string; token: string }>;
}

/** The shipped metadata with the tn tenant's time zone set to `zone` (a temporary project root). */
async function appIn(zone: string): Promise<ZoneApp> {
  const root = mkdtempSync(join(tmpdir(), 'registry-time-zone-'));
  symlinkSync(join(PROJECT_ROOT, 'metadata'), join(root, 'metadata'), 'dir');
  const tn = join(root, 'tenants', 'tn');
  mkdirSync(tn, { recursive: true });
  for (const entry of readdirSync(join(PROJECT_ROOT, 'tenants', 'tn'))) {
    if (entry !== 'tenant.json') symlinkSync(join(PROJECT_ROOT, 'tenants', 'tn', entry), join(tn, entry));
  }
  const tenant = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tenants', 'tn', 'tenant.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(tn, 'tenant.json'), JSON.stringify({ ...tenant, timeZone: zone }));
  const database = await freshDatabase();
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'tn', JWT_SECRET: 'x'.repeat(40), RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000' }),
    databaseUrl: database.databaseUrl, rootDir: root,
  };
  const app = await buildApp({ config, db: database.db, forceCloseConnections: true });
  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const post = (url: string, body: unknown, token?: string) => app.inject({ method: 'POST', url, payload: body as object, headers: auth(token) });
  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: auth(token) });
  const user = async (roles: string[], name: string) => {
    const email = `${name}@test.registry.test`;
    const row = await createUser(database.db.knex, app.ctx.registry, { email, password: TEST_PASSWORD, firstName: name, lastName: 'Zone', roles: roles.map((role) => ({ role })), confirmed: true, firstTime: false }, null);
    const res = await post('/api/auth/login', { userName: email, password: TEST_PASSWORD });
    const jwt = JSON.parse((res.json() as { jwt: string }).jwt) as { auth_token: string };
    return { id: row.id, userName: email, token: jwt.auth_token };
  };
  return { app, database, root, post, get, user };
}

describe.each([
  ['America/New_York', '11/23/2026, 1:30 AM', '2026-11-23'],
  ['America/Los_Angeles', '11/22/2026, 10:30 PM', '2026-11-22'],
])('dates in the tenant time zone %s', (zone, dateTime, day) => {
  let z: ZoneApp;
  let admin: { token: string };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    z = await appIn(zone);
    admin = await z.user(['AdminUser'], 'ada');
    const person = await z.user(['100'], 'pat');
    await addEducation(z as unknown as TestApp, person.token, { level: LEVEL.bachelor, school: 'University of Memphis', end: '2010-05-01' });
    const res = await z.post('/api/accounts/emailchange', { userName: person.userName, fullName: 'pat Zone', email: 'pat.new@test.registry.test' }, person.token);
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await z?.app.close();
    await z?.database.drop();
    if (z) rmSync(z.root, { recursive: true, force: true });
  });

  it('tells the browser the time zone', async () => {
    const m = (await z.get('/api/metadata', admin.token)).json() as ClientMetadata;
    expect(m.tenant.timeZone).toBe(zone);
  });

  it("writes the e-mail's date and time in it", async () => {
    const mails = (await z.database.db.knex('outbox').select('text', 'html')) as { text: string; html: string }[];
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail.text).toContain(`on ${dateTime}`);
  });

  it('filters a time stamp column by the day in it', async () => {
    const grid = { entityTypeId: 910, formId: 910, from: 1, to: 50 };
    const on = (value: string) => z.post('/api/grid', { ...grid, filterInfo: { column: 'createdAt', value, operation: 'OnDate' } }, admin.token);
    expect(((await on(day)).json() as { gridData: unknown[] }).gridData.length).toBeGreaterThan(0);
    const other = day === '2026-11-23' ? '2026-11-22' : '2026-11-23';
    expect((await on(other)).body).toBe('No Data');
  });

  it('exports time stamps in it (CSV)', async () => {
    const csv = await z.post('/api/form/flatfile', { formId: 2, entityType: 4, altGridId: 'education-all' }, admin.token);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('University of Memphis');
    expect(csv.body).toContain(dateTime);
    expect(csv.body).toContain('05/01/2010');
    expect(csv.headers['content-disposition']).toContain(`_${day.replaceAll('-', '')}_`);
  });
});
