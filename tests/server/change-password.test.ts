import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';

const change = (t: TestApp, token: string, userId: number, currentPassword: string, newPassword: string) =>
  t.post('/api/accounts/changepassword', { userId, currentPassword, newPassword }, token);

describe('change password (tn: no password rules beyond the minimum)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp('tn'); });
  afterAll(async () => { await t.close(); });

  it.each([
    ['a new password shorter than 8 characters', TEST_PASSWORD, 'short7!', 'New password must be at least 8 characters long'],
    ['a wrong current password', 'not-my-password', 'longenough', 'The current password is incorrect.'],
  ])('refuses %s with 400 and its message', async (_label, current, next, message) => {
    const u = await t.user(['100']);
    const res = await change(t, u.token, u.id, current, next);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(message);
  });

  it("refuses to change another person's password (403) and answers 401 without a token", async () => {
    const [u, other] = [await t.user(['100']), await t.user(['100'])];
    expect((await change(t, u.token, other.id, TEST_PASSWORD, 'longenough')).statusCode).toBe(403);
    const admin = await t.user(['AdminUser']);
    expect((await change(t, admin.token, u.id, TEST_PASSWORD, 'longenough')).statusCode).toBe(403);
    expect((await t.post('/api/accounts/changepassword', { userId: u.id, currentPassword: TEST_PASSWORD, newPassword: 'longenough' })).statusCode).toBe(401);
  });

  it('refuses a body without the fields (400)', async () => {
    const u = await t.user(['100']);
    expect((await t.post('/api/accounts/changepassword', { userId: u.id }, u.token)).statusCode).toBe(400);
  });

  it('changes the password: the new one signs in, the old one no longer does, and it is audited', async () => {
    const u = await t.user(['100']);
    const res = await change(t, u.token, u.id, TEST_PASSWORD, 'lowercase only ok');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully' });
    expect((await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD })).statusCode).toBe(400);
    expect((await t.post('/api/auth/login', { userName: u.userName, password: 'lowercase only ok' })).statusCode).toBe(200);
    const audit = (await t.database.db.knex('audit').where({ entity_id: u.id, action: 'password.change' })) as { user_id: number; detail: string }[];
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ ip: '127.0.0.1', outcome: 'success' });
  });
});

describe('change password (al: the tenant password rules)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp('al'); });
  afterAll(async () => { await t.close(); });

  it.each([
    ['no uppercase letter', 'lowercase1'],
    ['no lowercase letter', 'UPPERCASE1'],
    ['no digit', 'NoDigitsHere'],
  ])('refuses a password with %s', async (_label, next) => {
    const u = await t.user(['100']);
    const res = await change(t, u.token, u.id, TEST_PASSWORD, next);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('Password is not valid. See rules above.');
  });

  it('still says a short password is too short, and accepts one that follows the rules', async () => {
    const u = await t.user(['100']);
    expect((await change(t, u.token, u.id, TEST_PASSWORD, 'Ab1')).json()).toMatchObject({ message: 'New password must be at least 8 characters long' });
    expect((await change(t, u.token, u.id, TEST_PASSWORD, 'Alabama2024')).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { userName: u.userName, password: 'Alabama2024' })).statusCode).toBe(200);
  });
});
