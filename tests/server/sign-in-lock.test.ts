import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueCode } from '../../server/domain/accounts/account-codes.js';
import { lockAccount } from '../../server/domain/sessions/sign-in-lock.js';
import { TEST_PASSWORD, startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let limit: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.user(['AdminUser'], 'admin');
  limit = t.config.signInLock.failures;
}, 60_000);
afterAll(async () => { await t.close(); });
afterEach(() => { vi.useRealTimers(); });

const login = (userName: string, password: string) => t.post('/api/auth/login', { userName, password });
const failures = (u: TestUser) => t.database.db.knex('users').where({ id: u.id }).first('failed_logins', 'automatic_locks', 'locked') as Promise<{ failed_logins: number; automatic_locks: number; locked: boolean | number }>;
const auditCount = async (u: TestUser, action: string) => (await t.database.db.knex('audit').where({ entity_id: u.id, action })).length;
const MINUTE = 60_000;

async function lockByWrongPasswords(u: TestUser): Promise<void> {
  for (let i = 0; i < limit; i++) expect((await login(u.userName, 'wrong')).statusCode).toBe(400);
}

describe('the failed sign-in counter', () => {
  it('50 wrong passwords sent at once lock the account after exactly 10', async () => {
    const u = await t.user(['100']);
    const answers = await Promise.all(Array.from({ length: 50 }, () => login(u.userName, 'wrong')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 403)).toHaveLength(50 - limit);
    expect((await failures(u)).failed_logins).toBe(limit);
    expect(await auditCount(u, 'auth.login-failed')).toBe(limit - 1);
    expect(await auditCount(u, 'auth.locked')).toBe(1);
    const right = await login(u.userName, TEST_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json<{ message: string }>().message).toBe('This account is locked after too many failed sign-in attempts. Please try again in 15 minutes, reset your password, or contact the help desk to unlock it.');
  });

  it('the right password sent with many wrong ones does not lift the lock they set', async () => {
    const u = await t.user(['100']);
    const answers = await Promise.all([...Array.from({ length: 4 * limit - 1 }, () => login(u.userName, 'wrong')), login(u.userName, TEST_PASSWORD)]);
    expect(await auditCount(u, 'auth.locked')).toBe(1);
    const row = (await t.database.db.knex('users').where({ id: u.id }).first('locked_until')) as { locked_until: string | Date | null };
    expect(row.locked_until).not.toBeNull();
    expect(new Date(row.locked_until!).getTime()).toBeGreaterThan(Date.now());
    expect(answers.at(-1)!.statusCode).toBe(403);
    expect((await login(u.userName, TEST_PASSWORD)).statusCode).toBe(403);
  });

  it('counts a wrong current password of change-password toward the same lock', async () => {
    const u = await t.user(['100']);
    for (let i = 0; i < limit - 1; i++) {
      const res = await t.post('/api/accounts/changepassword', { userId: u.id, currentPassword: `guess-${i}`, newPassword: 'Another-Password-2' }, u.token);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('The current password is incorrect.');
    }
    expect((await failures(u)).failed_logins).toBe(limit - 1);
    expect(await auditCount(u, 'password.change-failed')).toBe(limit - 1);
    // the tenth guess locks the account, which ends this session too
    const last = await t.post('/api/accounts/changepassword', { userId: u.id, currentPassword: 'guess-last', newPassword: 'Another-Password-2' }, u.token);
    expect(last.statusCode).toBe(401);
    expect((await login(u.userName, TEST_PASSWORD)).statusCode).toBe(403);
  });

  it('starts over after a successful sign-in', async () => {
    const u = await t.user(['100']);
    for (let i = 0; i < limit - 1; i++) await login(u.userName, 'wrong');
    expect((await login(u.userName, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await failures(u)).failed_logins).toBe(0);
  });
});

describe('the automatic lock', () => {
  it('expires by itself, and the next one lasts twice as long', async () => {
    const u = await t.user(['100']);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    await lockByWrongPasswords(u);
    vi.setSystemTime(start + 14 * MINUTE);
    expect((await login(u.userName, TEST_PASSWORD)).statusCode).toBe(403);
    vi.setSystemTime(start + 16 * MINUTE);
    // after the lock the count starts over: one more wrong password does not lock again
    expect((await login(u.userName, 'wrong')).statusCode).toBe(400);
    expect((await failures(u)).failed_logins).toBe(1);
    for (let i = 1; i < limit; i++) expect((await login(u.userName, 'wrong')).statusCode).toBe(400);
    const second = await login(u.userName, TEST_PASSWORD);
    expect(second.statusCode).toBe(403);
    expect(second.json<{ message: string }>().message).toContain('try again in 30 minutes');
    vi.setSystemTime(start + (16 + 29) * MINUTE);
    expect((await login(u.userName, TEST_PASSWORD)).statusCode).toBe(403);
    vi.setSystemTime(start + (16 + 31) * MINUTE);
    expect((await login(u.userName, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await failures(u)).toMatchObject({ failed_logins: 0, automatic_locks: 0 });
  });

  it('is lifted by a completed password reset; the administrator\'s lock is not', async () => {
    const [auto, held] = [await t.user(['100']), await t.user(['100'])];
    await lockByWrongPasswords(auto);
    expect(await lockAccount(t.app.ctx, admin.id, held.id)).toBe(true);
    for (const u of [auto, held]) {
      const code = await t.database.db.knex.transaction((trx) => issueCode(trx, u.id, 'reset'));
      expect((await t.post('/api/accounts/resetpassword', { userId: u.id, code, password: 'Reset-Password-3', confirmPassword: 'Reset-Password-3' })).statusCode).toBe(200);
    }
    expect((await login(auto.userName, 'Reset-Password-3')).statusCode).toBe(200);
    const refused = await login(held.userName, 'Reset-Password-3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('This account is locked. Please contact the help desk to unlock it.');
    expect(Boolean((await failures(held)).locked)).toBe(true);
  });

  it("the administrator's unlock lifts it", async () => {
    const u = await t.user(['100']);
    await lockByWrongPasswords(u);
    expect((await t.post(`/api/accounts/unlock?userId=${u.id}`, {}, admin.token)).statusCode).toBe(200);
    expect((await login(u.userName, TEST_PASSWORD)).statusCode).toBe(200);
    const audit = (await t.database.db.knex('audit').where({ entity_id: u.id, action: 'auth.unlock' }).first('detail')) as { detail: string };
    expect(JSON.parse(audit.detail)).toMatchObject({ wasLocked: true, lock: 'automatic', failedLogins: limit });
  });
});
