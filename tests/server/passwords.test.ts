import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';

let smtp: TestSmtp;
beforeAll(async () => { smtp = await startSmtp(); });
afterAll(async () => { await smtp.close(); });

const NEUTRAL = 'If an account exists for this e-mail address, a link to set a new password has been sent to it.';

async function resetLink(t: TestApp, email: string): Promise<URL> {
  const res = await t.post('/api/accounts/forgotpassword', { email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: NEUTRAL });
  await t.app.mailer.deliverNow();
  const mails = smtp.to(email);
  return linkIn(mails[mails.length - 1]!, `${t.config.publicUrl}/forgot-password?reset=true`);
}
const resetBody = (link: URL, password: string) => ({ userId: link.searchParams.get('userId'), code: link.searchParams.get('code'), password });

describe('forgot and reset password (tn)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    t.config.smtpUrl = smtp.url;
  });
  afterAll(async () => { await t.close(); });

  it('answers an unknown address like a known one and mails nothing', async () => {
    const outbox = await t.count('outbox');
    const res = await t.post('/api/accounts/forgotpassword', { email: 'nobody@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEUTRAL });
    expect(await t.count('outbox')).toBe(outbox);
  });

  it('mails a link that sets the password once, and audits it', async () => {
    const u = await t.user(['100']);
    const link = await resetLink(t, u.userName);
    expect(link.searchParams.get('userId')).toBe(String(u.id));
    const mail = smtp.to(u.userName).at(-1)!;
    expect(mail.subject).toBe('Set your TN Early Childhood Registry password');
    const res = await t.post('/api/accounts/resetpassword', resetBody(link, 'A-new-password-2'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been reset.', email: u.userName });
    expect((await t.post('/api/auth/login', { userName: u.userName, password: TEST_PASSWORD })).statusCode).toBe(400);
    expect((await t.post('/api/auth/login', { userName: u.userName, password: 'A-new-password-2' })).statusCode).toBe(200);
    const actions = (await t.database.db.knex('audit').where({ entity_id: u.id }).pluck('action')) as string[];
    expect(actions).toEqual(expect.arrayContaining(['account.password-reset-requested', 'account.password-reset']));

    const reused = await t.post('/api/accounts/resetpassword', resetBody(link, 'Another-password-3'));
    expect(reused.statusCode).toBe(400);
    expect((reused.json() as { message: string }).message).toBe('Invalid token.');
  });

  it('refuses an expired link with Invalid token.', async () => {
    const u = await t.user(['100']);
    const link = await resetLink(t, u.userName);
    await t.database.db.knex('account_codes').where({ user_id: u.id }).update({ expires_at: new Date(Date.now() - 1).toISOString() });
    const res = await t.post('/api/accounts/resetpassword', resetBody(link, 'A-new-password-2'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid token.' });
  });

  it('keeps the link usable after a password that breaks the rules, and writes nothing', async () => {
    const u = await t.user(['100']);
    const link = await resetLink(t, u.userName);
    const audit = await t.count('audit');
    const short = await t.post('/api/accounts/resetpassword', resetBody(link, 'short'));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: { password: 'Password must be at least 8 characters long.' } });
    const differs = await t.post('/api/accounts/resetpassword', { ...resetBody(link, 'Long-enough-1'), confirmPassword: 'Other-one-1' });
    expect(differs.statusCode).toBe(400);
    expect(await t.count('audit')).toBe(audit);
    expect((await t.post('/api/accounts/resetpassword', resetBody(link, 'Long-enough-1'))).statusCode).toBe(200);
  });

  it('confirms an unconfirmed account whose owner resets the password from the mailbox', async () => {
    const u = await t.user(['100']);
    await t.database.db.knex('users').where({ id: u.id }).update({ confirmed: false });
    const link = await resetLink(t, u.userName);
    expect((await t.post('/api/accounts/resetpassword', resetBody(link, 'Long-enough-1'))).statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { userName: u.userName, password: 'Long-enough-1' })).statusCode).toBe(200);
  });

  it.each([
    ['/api/accounts/forgotpassword', { email: 'not-an-address' }],
    ['/api/accounts/forgotpassword', {}],
    ['/api/accounts/resetpassword', { userId: 1, code: 'made-up', password: 'Long-enough-1' }],
    ['/api/accounts/resetpassword', { userId: 'x', code: 'made-up', password: 'Long-enough-1' }],
    ['/api/accounts/resetpassword', { userId: 1, password: 'Long-enough-1' }],
  ])('%s %j is a 400 with nothing written', async (url, body) => {
    const before = await Promise.all(['outbox', 'audit', 'account_codes'].map((x) => t.count(x)));
    expect((await t.post(url, body)).statusCode).toBe(400);
    expect(await Promise.all(['outbox', 'audit', 'account_codes'].map((x) => t.count(x)))).toEqual(before);
  });
});

describe('password rules of tenant al', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('al');
    t.config.smtpUrl = smtp.url;
  });
  afterAll(async () => { await t.close(); });
  const form = (email: string, password: string, confirmPassword = password) => ({ email, password, confirmPassword, firstName: 'Ana', lastName: 'Lopez', termsAccepted: true });

  it.each([
    ['too short', 'Abc1'],
    ['no uppercase', 'password1'],
    ['no lowercase', 'PASSWORD1'],
    ['no digit', 'Password'],
  ])('refuses a password with %s: Password is not valid. See rules above.', async (_label, password) => {
    const res = await t.post('/api/accounts', form('ana@example.org', password));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors.password).toBe('Password is not valid. See rules above.');
  });

  it('counts a confirmation that differs as a rule failure, and words the terms as al does', async () => {
    const res = await t.post('/api/accounts', { ...form('ana@example.org', 'Password1', 'Password2'), termsAccepted: false });
    const errors = (res.json() as { errors: Record<string, string> }).errors;
    expect(errors).toMatchObject({ password: 'Password is not valid. See rules above.', termsAccepted: 'Terms of Use must be viewed and accepted.' });
  });

  it('registers with a good password, issues an AL ID, and applies the rules on reset', async () => {
    const res = await t.post('/api/accounts', form('ana.al@example.org', 'Password1'));
    expect(res.statusCode).toBe(200);
    const user = (await t.database.db.knex('users').where({ user_name: 'ana.al@example.org' }).first()) as { id: number; registry_id: string };
    expect(user.registry_id).toBe(`AL${String(user.id).padStart(7, '0')}`);
    await t.app.mailer.deliverNow();
    expect(smtp.to('ana.al@example.org').at(-1)!.subject).toBe('Confirm your AL Early Childhood Registry account');
    const link = await resetLink(t, 'ana.al@example.org');
    const weak = await t.post('/api/accounts/resetpassword', resetBody(link, 'alllowercase1'));
    expect((weak.json() as { message: string }).message).toBe('Password is not valid. See rules above.');
    expect((await t.post('/api/accounts/resetpassword', resetBody(link, 'Str0ngEnough'))).statusCode).toBe(200);
  });
});
