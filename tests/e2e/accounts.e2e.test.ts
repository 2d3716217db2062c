import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';

let browser: Browser;
let page: Page;
const NEW_PASSWORD = 'Brand-new-pass-2';

/** The newest mail to the address, after delivering the outbox to the loopback SMTP server. */
async function mailTo(app: ServedApp, smtp: TestSmtp, address: string, count = 1) {
  await expect.poll(async () => { await app.app.mailer.deliverNow(); return smtp.to(address).length; }, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const mails = smtp.to(address);
  return mails[mails.length - 1]!;
}

/** A link of an e-mail (on PUBLIC_URL) opened on the served app. */
const onApp = (app: ServedApp, link: URL) => `${app.url}${link.pathname}${link.search}`;

async function signIn(userName: string, password: string): Promise<void> {
  await page.getByLabel('E-mail address').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The first sign-in (spec part 1 section 4): held on the personal profile with the other tabs
 * hidden; Save and Continue goes to the next tab with the welcome modal; Continue shows every tab.
 */
async function firstProfile(page: Page, app: ServedApp): Promise<void> {
  await page.waitForURL(/\/dashboard\/profile\/personal$/);
  await page.getByRole('heading', { name: 'Personal Information' }).waitFor();
  const tabs = page.getByRole('navigation', { name: 'My Profile sections' }).getByRole('link');
  expect(await tabs.allTextContents()).toEqual(['Personal']);
  await page.goto(`${app.url}/dashboard/profile/settings`); // the guard holds a first-time person
  await page.waitForURL(/\/dashboard\/profile\/personal$/);
  await page.getByLabel('Phone').waitFor();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await page.getByText('Please fill out this field').first().waitFor();
  await expectAccessible(page, 'first-time personal profile with errors');
  await screenshot(page, 'accounts-first-profile-errors');

  await page.getByLabel('Phone').fill('6155550142');
  await page.getByLabel('Address Line 1').fill('12 Oak Street');
  await page.getByLabel('City').fill('Nashville');
  await page.getByRole('combobox', { name: /^State/ }).selectOption({ label: 'Tennessee' });
  await page.getByLabel('ZIP Code').fill('37201');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  const welcome = page.getByRole('dialog', { name: /^Welcome to the / });
  await welcome.waitFor();
  await page.getByText('Personal information saved.').waitFor();
  expect(await tabs.count()).toBe(2);
  await expectAccessible(page, 'welcome after the first profile');
  await screenshot(page, 'accounts-welcome');
  await welcome.getByRole('button', { name: 'Get Started' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect.poll(() => tabs.count()).toBeGreaterThan(3);
  await page.getByRole('link', { name: 'Personal' }).click();
  expect(await page.getByLabel('City').inputValue()).toBe('Nashville');
  await expectAccessible(page, 'personal profile');
}

describe.skipIf(!HAS_CHROMIUM)('accounts in Chromium', () => {
  beforeAll(async () => { browser = await openBrowser(); }, 60_000);
  afterAll(async () => { await browser?.close(); });
  beforeEach(async () => { page = await browser.context.newPage(); }); // a fresh tab: no session
  afterEach(async () => { await page?.close(); });

  describe('tenant tn with a loopback SMTP server', () => {
    let app: ServedApp;
    let smtp: TestSmtp;
    beforeAll(async () => {
      smtp = await startSmtp();
      app = await serveApp('tn');
      app.config.smtpUrl = smtp.url;
    }, 120_000);
    afterAll(async () => { await app?.close(); await smtp?.close(); });

    it('registers, resends the confirmation, confirms from the e-mail and signs in', async () => {
      const email = 'ada.browser@example.org';
      await page.goto(`${app.url}/login/register?email=${encodeURIComponent(email)}&fname=Ada&lname=Lovelace`);
      await page.getByRole('heading', { name: 'Register' }).waitFor();
      expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
      expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
      const terms = page.getByLabel('I have read and accept the Terms and Conditions');
      expect(await terms.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Terms and Conditions must be viewed and accepted.').waitFor();
      await page.getByText('Password is required.').waitFor();
      expect(await page.locator('#register-password').getAttribute('aria-describedby')).toBe('register-password-error');
      await expectAccessible(page, 'registration with errors');
      await screenshot(page, 'accounts-register-errors');

      await page.locator('#register-password').fill(NEW_PASSWORD);
      await page.locator('#register-confirm-password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Read the Terms and Conditions' }).click();
      const modal = page.getByRole('dialog', { name: 'Terms and Conditions' });
      await modal.waitFor();
      await expectAccessible(page, 'registration terms modal');
      await modal.getByRole('button', { name: 'Close this window' }).click();
      await page.locator('label[for="register-terms"]').click(); // the USWDS box is drawn by its label
      expect(await terms.isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL(/\/login\?new=true$/);
      await page.getByText('Thank you for registering. We have sent you an e-mail').waitFor();
      await expectAccessible(page, 'login after registering');

      // signing in before confirming: the server's message and a resend of the confirmation
      await signIn(email, NEW_PASSWORD);
      await page.getByText('Your account has not been confirmed yet.').waitFor();
      await page.getByRole('button', { name: 'Resend the confirmation e-mail' }).click();
      await page.getByText('A new confirmation e-mail has been sent. Please check your e-mail.').waitFor();
      await expectAccessible(page, 'login, confirmation resent');

      const prefix = `${app.config.publicUrl}/login?confirm=true`;
      const newest = await mailTo(app, smtp, email, 2);
      const first = smtp.to(email)[0]!;
      await page.goto(onApp(app, linkIn(first, prefix))); // spent by the resend
      await page.getByText('Your confirmation link has expired. Please').waitFor();
      expect(await page.getByRole('button', { name: 'click here' }).count()).toBe(1);
      await expectAccessible(page, 'expired confirmation link');

      await page.goto(onApp(app, linkIn(newest, prefix)));
      await page.getByText('Thank you for confirming your account!').waitFor();
      await expectAccessible(page, 'account confirmed');
      await screenshot(page, 'accounts-confirmed');
      await signIn(email, NEW_PASSWORD);
      await firstProfile(page, app);
    }, 90_000);

    it("says 'Unable to confirm account' for a link without its code", async () => {
      await page.goto(`${app.url}/login?confirm=true&userId=1`);
      await page.getByText('Unable to confirm account').waitFor();
    }, 30_000);

    it('forgot password: e-mail, set-password link, sign in with the new password; the link then expires', async () => {
      const pro = await app.user(['100'], 'forgot');
      await page.goto(`${app.url}/login`);
      await page.getByRole('link', { name: 'Forgot Your Password?' }).click();
      await page.getByRole('heading', { name: 'Forgot Your Password?' }).waitFor();
      await expectAccessible(page, 'forgot password');
      await page.getByLabel('E-mail address').fill(pro.row.email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('If an account exists for this e-mail address').waitFor();
      await expectAccessible(page, 'forgot password sent');

      const link = onApp(app, linkIn(await mailTo(app, smtp, pro.row.email), `${app.config.publicUrl}/forgot-password?reset=true`));
      await page.goto(link);
      await page.getByRole('heading', { name: 'Set Your Password' }).waitFor();
      await page.locator('#new-password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Show New password' }).click();
      expect(await page.locator('#new-password').getAttribute('type')).toBe('text');
      await page.locator('#confirm-password').fill('something else');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Passwords do not match.').waitFor();
      await expectAccessible(page, 'set password with an error');
      await page.locator('#confirm-password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL(/\/login\?reset=true&email=/);
      await page.getByText('Your password has been reset.').waitFor();
      expect(await page.getByLabel('E-mail address').inputValue()).toBe(pro.row.email);
      await expectAccessible(page, 'login after reset');
      await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard$/);

      const again = await browser.context.newPage();
      await again.goto(link);
      await again.locator('#new-password').fill(NEW_PASSWORD);
      await again.locator('#confirm-password').fill(NEW_PASSWORD);
      await again.getByRole('button', { name: 'Set password' }).click();
      await again.getByText('Your password reset link expired. Please').waitFor();
      expect(await again.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe('/forgot-password');
      await expectAccessible(again, 'expired reset link');
      await screenshot(again, 'accounts-reset-expired');
      await again.close();
    }, 60_000);
  });

  describe('tenant al', () => {
    let app: ServedApp;
    beforeAll(async () => { app = await serveApp('al'); }, 120_000);
    afterAll(async () => { await app?.close(); });

    it('shows the live password checklist and the rule message', async () => {
      await page.goto(`${app.url}/login/register`);
      const rule = (key: string) => page.locator(`[data-rule="${key}"]`);
      await page.locator('#register-password').fill('abc');
      await rule('length').getByText('not met').waitFor();
      expect(await rule('lower').innerText()).toMatch(/: met$/);
      expect(await rule('upper').innerText()).toMatch(/not met$/);
      await page.locator('#register-password').fill('Abcdefg1');
      await page.locator('#register-confirm-password').fill('Abcdefg1');
      for (const key of ['length', 'upper', 'lower', 'digit', 'match']) expect(await rule(key).innerText()).toMatch(/: met$/);
      await expectAccessible(page, 'al registration, rules met');
      await page.locator('#register-password').fill('abcdefgh');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('Password is not valid. See rules above.').waitFor();
      await page.getByText('Terms of Use must be viewed and accepted.').waitFor();
      expect(await page.locator('#register-password').getAttribute('aria-describedby')).toBe('register-password-error register-password-rules');
      await expectAccessible(page, 'al registration with errors');
      await screenshot(page, 'accounts-al-register-rules');
    }, 60_000);
  });
});
