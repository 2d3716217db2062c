import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startAppWithSmtp, type TestSmtp } from '../support/smtp.js';
import { TEST_PASSWORD, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let smtp: TestSmtp;
let close: () => Promise<void>;
let seq = 0;
beforeAll(async () => { ({ t, smtp, close } = await startAppWithSmtp()); });
afterAll(async () => { await close(); });

const knex = () => t.database.db.knex;
const fresh = (what = 'new') => `${what}${++seq}@example.org`;
const change = (u: TestUser, body: Record<string, unknown>, token = u.token) => t.post('/api/accounts/emailchange', { userName: u.userName, fullName: 'Test Person', ...body }, token);
const userRow = async (id: number) => (await knex()('users').where({ id }).first('user_name', 'email', 'secondary_email', 'pending_secondary_email')) as Record<string, string | null>;
const login = (userName: string) => t.post('/api/auth/login', { userName, password: TEST_PASSWORD });
const snapshot = async (id: number) => ({ user: await userRow(id), audit: await t.count('audit'), outbox: await t.count('outbox'), codes: await t.count('account_codes') });
const secondaryLink = (mail: Parameters<typeof linkIn>[0]) => linkIn(mail, `${t.config.publicUrl}/login?confirmSecondaryEmail=true`);

describe('email change rules (part 2 section 5)', () => {
  it.each([
    ['nothing entered', {}, 'No changes made', {}],
    ['empty strings', { email: '', secondaryEmail: '  ' }, 'No changes made', {}],
    ['null values', { email: null, secondaryEmail: null }, 'No changes made', {}],
    ['unchanged primary', { email: 'SELF' }, 'No changes made', {}],
    ['primary equal to the new secondary', { email: 'same@example.org', secondaryEmail: 'Same@example.org' }, 'New primary email address cannot match the secondary email address', { email: 'New primary email address cannot match the secondary email address' }],
    ['secondary equal to the primary', { secondaryEmail: 'SELF' }, 'New primary email address cannot match the secondary email address', { secondaryEmail: 'New primary email address cannot match the secondary email address' }],
    ['primary without a domain', { email: 'someone@example' }, 'someone@example is not a valid email address', { email: 'Invalid primary email address.' }],
    ['primary with a 1-letter TLD', { email: 'a@b.c' }, 'a@b.c is not a valid email address', { email: 'Invalid primary email address.' }],
    ['primary with a 64-letter TLD', { email: `a@b.${'x'.repeat(64)}` }, `a@b.${'x'.repeat(64)} is not a valid email address`, { email: 'Invalid primary email address.' }],
    ['primary with a space', { email: 'a b@example.org' }, 'a b@example.org is not a valid email address', { email: 'Invalid primary email address.' }],
    ['secondary with a numeric TLD', { secondaryEmail: 'x@example.123' }, 'x@example.123 is not a valid email address', { secondaryEmail: 'Invalid secondary email address.' }],
  ])('refuses %s with 400 and writes nothing', async (_name, body, message, errors) => {
    const u = await t.user(['100'], 'Rules');
    const input = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'SELF' ? u.userName.toUpperCase() : v]));
    const before = await snapshot(u.id);
    const res = await change(u, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors });
    expect(await snapshot(u.id)).toEqual(before);
  });

  it('accepts a 63-letter TLD and a 2-letter one', async () => {
    const u = await t.user(['100'], 'Tld');
    const long = `long${++seq}@example.${'x'.repeat(63)}`;
    expect((await change(u, { email: long })).statusCode).toBe(200);
    expect((await change({ ...u, userName: long }, { email: `short${++seq}@example.io` })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown field', { email: 'a@example.org', extra: 1 }],
    ['a number as e-mail', { email: 42 }],
    ['a missing user name', { userName: undefined, email: 'a@example.org' }],
    ['an empty user name', { userName: '', email: 'a@example.org' }],
  ])('refuses %s with 400 and writes nothing', async (_name, body) => {
    const u = await t.user(['100'], 'Schema');
    const before = await snapshot(u.id);
    const res = await change(u, body);
    expect(res.statusCode).toBe(400);
    expect(await snapshot(u.id)).toEqual(before);
  });

  it('refuses a primary address another account uses with 409, writing nothing', async () => {
    const u = await t.user(['100'], 'Dup');
    const other = await t.user(['100'], 'Other');
    const before = await snapshot(u.id);
    const res = await change(u, { email: other.userName.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `The email address ${other.userName} is already used by another account.` });
    expect(await snapshot(u.id)).toEqual(before);
  });
});

describe('changing the primary address', () => {
  it('changes it for the person themself, notifies old and new address, and sign-in follows it', async () => {
    const u = await t.user(['100'], 'Self');
    const email = fresh('self');
    const res = await change(u, { email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email Address Change is Complete!', userName: email, email, secondaryEmail: null, pendingSecondaryEmail: null });
    expect(await userRow(u.id)).toMatchObject({ user_name: email, email });
    expect(await knex()('outbox').whereIn('to_address', [u.userName, email]).select('status')).toEqual([{ status: 'pending' }, { status: 'pending' }]);
    const audit = (await knex()('audit').where({ action: 'account.email-change', entity_id: u.id }).first()) as { user_id: number; detail: string };
    expect(audit.user_id).toBe(u.id);
    expect(JSON.parse(audit.detail)).toMatchObject({ oldEmail: u.userName, newEmail: email, byAdministrator: false });

    await t.app.mailer.deliverNow();
    const subject = `Your ${t.registry.tenant.productName} email address was changed`;
    for (const address of [u.userName, email]) {
      const mails = smtp.to(address);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(subject);
      expect(mails[0]!.text).toContain(`Primary email address (your user name for signing in): ${email}`);
      expect(mails[0]!.text).toContain('changed by you');
    }
    expect((await login(email)).statusCode).toBe(200);
    expect((await login(u.userName)).statusCode).not.toBe(200);
  });

  it('lets an administrator (User.write.all) change another person', async () => {
    const admin = await t.user(['500'], 'Admin');
    const u = await t.user(['100'], 'Managed');
    const email = fresh('managed');
    const res = await change(u, { email }, admin.token);
    expect(res.statusCode).toBe(200);
    expect(await userRow(u.id)).toMatchObject({ user_name: email, email });
    const audit = (await knex()('audit').where({ action: 'account.email-change', entity_id: u.id }).first()) as { user_id: number; detail: string };
    expect(audit.user_id).toBe(admin.id);
    expect(JSON.parse(audit.detail)).toMatchObject({ byAdministrator: true });
    await t.app.mailer.deliverNow();
    expect(smtp.to(u.userName)[0]!.text).toContain('changed by an administrator');
    expect(smtp.to(email)).toHaveLength(1);
    expect((await change({ ...u, userName: 'nobody@example.org' }, { email: fresh() }, admin.token)).statusCode).toBe(404);
  });

  it.each([['a professional', '100'], ['a reader without User.write.all', '350']])('refuses %s changing another person with 403', async (_name, role) => {
    const caller = await t.user([role], 'Caller');
    const u = await t.user(['100'], 'Target');
    const before = await snapshot(u.id);
    const res = await change(u, { email: fresh() }, caller.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Insufficient access privileges' });
    expect((await change({ ...u, userName: 'nobody@example.org' }, { email: fresh() }, caller.token)).statusCode).toBe(403);
    expect(await snapshot(u.id)).toEqual(before);
  });

  it.each<[string, string, string[], number]>([
    ['a manager (400) changes no administrator (500)', '400', ['100', '500'], 403],
    ['a manager (400) changes no system administrator', '400', ['100', 'AdminUser'], 403],
    ['a manager (400) changes no other manager', '400', ['100', '400'], 403],
    ['an administrator (500) changes no other 500', '500', ['100', '500'], 403],
    ['an administrator (500) changes no system administrator', '500', ['100', 'AdminUser'], 403],
    ['a manager (400) changes a professional', '400', ['100'], 200],
    ['an administrator (500) changes a manager', '500', ['100', '400'], 200],
    ['a system administrator changes a 500', 'AdminUser', ['100', '500'], 200],
  ])('level check of User Access Permissions: %s', async (_name, role, targetRoles, status) => {
    const caller = await t.user([role], 'Level');
    const u = await t.user(targetRoles, 'Leveled');
    const before = await snapshot(u.id);
    const email = fresh('level');
    const res = await change(u, { email }, caller.token);
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      expect(await userRow(u.id)).toMatchObject({ user_name: email, email });
      return;
    }
    expect(res.json()).toEqual({ message: 'Insufficient access privileges' });
    expect(await snapshot(u.id)).toEqual(before);
    // the forgot-password mail goes to the old address only: the account stays with its owner
    expect((await t.post('/api/accounts/forgotpassword', { email })).statusCode).not.toBe(500);
    expect(await knex()('outbox').where({ to_address: email }).first()).toBeUndefined();
  });

  it('needs a sign-in', async () => {
    expect((await t.post('/api/accounts/emailchange', { userName: 'a@example.org', email: 'b@example.org' })).statusCode).toBe(401);
    expect((await t.get('/api/accounts/secondaryemail')).statusCode).toBe(401);
  });
});

describe('secondary address', () => {
  it('stays pending until its link is followed, and only the link goes to it', async () => {
    const u = await t.user(['100'], 'Second');
    const secondary = fresh('second');
    const res = await change(u, { secondaryEmail: secondary });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ secondaryEmail: null, pendingSecondaryEmail: secondary });
    expect((await t.get(`/api/accounts/secondaryemail?userId=${u.id}`, u.token)).json()).toEqual({ userId: u.id, secondaryEmail: null, pendingSecondaryEmail: secondary });

    await t.app.mailer.deliverNow();
    expect(smtp.to(u.userName)).toHaveLength(1);
    const toSecondary = smtp.to(secondary);
    expect(toSecondary).toHaveLength(1);
    expect(toSecondary[0]!.subject).toBe(`Confirm your secondary email address for ${t.registry.tenant.productName}`);
    const link = secondaryLink(toSecondary[0]!);
    const q = link.searchParams.get('q')!;
    expect(q).toMatch(new RegExp(`^${u.id}\\.`));

    const ok = await t.get(`/api/accounts/confirmSecondaryEmail?q=${encodeURIComponent(q)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: `Your secondary email address ${secondary} is confirmed.`, secondaryEmail: secondary });
    expect(await userRow(u.id)).toMatchObject({ secondary_email: secondary, pending_secondary_email: null });
    expect(await knex()('audit').where({ action: 'account.secondary-email-confirm', entity_id: u.id }).first()).toBeTruthy();

    const again = await t.get(`/api/accounts/confirmSecondaryEmail?q=${encodeURIComponent(q)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'This secondary email confirmation link is not valid or has already been used.' });
    const clash = await change(u, { email: secondary });
    expect(clash.json()).toMatchObject({ message: 'New primary email address cannot match the secondary email address' });
    expect((await change(u, { secondaryEmail: secondary.toUpperCase() })).json()).toMatchObject({ message: 'No changes made' });
  });

  it('refuses an expired link, and a newer address spends the older link', async () => {
    const u = await t.user(['100'], 'Expire');
    const first = fresh('first');
    await change(u, { secondaryEmail: first });
    await t.app.mailer.deliverNow();
    const oldQ = secondaryLink(smtp.to(first)[0]!).searchParams.get('q')!;
    const second = fresh('second');
    await change(u, { secondaryEmail: second });
    await t.app.mailer.deliverNow();
    expect((await t.get(`/api/accounts/confirmSecondaryEmail?q=${encodeURIComponent(oldQ)}`)).statusCode).toBe(400);
    const q = secondaryLink(smtp.to(second)[0]!).searchParams.get('q')!;
    await knex()('account_codes').where({ user_id: u.id, purpose: 'secondary' }).whereNull('used_at').update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const expired = await t.get(`/api/accounts/confirmSecondaryEmail?q=${encodeURIComponent(q)}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: 'Your secondary email confirmation link has expired. Please enter the address again to receive a new link.' });
    expect(await userRow(u.id)).toMatchObject({ secondary_email: null, pending_secondary_email: second });
  });

  it.each(['', 'garbage', '1.', '0.abc', '999999.abcdef', 'x'.repeat(301)])('refuses the token %j with 400', async (q) => {
    const res = await t.get(`/api/accounts/confirmSecondaryEmail?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(400);
  });

  it('shows the secondary address to the person, readers and administrators only', async () => {
    const u = await t.user(['100'], 'Shown');
    const secondary = fresh('shown');
    await knex()('users').where({ id: u.id }).update({ secondary_email: secondary });
    const expected = { userId: u.id, secondaryEmail: secondary, pendingSecondaryEmail: null };
    expect((await t.get('/api/accounts/secondaryemail', u.token)).json()).toEqual(expected);
    for (const role of ['350', '400', '500']) {
      const reader = await t.user([role], 'Reader');
      const res = await t.get(`/api/accounts/secondaryemail?userId=${u.id}`, reader.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    const admin = await t.user(['500'], 'Admin');
    expect((await t.get('/api/accounts/secondaryemail?userId=99999999', admin.token)).statusCode).toBe(404);
    const other = await t.user(['100'], 'Other');
    expect((await t.get(`/api/accounts/secondaryemail?userId=${u.id}`, other.token)).statusCode).toBe(403);
    expect((await t.get('/api/accounts/secondaryemail?userId=abc', other.token)).statusCode).toBe(400);
  });
});
