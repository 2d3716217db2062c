import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CodePurpose } from '../../server/domain/accounts/account-codes.js';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';

let browser: Browser;
let page: Page;
let app: ServedApp;
let smtp: TestSmtp;
const PASSWORD = 'Good-password-1';
const NEW_PASSWORD = 'Brand-new-pass-2';
const HOUR = 3_600_000;

/** The mails to the address once at least `count` arrived, after delivering the outbox to the loopback SMTP server. */
async function mailsTo(address: string, count: number) {
  await expect.poll(async () => { await app.app.mailer.deliverNow(); return smtp.to(address).length; }, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return smtp.to(address);
}

/** A link of an e-mail (on PUBLIC_URL) opened on the served app. */
const onApp = (link: URL) => `${app.url}${link.pathname}${link.search}`;

/**
 * Moves the issue time of the person's outstanding codes back by `hours`, as if the e-mail had been
 * sent that long ago (both created_at and expires_at move: the server's own lifetime decides).
 */
async function issuedEarlier(userId: number, purpose: CodePurpose, hours: number): Promise<void> {
  const knex = app.database.db.knex;
  const rows = (await knex('account_codes').where({ user_id: userId, purpose }).whereNull('used_at').select('id', 'created_at', 'expires_at')) as { id: number; created_at: string | Date; expires_at: string | Date }[];
  expect(rows.length).toBeGreaterThan(0);
  const earlier = (at: string | Date) => new Date(new Date(at).getTime() - hours * HOUR).toISOString();
  for (const row of rows) await knex('account_codes').where({ id: row.id }).update({ created_at: earlier(row.created_at), expires_at: earlier(row.expires_at) });
}

/** The text of the page's error notice (role alert), spaces collapsed. */
const alertText = async () => (await page.getByRole('alert').filter({ hasText: 'Please' }).innerText()).replace(/\s+/g, ' ').trim();

describe.skipIf(!HAS_CHROMIUM)('expired e-mail links in Chromium (tn, loopback SMTP)', () => {
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await serveApp('tn');
    app.config.smtpUrl = smtp.url;
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => { await browser?.close(); await app?.close(); await smtp?.close(); });
  beforeEach(async () => { page = await browser.context.newPage(); }); // a fresh tab: no session
  afterEach(async () => { await page?.close(); });

  it('a confirmation link issued more than 24 hours ago: click here resends, the new link confirms', async () => {
    const email = 'late.confirmer@example.org';
    const registered = await app.post('/api/accounts', { email, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Lee', lastName: 'Tardy', termsAccepted: true });
    expect(registered.statusCode).toBe(200);
    const prefix = `${app.config.publicUrl}/login?confirm=true`;
    const first = linkIn((await mailsTo(email, 1))[0]!, prefix);
    const userId = Number(first.searchParams.get('userId'));
    await issuedEarlier(userId, 'confirm', 25);

    await page.goto(onApp(first));
    await page.getByText('Your confirmation link has expired.').waitFor();
    expect(await alertText()).toBe('Your confirmation link has expired. Please click here to request another confirmation email.');
    await expectAccessible(page, 'expired confirmation link');
    await screenshot(page, 'expired-confirmation-link');

    await page.getByRole('button', { name: 'click here' }).click();
    await page.getByText('A new confirmation e-mail has been sent. Please check your e-mail.').waitFor();
    await expectAccessible(page, 'confirmation resent from the expired link');
    const mails = await mailsTo(email, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Confirm your TN Early Childhood Registry account');
    const second = linkIn(mails[1]!, prefix);
    expect(second.searchParams.get('userId')).toBe(String(userId));
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));

    await page.goto(onApp(second));
    await page.getByText('Thank you for confirming your account!').waitFor();
    await expectAccessible(page, 'confirmed from the new link');
    const user = await app.database.db.knex('users').where({ id: userId }).first() as { confirmed: number | boolean };
    expect(Boolean(user.confirmed)).toBe(true);
  }, 60_000);

  it('a password-reset link past its lifetime: click here leads to Forgot Your Password?, whose new link sets the password', async () => {
    const pro = await app.user(['100'], 'late');
    expect((await app.post('/api/accounts/forgotpassword', { email: pro.row.email })).statusCode).toBe(200);
    const prefix = `${app.config.publicUrl}/forgot-password?reset=true`;
    const first = linkIn((await mailsTo(pro.row.email, 1))[0]!, prefix);
    await issuedEarlier(pro.id, 'reset', 25);

    await page.goto(onApp(first));
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    await page.locator('#new-password').fill(NEW_PASSWORD);
    await page.locator('#confirm-password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password reset link expired.').waitFor();
    expect(await alertText()).toBe('Your password reset link expired. Please click here to obtain a new link');
    await expectAccessible(page, 'expired reset link');
    await screenshot(page, 'expired-reset-link');

    await page.getByRole('link', { name: 'click here' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { name: 'Forgot Your Password?' }).waitFor();
    await expectAccessible(page, 'forgot password from the expired link');
    await page.getByLabel('E-mail address').fill(pro.row.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account exists for this e-mail address').waitFor();
    const mails = await mailsTo(pro.row.email, 2);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1]!, prefix);
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));

    await page.goto(onApp(second));
    await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    await expectAccessible(page, 'set password from the new link');
    await page.locator('#new-password').fill(NEW_PASSWORD);
    await page.locator('#confirm-password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/login\?reset=true&email=/);
    await page.getByText('Your password has been reset.').waitFor();
    await expectAccessible(page, 'login after the reset');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
  }, 60_000);
});
