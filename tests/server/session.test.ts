import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { MAX_FAILED_LOGINS } from '../../server/routes/auth.js';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

interface AuditRow { action: string; user_id: number | null; entity_id: number | null; detail: string | null }
const auditOf = async (entityId: number, action: string) => {
  const rows = (await t.database.db.knex('audit').where({ entity_id: entityId, action }).orderBy('id')) as AuditRow[];
  return rows.map((r) => ({ ...r, detail: JSON.parse(r.detail ?? 'null') as Record<string, unknown> }));
};
const jwtOf = (body: unknown) => JSON.parse((body as { jwt: string }).jwt) as { id: number; auth_token: string; expires_in: number; refresh_at: number };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti?: string; exp: number };

describe('heartbeat', () => {
  it('answers a fresh token in the body (the login jwt text) and in x-auth-token', async () => {
    const u = await t.user(['100']);
    const res = await t.get('/api/auth/heartbeat', u.token);
    expect(res.statusCode).toBe(200);
    const jwt = jwtOf(res.json());
    expect(jwt).toMatchObject({ id: u.id, expires_in: 18000, refresh_at: 900 });
    expect(res.headers['x-auth-token']).toBe(jwt.auth_token);
    expect(jwt.auth_token).not.toBe(u.token);
    expect(claimsOf(jwt.auth_token).jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.get('/api/accounts', jwt.auth_token)).statusCode).toBe(200);
  });

  it('answers 401 without a token and for a locked account', async () => {
    expect((await t.get('/api/auth/heartbeat')).statusCode).toBe(401);
    const u = await t.user(['100']);
    await t.database.db.knex('users').where({ id: u.id }).update({ locked: true });
    expect((await t.get('/api/auth/heartbeat', u.token)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the token: 401 before it expires, a new sign-in works, and a restart remembers it', async () => {
    const u = await t.user(['100']);
    expect((await t.post('/api/auth/logout', {}, u.token)).statusCode).toBe(204);
    expect((await t.get('/api/accounts', u.token)).statusCode).toBe(401);
    expect((await t.get('/api/auth/heartbeat', u.token)).statusCode).toBe(401);
    expect((await t.post('/api/auth/logout', {}, u.token)).statusCode).toBe(401);
    const again = await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    const fresh = jwtOf(again.json()).auth_token;
    expect((await t.get('/api/accounts', fresh)).statusCode).toBe(200);
    const row = (await t.database.db.knex('revoked_tokens').where({ jti: claimsOf(u.token).jti }).first()) as { user_id: number } | undefined;
    expect(row?.user_id).toBe(u.id);
    const restarted = await buildApp({ config: t.config, db: t.database.db, registry: t.registry });
    try {
      const res = await restarted.inject({ method: 'GET', url: '/api/accounts', headers: { authorization: `Bearer ${u.token}` } });
      expect(res.statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
    expect(await auditOf(u.id, 'auth.logout')).toHaveLength(1);
  });

  it('prunes revoked rows past their expiry', async () => {
    await t.database.db.knex('revoked_tokens').insert({ jti: 'long-gone', user_id: 1, expires_at: '2001-01-01T00:00:00.000Z' });
    const u = await t.user(['100']);
    await t.post('/api/auth/logout', {}, u.token);
    expect(await t.database.db.knex('revoked_tokens').where({ jti: 'long-gone' })).toHaveLength(0);
  });
});

describe('unlock', () => {
  it('needs User.write.all; unlocks, resets the failure count and is audited', async () => {
    const [pro, other, admin] = [await t.user(['100']), await t.user(['350']), await t.user(['400'])];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await t.post('/api/auth/login', { userName: pro.userName, password: 'wrong' });
    const locked = await t.post('/api/auth/login', { userName: pro.userName, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(403);
    expect((locked.json() as { message: string }).message).toContain('help desk');
    expect((await t.post(`/api/accounts/unlock?userId=${pro.id}`, {}, other.token)).statusCode).toBe(403);
    // the lock ended the locked person's sessions (issue 10): their old token is refused
    expect((await t.post(`/api/accounts/unlock?userId=${pro.id}`, {}, pro.token)).statusCode).toBe(401);
    expect((await t.post(`/api/accounts/unlock?userId=${pro.id}`, {})).statusCode).toBe(401);
    expect((await t.post('/api/accounts/unlock?userId=abc', {}, admin.token)).statusCode).toBe(400);
    expect((await t.post('/api/accounts/unlock?userId=99999', {}, admin.token)).statusCode).toBe(404);
    const res = await t.post(`/api/accounts/unlock?userId=${pro.id}`, {}, admin.token);
    expect(res.statusCode).toBe(200);
    const user = (await t.database.db.knex('users').where({ id: pro.id }).first()) as { locked: number | boolean; failed_logins: number };
    expect([Boolean(user.locked), user.failed_logins]).toEqual([false, 0]);
    expect((await t.post('/api/auth/login', { userName: pro.userName, password: TEST_PASSWORD })).statusCode).toBe(200);
    const audit = await auditOf(pro.id, 'auth.unlock');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: admin.id, detail: { ip: '127.0.0.1', wasLocked: true, failedLogins: MAX_FAILED_LOGINS } });
  });
});

describe('sign-in audit', () => {
  it('records who, the IP and the outcome of each attempt', async () => {
    const u = await t.user(['100']);
    await t.post('/api/auth/login', { userName: u.userName, password: 'wrong' });
    await t.post('/api/auth/login', { userName: 'nobody-here@test.registry.test', password: 'x' });
    const ok = await auditOf(u.id, 'auth.login');
    expect(ok[0]).toMatchObject({ user_id: u.id, detail: { ip: '127.0.0.1', outcome: 'success' } });
    const failed = await auditOf(u.id, 'auth.login-failed');
    expect(failed[0]).toMatchObject({ user_id: u.id, detail: { ip: '127.0.0.1', outcome: 'wrong-password', failedLogins: 1 } });
    const unknown = (await t.database.db.knex('audit').where({ action: 'auth.login-failed' }).whereNull('user_id')) as AuditRow[];
    expect(unknown.map((r) => JSON.parse(r.detail ?? '{}') as Record<string, unknown>)).toContainEqual({ ip: '127.0.0.1', outcome: 'unknown-user', userName: 'nobody-here@test.registry.test' });
    await t.database.db.knex('users').where({ id: u.id }).update({ locked: true });
    await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    expect((await auditOf(u.id, 'auth.login-refused'))[0]?.detail).toEqual({ ip: '127.0.0.1', outcome: 'account-locked' });
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => { limited = await startTestApp('tn', { RATE_LIMIT_PER_ACCOUNT: '3', RATE_LIMIT_PER_IP: '6' }); });
  afterAll(async () => { await limited.close(); });

  it('answers 429 per IP and account, then per IP', async () => {
    const u = await limited.user(['100']);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited.post('/api/auth/login', { userName: u.userName, password: 'wrong' })).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
    const refused = await limited.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = { userName: 'someone-else@test.registry.test', password: 'x' };
    expect((await limited.post('/api/auth/login', other)).statusCode).toBe(400);
    expect((await limited.post('/api/auth/login', other)).statusCode).toBe(429);
    expect((await limited.get('/api/metadata')).statusCode).toBe(200);
  });
});
