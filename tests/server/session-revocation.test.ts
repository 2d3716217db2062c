import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCode } from '../../server/domain/accounts/account-codes.js';
import { lockAccount } from '../../server/domain/sessions/sign-in-lock.js';
import { addEmployment, addOrganization, personWith, type Person } from '../support/employment.js';
import { TEST_PASSWORD, startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.user(['AdminUser'], 'admin');
}, 60_000);
afterAll(async () => { await t.close(); });

/** A second sign-in of the same person: another session. */
async function signIn(userName: string, password = TEST_PASSWORD): Promise<string> {
  const res = await t.post('/api/auth/login', { userName, password });
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token;
}

/** The status a token gets on a data read and on the heartbeat. */
const statusOf = async (token: string) => [(await t.get('/api/accounts', token)).statusCode, (await t.get('/api/auth/heartbeat', token)).statusCode];

const endedAudit = async (userId: number) => (await t.database.db.knex('audit').where({ action: 'auth.sessions-ended', entity_id: userId }).select('detail')).map((r: { detail: string }) => JSON.parse(r.detail) as { reason: string });

describe('a password change', () => {
  it('ends the other sessions at once; this one goes on with the new token of the answer', async () => {
    const u = await t.user(['100']);
    const other = await signIn(u.userName);
    expect(await statusOf(other)).toEqual([200, 200]);
    const res = await t.post('/api/accounts/changepassword', { userId: u.id, currentPassword: TEST_PASSWORD, newPassword: 'Another-Password-2' }, u.token);
    expect(res.statusCode).toBe(200);
    const renewed = res.headers['x-auth-token'];
    expect(typeof renewed).toBe('string');
    expect(await statusOf(other)).toEqual([401, 401]);
    expect((await t.get('/api/accounts', u.token)).statusCode).toBe(401);
    expect((await t.get('/api/accounts', renewed as string)).statusCode).toBe(200);
    expect(await endedAudit(u.id)).toEqual([{ reason: 'password-change' }]);
  });
});

describe('a password reset', () => {
  it('ends every session of the person', async () => {
    const u = await t.user(['100']);
    const code = await t.database.db.knex.transaction((trx) => issueCode(trx, u.id, 'reset'));
    const res = await t.post('/api/accounts/resetpassword', { userId: u.id, code, password: 'Reset-Password-3', confirmPassword: 'Reset-Password-3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(u.token)).toEqual([401, 401]);
    expect((await t.get('/api/accounts', await signIn(u.userName, 'Reset-Password-3'))).statusCode).toBe(200);
    expect(await endedAudit(u.id)).toEqual([{ reason: 'password-reset' }]);
  });
});

describe('a lock', () => {
  it("the administrator's lock ends the sessions; after the unlock the old token stays refused", async () => {
    const u = await t.user(['100']);
    expect(await lockAccount(t.app.ctx, admin.id, u.id)).toBe(true);
    expect(await statusOf(u.token)).toEqual([401, 401]);
    const refused = await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('This account is locked. Please contact the help desk to unlock it.');
    expect((await t.post(`/api/accounts/unlock?userId=${u.id}`, {}, admin.token)).statusCode).toBe(200);
    expect(await statusOf(u.token)).toEqual([401, 401]);
    expect((await t.get('/api/accounts', await signIn(u.userName))).statusCode).toBe(200);
    const audit = await t.database.db.knex('audit').where({ entity_id: u.id }).whereIn('action', ['auth.lock', 'auth.sessions-ended', 'auth.unlock']).orderBy('id').select('action', 'user_id');
    expect(audit).toEqual([{ action: 'auth.lock', user_id: admin.id }, { action: 'auth.sessions-ended', user_id: admin.id }, { action: 'auth.unlock', user_id: admin.id }]);
  });

  it('the automatic lock (wrong passwords) ends the sessions', async () => {
    const u = await t.user(['100']);
    for (let i = 0; i < t.config.signInLock.failures; i++) expect((await t.post('/api/auth/login', { userName: u.userName, password: 'wrong' })).statusCode).toBe(400);
    expect(await statusOf(u.token)).toEqual([401, 401]);
    expect(await endedAudit(u.id)).toEqual([{ reason: 'automatic-lock' }]);
  });
});

describe('an archived account', () => {
  it('refuses its tokens and its sign-in', async () => {
    const u = await t.user(['100']);
    await t.database.db.knex('users').where({ id: u.id }).update({ disabled: true });
    expect(await statusOf(u.token)).toEqual([401, 401]);
    const res = await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('The user name or password is incorrect.');
  });
});

describe('a removed role', () => {
  let acorns: number;
  let director: Person;
  beforeAll(async () => {
    acorns = await addOrganization(t, 'Little Acorns Learning Center');
    director = await personWith(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  });

  /** A professional holding the staff role (100) at Little Acorns, granted by its director. */
  async function staff(): Promise<{ p: Person; employmentId: number }> {
    const p = await personWith(t, 'Pro', [{ role: '100' }]);
    const employmentId = await addEmployment(t, p.token, { agencyId: acorns, title: '5' });
    const requested = await t.post('/api/userorganizationroles/request', { employmentRecordId: employmentId, requestType: 100 }, p.token);
    const id = requested.json<{ rolePromotionActionId: number }>().rolePromotionActionId;
    expect((await t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [id], action: 'Approved' }, director.token)).statusCode).toBe(200);
    return { p, employmentId };
  }

  it('ended by the director: every session of the person ends', async () => {
    const { p, employmentId } = await staff();
    const fresh = await signIn(p.userName);
    expect(await statusOf(fresh)).toEqual([200, 200]);
    const res = await t.post('/api/userorganizationroles', { employmentRecordId: employmentId, roleName: '100', active: false, endDate: '2025-01-15' }, director.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-auth-token']).toBeUndefined();
    expect(await statusOf(fresh)).toEqual([401, 401]);
    expect((await t.get('/api/accounts', director.token)).statusCode).toBe(200);
    expect(await endedAudit(p.id)).toEqual([{ reason: 'role-removed' }]);
  });

  it('given up by the person: the other sessions end, this one goes on with a new token', async () => {
    const { p, employmentId } = await staff();
    const other = await signIn(p.userName);
    const res = await t.post('/api/userorganizationroles', { employmentRecordId: employmentId, roleName: '100', active: false, endDate: '2025-01-15' }, p.token);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.headers['x-auth-token'] as string;
    expect(await statusOf(other)).toEqual([401, 401]);
    expect((await t.get('/api/accounts', renewed)).statusCode).toBe(200);
  });
});
