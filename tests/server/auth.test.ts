import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILED_LOGINS } from '../../server/routes/auth.js';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('sign-in and identity', () => {
  it('answers { route, jwt } with the token fields of the spec', async () => {
    const u = await t.user(['100']);
    const res = await t.post('/api/auth/login', { userName: u.userName.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { route: string; jwt: string };
    expect(body.route).toBe('default');
    const jwt = JSON.parse(body.jwt) as Record<string, unknown>;
    expect(jwt).toMatchObject({ id: u.id, expires_in: 18000, refresh_at: 900 });
    expect(typeof jwt.auth_token).toBe('string');
  });

  it('stores passwords as argon2id hashes', async () => {
    const u = await t.user(['100']);
    expect(u.row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('sends a first-time user to profile-personal', async () => {
    const u = await t.user(['100']);
    await t.database.db.knex('users').where({ id: u.id }).update({ first_time: true });
    const res = await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    expect((res.json() as { route: string }).route).toBe('profile-personal');
  });

  it.each([
    ['AdminUser', ['Metadata.write', 'User.read.all', 'User.write.all']],
    ['500', ['User.read.all', 'User.write.all']],
    ['400', ['User.read.all', 'User.write.all']],
    ['350', ['User.read.all']],
    ['100', []],
  ])('role %s carries the claims %j', async (role, claims) => {
    const u = await t.user([role]);
    const res = await t.get('/api/auth/claims', u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, roles: [role], permissions: claims });
  });

  it('GET /api/accounts answers the profile', async () => {
    const u = await t.user(['100'], 'Jordan');
    const res = await t.get('/api/accounts', u.token);
    expect(res.json()).toMatchObject({ id: u.id, firstName: 'Jordan', userName: u.userName, registryId: `TN${String(u.id).padStart(7, '0')}` });
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-token'],
    ['a token signed with another secret', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MSwicm9sZXMiOlsiQWRtaW5Vc2VyIl0sImFjdGl2ZVJvbGUiOiJBZG1pblVzZXIiLCJwZXJtaXNzaW9ucyI6W119.c2lnbmF0dXJl'],
  ])('answers 401 with %s', async (_label, token) => {
    expect((await t.get('/api/accounts', token)).statusCode).toBe(401);
    expect((await t.post('/api/grid', { entityTypeId: 4, formId: 2 }, token)).statusCode).toBe(401);
  });

  it('refuses a wrong password with 400 and locks the account after 10 failures', async () => {
    const u = await t.user(['100']);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      const res = await t.post('/api/auth/login', { userName: u.userName, password: 'wrong' });
      expect(res.statusCode).toBe(400);
    }
    const locked = await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(403);
    expect((locked.json() as { message: string }).message).toMatch(/locked/);
    const audit = await t.database.db.knex('audit').where({ entity_id: u.id, action: 'auth.locked' });
    expect(audit).toHaveLength(1);
  });

  it('answers the same 400 for an unknown user name', async () => {
    const res = await t.post('/api/auth/login', { userName: 'nobody@test.registry.test', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The user name or password is incorrect.' });
  });

  it('refuses front-end sign-in for API-only accounts with apiOnly', async () => {
    const u = await t.user(['ApiUser']);
    await t.database.db.knex('users').where({ id: u.id }).update({ api_only: true });
    const res = await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    expect(res.json()).toMatchObject({ apiOnly: true, jwt: null });
  });

  it('GET /api/health answers 200 once migrations ran', async () => {
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', tenant: 'tn' });
  });
});
