import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendConfirmation } from '../../server/domain/accounts/confirmation-mail.js';
import { createUser, type UserRow } from '../../server/domain/identity.js';
import { linkIn, startAppWithSmtp, type TestSmtp } from '../support/smtp.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: TestSmtp;
let close: () => Promise<void>;
let seq = 0;
beforeAll(async () => { ({ t, smtp, close } = await startAppWithSmtp()); });
afterAll(async () => { await close(); });

const PASSWORD = 'Good-password-1';
const newEmail = () => `reg${++seq}@example.org`;
const valid = (email: string) => ({ email, password: PASSWORD, confirmPassword: PASSWORD, firstName: "Mary-Ann O'Neil", lastName: 'Smith 2nd', termsAccepted: true });
const userByEmail = async (email: string) => (await t.database.db.knex('users').where({ user_name: email }).first()) as UserRow;
const knex = () => t.database.db.knex;

/** Delivers the outbox and answers the newest mail to the address. */
async function lastMail(email: string) {
  await t.app.mailer.deliverNow();
  const mails = smtp.to(email);
  expect(mails.length).toBeGreaterThan(0);
  return mails[mails.length - 1]!;
}
const confirmLink = async (email: string) => linkIn(await lastMail(email), `${t.config.publicUrl}/login?confirm=true`);
const confirmBody = (link: URL) => ({ userId: link.searchParams.get('userId'), code: link.searchParams.get('code') });

describe('registration and confirmation', () => {
  it('creates an unconfirmed professional, mails the link and confirms through it', async () => {
    const email = newEmail();
    const res = await t.post('/api/accounts', valid(email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: t.registry.texts['register.done'] });
    const user = await userByEmail(email);
    expect(user).toMatchObject({ first_name: "Mary-Ann O'Neil", last_name: 'Smith 2nd', registry_id: `TN${String(user.id).padStart(7, '0')}` });
    expect(Boolean(user.confirmed)).toBe(false);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await knex()('user_roles').where({ user_id: user.id }).select('role')).toEqual([{ role: '100' }]);
    expect(await knex()('audit').where({ entity_id: user.id, action: 'account.register' }).first()).toBeTruthy();
    expect(await knex()('outbox').where({ to_address: email }).select('status')).toEqual([{ status: 'pending' }]);

    const login = await t.post('/api/auth/login', { userName: email, password: PASSWORD });
    expect(login.statusCode).toBe(400);

    const mail = await lastMail(email);
    expect(mail.subject).toBe('Confirm your TN Early Childhood Registry account');
    expect(mail.html).toContain('Mary-Ann O&#39;Neil');
    expect(mail.text).toContain(`Your Registry ID is ${user.registry_id}`);
    const link = linkIn(mail, `${t.config.publicUrl}/login?confirm=true`);
    expect(link.searchParams.get('userId')).toBe(String(user.id));
    expect(await knex()('outbox').where({ to_address: email }).select('status', 'attempts')).toEqual([{ status: 'sent', attempts: 1 }]);

    const confirmed = await t.post('/api/accounts/confirm', confirmBody(link));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Thank you for confirming your account!' });
    expect(await knex()('audit').where({ entity_id: user.id, action: 'account.confirm' }).first()).toBeTruthy();
    const again = await t.post('/api/accounts/confirm', confirmBody(link));
    expect(again.json()).toEqual({ message: 'Thank you for confirming your account!' });

    const after = await t.post('/api/auth/login', { userName: email, password: PASSWORD });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { route: string }).route).toBe('profile-personal');
  });

  it('answers an expired link with the spec message, and resends from it', async () => {
    const email = newEmail();
    await t.post('/api/accounts', valid(email));
    const link = await confirmLink(email);
    const user = await userByEmail(email);
    await knex()('account_codes').where({ user_id: user.id }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const res = await t.post('/api/accounts/confirm', confirmBody(link));
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('Your confirmation link has expired. Please click here to request another confirmation email.');

    const resend = await t.post('/api/accounts/resendnotify', { userId: user.id, code: link.searchParams.get('code') });
    expect(resend.statusCode).toBe(200);
    const fresh = await confirmLink(email);
    expect(fresh.searchParams.get('code')).not.toBe(link.searchParams.get('code'));
    expect((await t.post('/api/accounts/confirm', confirmBody(link))).statusCode).toBe(400);
    expect((await t.post('/api/accounts/confirm', confirmBody(fresh))).statusCode).toBe(200);
    expect((await t.post('/api/accounts/resendnotify', confirmBody(fresh))).statusCode).toBe(409);
  });

  it.each([
    ['no userId', { code: 'abc' }, 'Unable to confirm account'],
    ['no code', { userId: 1 }, 'Unable to confirm account'],
    ['an empty body', {}, 'Unable to confirm account'],
    ['a wrong code', { userId: 1, code: 'wrong' }, 'Your confirmation link has expired. Please click here to request another confirmation email.'],
    ['an unknown user', { userId: '999999', code: 'wrong' }, 'Your confirmation link has expired. Please click here to request another confirmation email.'],
  ])('confirm with %s is a 400 with the spec message', async (_label, body, message) => {
    const res = await t.post('/api/accounts/confirm', body);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(message);
  });

  it('resends the confirmation to the person who knows the password (sendconfemail)', async () => {
    const email = newEmail();
    await t.post('/api/accounts', valid(email));
    const first = await confirmLink(email);
    expect((await t.post('/api/accounts/sendconfemail', { userName: email, password: 'wrong-password' })).statusCode).toBe(400);
    const res = await t.post('/api/accounts/sendconfemail', { userName: email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const second = await confirmLink(email);
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));
    expect((await t.post('/api/accounts/confirm', confirmBody(second))).statusCode).toBe(200);
    expect((await t.post('/api/accounts/sendconfemail', { userName: email, password: PASSWORD })).statusCode).toBe(409);
  });

  it('lets a manager confirm an account (emailconfirm, claim User.write.all)', async () => {
    const email = newEmail();
    await t.post('/api/accounts', valid(email));
    const professional = await t.user(['100']);
    const manager = await t.user(['400']);
    expect((await t.post('/api/accounts/emailconfirm', { userName: email })).statusCode).toBe(401);
    expect((await t.post('/api/accounts/emailconfirm', { userName: email }, professional.token)).statusCode).toBe(403);
    expect((await t.post('/api/accounts/emailconfirm', { userName: 'nobody@example.org' }, manager.token)).statusCode).toBe(404);
    const res = await t.post('/api/accounts/emailconfirm', { userName: email }, manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Mary-Ann O'Neil Smith 2nd", confirmed: true, message: "Mary-Ann O'Neil Smith 2nd is confirmed!" });
    const user = await userByEmail(email);
    expect(await knex()('audit').where({ entity_id: user.id, action: 'account.confirm-by-manager', user_id: manager.id }).first()).toBeTruthy();
    expect((await t.post('/api/auth/login', { userName: email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('sends a person without a password on to set one (code, id and email in the answer)', async () => {
    const email = newEmail();
    const user = await createUser(knex(), t.registry, { email, password: null, firstName: 'Pat', lastName: 'Lee', roles: [{ role: '100' }], confirmed: false, firstTime: true }, null);
    await knex().transaction((trx) => sendConfirmation(trx, t.app.ctx, user));
    const res = await t.post('/api/accounts/confirm', confirmBody(await confirmLink(email)));
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: number; email: string; code: string };
    expect(body).toMatchObject({ id: user.id, email });
    const reset = await t.post('/api/accounts/resetpassword', { userId: body.id, code: body.code, password: PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await t.post('/api/auth/login', { userName: email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers a known e-mail address like a new one and tells that address by e-mail', async () => {
    const email = newEmail();
    await t.post('/api/accounts', valid(email));
    const users = await t.count('users');
    const res = await t.post('/api/accounts', { ...valid(email.toUpperCase()), firstName: 'Other' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: t.registry.texts['register.done'] });
    expect(await t.count('users')).toBe(users);
    const mail = await lastMail(email);
    expect(mail.subject).toBe('You already have a TN Early Childhood Registry account');
    expect(mail.text).toContain(`${t.config.publicUrl}/forgot-password`);
  });
});

describe('registration input', () => {
  const counts = async () => Promise.all(['users', 'outbox', 'audit', 'account_codes'].map((table) => t.count(table)));

  it.each([
    ['firstName', { firstName: '' }, 'First name is required.'],
    ['firstName', { firstName: '   ' }, 'First name is required.'],
    ['firstName', { firstName: 'J@ne' }, 'First name may contain only letters, digits, spaces, apostrophes and hyphens.'],
    ['lastName', { lastName: '' }, 'Last name is required.'],
    ['lastName', { lastName: 'X' }, 'Last name must be at least 2 characters long.'],
    ['lastName', { lastName: 'Sm!th' }, 'Last name may contain only letters, digits, spaces, apostrophes and hyphens.'],
    ['email', { email: '' }, 'Email is required.'],
    ['email', { email: 'jane@example' }, 'jane@example is not a valid email address'],
    ['email', { email: 'jane@example.c' }, 'jane@example.c is not a valid email address'],
    ['email', { email: `jane@example.${'a'.repeat(64)}` }, `jane@example.${'a'.repeat(64)} is not a valid email address`],
    ['email', { email: 'jane doe@example.org' }, 'jane doe@example.org is not a valid email address'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters long.'],
    ['password', { password: '', confirmPassword: '' }, 'Password is required.'],
    ['confirmPassword', { confirmPassword: 'Something-else-1' }, 'Passwords do not match.'],
    ['termsAccepted', { termsAccepted: false }, 'Terms and Conditions must be viewed and accepted.'],
    ['termsAccepted', { termsAccepted: undefined }, 'Terms and Conditions must be viewed and accepted.'],
  ])('%s %j: 400 with its message and nothing written', async (field, change, message) => {
    const before = await counts();
    const res = await t.post('/api/accounts', { ...valid(newEmail()), ...change });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors[field]).toBe(message);
    expect(body.message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('accepts a top-level domain of 63 letters', async () => {
    expect((await t.post('/api/accounts', valid(`jane${++seq}@example.${'a'.repeat(63)}`))).statusCode).toBe(200);
  });

  it.each([
    ['an unknown field', { role: 'AdminUser' }],
    ['a missing field', { email: undefined }],
    ['a wrong type', { termsAccepted: 'yes' }],
    ['a too long name', { firstName: 'a'.repeat(101) }],
  ])('refuses %s with 400 and writes nothing', async (_label, change) => {
    const before = await counts();
    const res = await t.post('/api/accounts', { ...valid(newEmail()), ...change });
    expect(res.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['/api/accounts/confirm', { userId: 'abc', code: 'x' }],
    ['/api/accounts/sendconfemail', { userName: 'a@b.org' }],
    ['/api/accounts/resendnotify', { userId: 1 }],
    ['/api/accounts/resendnotify', { userId: 1, code: 'not-a-code' }],
    ['/api/accounts/emailconfirm', { userName: 'a@b.org', extra: true }],
  ])('%s %j is a 4xx with nothing written', async (url, body) => {
    const before = await counts();
    const res = await t.post(url, body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });
});
