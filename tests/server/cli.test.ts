import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/test-database.js';

const run = promisify(execFile);
let database: TestDatabase;

async function cli(...args: string[]): Promise<{ code: number; out: string }> {
  const env = { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', TENANT: 'tn' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { env, timeout: 60_000 });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

beforeAll(async () => { database = await freshDatabase(); });
afterAll(async () => { await database.drop(); });

describe('npm run cli', () => {
  it('user:create makes a confirmed user with roles who can sign in', async () => {
    const res = await cli('user:create', '--email', 'Dana.Admin@Example.org', '--password', 'Long-Password-9', '--first', 'Dana', '--last', 'Admin', '--roles', '100,200,AdminUser');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Created user dana\.admin@example\.org \(id \d+, registry ID TN\d{7}\) with roles 100, 200, AdminUser/);
    const user = await database.db.knex('users').where({ user_name: 'dana.admin@example.org' }).first();
    expect(Boolean(user.confirmed)).toBe(true);
    const roles = await database.db.knex('user_roles').where({ user_id: user.id }).orderBy('id').pluck('role');
    expect(roles).toEqual(['100', '200', 'AdminUser']);
  });

  it.each([
    [['user:create', '--email', 'not-an-email', '--password', 'x', '--first', 'A', '--last', 'Bc'], /not a valid email address/],
    [['user:create', '--email', 'a@b.org', '--password', 'x', '--first', 'A', '--last', 'Bc', '--roles', '999'], /Unknown role '999'/],
    [['user:create', '--email', 'a@b.org'], /--password is required/],
    [['nonsense'], /Usage: npm run cli/],
  ])('refuses bad input %j with a plain message', async (args, message) => {
    const res = await cli(...args);
    expect(res.code).not.toBe(0);
    expect(res.out).toMatch(message);
  });

  it('refuses a second user with the same user name', async () => {
    const res = await cli('user:create', '--email', 'dana.admin@example.org', '--password', 'x', '--first', 'Dana', '--last', 'Again');
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/already exists/);
  });

  it('seed:demo prints one login per role of the tenant', async () => {
    const res = await cli('seed:demo', '--people', '3');
    expect(res.code).toBe(0);
    for (const role of ['100', '200', '300', '350', '400', '500', 'AdminUser']) expect(res.out).toContain(`${role.toLowerCase()}@demo.registry.test`);
    expect(res.out).not.toContain('250@demo'); // role 250 is not in tn
    expect(res.out).toMatch(/350 +DHS Staff +350@demo\.registry\.test +Demo-Registry-2026/);
    // work waiting for the reviewers, made through the domain functions
    expect(Number((await database.db.knex('verifications').where({ status: 'Requested' }).count({ c: '*' }).first())!.c)).toBe(3);
    expect(Number((await database.db.knex('education').count({ c: '*' }).first())!.c)).toBeGreaterThan(3);
  });

  it('metadata:check passes on the shipped metadata', async () => {
    const res = await cli('metadata:check');
    expect(res.code).toBe(0);
  });
});
