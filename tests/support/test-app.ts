import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Registry } from '../../engine/metadata/registry.js';
import { buildApp, registryFor } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config.js';
import { createUser, type UserRow } from '../../server/domain/identity.js';
import { freshDatabase, type TestDatabase } from './test-database.js';

export const TEST_PASSWORD = 'Test-Password-1';

export interface TestUser {
  id: number;
  userName: string;
  token: string;
  row: UserRow;
}

export interface TestApp {
  app: FastifyInstance;
  registry: Registry;
  database: TestDatabase;
  config: AppConfig;
  /** creates a confirmed user through the same code the CLI uses, then signs in over the API */
  user: (roles: string[], name?: string) => Promise<TestUser>;
  post: (url: string, body: unknown, token?: string) => Promise<LightMyRequestResponse>;
  get: (url: string, token?: string) => Promise<LightMyRequestResponse>;
  count: (table: string) => Promise<number>;
  close: () => Promise<void>;
}

let seq = 0;

/** Rate limits high enough that no test trips them by accident; a test of the limits sets its own. */
const TEST_ENV = { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000' };

/**
 * env: extra configuration variables for this app (e.g. SESSION_IDLE_SECONDS, RATE_LIMIT_PER_ACCOUNT);
 * rootDir: a project root with other metadata (a fixture), instead of this project's.
 */
export async function startTestApp(tenant = 'tn', env: Record<string, string> = {}, rootDir?: string): Promise<TestApp> {
  const database = await freshDatabase();
  const config = { ...loadConfig({ ...TEST_ENV, ...env, DATA_DIR: database.dataDir, TENANT: tenant, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256' }), databaseUrl: database.databaseUrl, ...(rootDir ? { rootDir } : {}) };
  const registry = registryFor(config);
  const app = await buildApp({ config, db: database.db, registry, forceCloseConnections: true });
  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const post = (url: string, body: unknown, token?: string) => app.inject({ method: 'POST', url, payload: body as object, headers: auth(token) });
  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: auth(token) });
  return {
    app, registry, database, config, post, get,
    user: async (roles, name) => {
      seq += 1;
      const email = `${(name ?? 'user').toLowerCase()}${seq}@test.registry.test`;
      const row = await createUser(database.db.knex, registry, { email, password: TEST_PASSWORD, firstName: name ?? 'Test', lastName: `Person${seq}`, roles: roles.map((role) => ({ role })), confirmed: true, firstTime: false }, null);
      const res = await post('/api/auth/login', { userName: email, password: TEST_PASSWORD });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      const jwt = JSON.parse((res.json() as { jwt: string }).jwt) as { auth_token: string };
      return { id: row.id, userName: email, token: jwt.auth_token, row };
    },
    count: async (table) => Number(((await database.db.knex(table).count({ c: '*' }).first()) as { c: number | string }).c),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
