import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';
import { buildApp } from '../../server/app.js';
import { loadConfig, PROJECT_ROOT } from '../../server/config.js';
import { createUser } from '../../server/domain/identity.js';
import { freshDatabase, type TestDatabase } from '../support/test-database.js';
import { TEST_PASSWORD } from '../support/test-app.js';

/**
 * A fourth tenant is one new folder and no code: the shipped base metadata plus the fixture folder
 * tests/fixtures/fourth-tenant/tenants/ky, put side by side in a temporary root.
 */
let root: string;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'registry-fourth-tenant-'));
  symlinkSync(join(PROJECT_ROOT, 'metadata'), join(root, 'metadata'), 'dir');
  symlinkSync(join(PROJECT_ROOT, 'tests', 'fixtures', 'fourth-tenant', 'tenants'), join(root, 'tenants'), 'dir');
  database = await freshDatabase();
  const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'ky', JWT_SECRET: 'x'.repeat(40) }), databaseUrl: database.databaseUrl, rootDir: root };
  app = await buildApp({ config, db: database.db });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  rmSync(root, { recursive: true, force: true });
});

describe('a fourth tenant with no code', () => {
  it('starts and reports its code', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', tenant: 'ky' });
  });

  it('answers its own wording, texts, roles and routes through /api/metadata', async () => {
    const m = (await app.inject({ method: 'GET', url: '/api/metadata' })).json<ClientMetadata>();
    expect(m.tenant).toMatchObject({ code: 'ky', productName: 'KY Early Care Professional Registry', idLabel: 'Educator ID', agencyWord: 'center', termsTitle: 'Terms of Service' });
    expect(m.texts['home.startNow']).toBe('Get Started');
    expect(m.texts['feedback.sent']).toBe('Feedback sent.');
    expect(m.roles.find((r) => r.id === '350')?.label).toBe('Child Care Surveyor');
    expect(m.routes.some((r) => r.id === 'dashboard-resume-menu')).toBe(false);
    expect(m.routes.some((r) => r.id === 'about')).toBe(true);
  });

  it('answers its own configuration defaults', async () => {
    const get = async (key: string) => (await app.inject({ method: 'GET', url: `/api/configuration?key=${key}` })).json<{ value: string }>().value;
    expect(await get('TermsAndConditionsText')).toBe('These Terms of Service govern the KY Early Care Professional Registry.');
    expect(await get('QuickSightEnabled')).toBe('True');
    expect(await get('SplashScreen')).toBe('False');
  });

  it('issues registry IDs with its own code and signs people in', async () => {
    const { registry } = app.ctx;
    const user = await createUser(database.db.knex, registry, { email: 'kim@ky.registry.test', password: TEST_PASSWORD, firstName: 'Kim', lastName: 'Lee', roles: [{ role: '100' }], confirmed: true, firstTime: false }, null);
    expect(user.registry_id).toMatch(/^KY\d{7}$/);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName: 'kim@ky.registry.test', password: TEST_PASSWORD } });
    expect(res.json()).toMatchObject({ route: 'default' });
  });
});
