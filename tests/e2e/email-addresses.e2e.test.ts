import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.js';
import type { TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let browser: Browser;
let app: ServedApp;
let smtp: TestSmtp;

/** The newest mail to the address, after delivering the outbox to the loopback SMTP server. */
async function mailTo(address: string, count = 1) {
  await expect.poll(async () => { await app.app.mailer.deliverNow(); return smtp.to(address).length; }, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const mails = smtp.to(address);
  return mails[mails.length - 1]!;
}

/** A link of an e-mail (on PUBLIC_URL) opened on the served app. */
const onApp = (link: URL) => `${app.url}${link.pathname}${link.search}`;

async function openModal(page: Page) {
  await page.getByRole('button', { name: 'Manage Email Addresses' }).click();
  const modal = page.getByRole('dialog', { name: 'Manage Email Addresses' });
  await modal.waitFor();
  await expect.poll(() => modal.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true); // the secondary address is loaded
  return modal;
}

describe.skipIf(!HAS_CHROMIUM)('e-mail addresses in Chromium (tn, loopback SMTP)', () => {
  let pro: TestUser;
  beforeAll(async () => {
    browser = await openBrowser();
    smtp = await startSmtp();
    app = await serveApp('tn');
    app.config.smtpUrl = smtp.url;
    pro = await app.user(['100'], 'emails');
  }, 120_000);
  afterAll(async () => { await app?.close(); await smtp?.close(); await browser?.close(); });

  it('checks the addresses, adds a secondary address and confirms it from its e-mail', async () => {
    const { page } = browser;
    const secondary = 'pat.home@example.net';
    await signInAt(page, app.url, pro.userName);
    await page.goto(`${app.url}/dashboard/profile/settings`);
    await page.getByRole('heading', { name: 'Email Addresses' }).waitFor();
    let modal = await openModal(page);
    expect(await modal.getByLabel('Primary email address').inputValue()).toBe(pro.userName);
    expect(await modal.getByLabel('Secondary email address').inputValue()).toBe('');

    // nothing changed: the alert, then back in the modal
    await modal.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('dialog', { name: 'Alert' });
    await alert.getByText('No changes made').waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'detached' });

    // an invalid secondary address: the message under the field, tied to it, and focus on it
    await modal.getByLabel('Secondary email address').fill('pat.home@example');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Invalid secondary email address. pat.home@example is not a valid email address').waitFor();
    const field = page.locator('#email-secondary');
    expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain('email-secondary-error');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('email-secondary');
    await expectAccessible(page, 'manage email addresses with an error');
    await screenshot(page, 'email-addresses-invalid');

    // the primary address as the secondary one
    await field.fill(pro.userName.toUpperCase());
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('New primary email address cannot match the secondary email address').waitFor();

    // a valid address: the confirmation says the user will be notified; Cancel keeps the modal
    await field.fill(secondary);
    await modal.getByRole('button', { name: 'Save' }).click();
    let confirm = page.getByRole('dialog', { name: 'Confirm Email Change' });
    await confirm.getByText('You will be notified of the change by email.', { exact: false }).waitFor();
    expect(await modal.getByText('is not a valid email address').count()).toBe(0);
    await expectAccessible(page, 'email change confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: 'Save' }).click();
    confirm = page.getByRole('dialog', { name: 'Confirm Email Change' });
    await confirm.getByRole('button', { name: 'Change email addresses' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Email Address Change is Complete!' }).innerText())
      .toContain(`A confirmation link has been sent to ${secondary}.`);

    // pending until the link is followed: the modal names the address waiting for confirmation
    modal = await openModal(page);
    expect(await modal.getByLabel('Secondary email address').inputValue()).toBe('');
    await modal.getByText(`Waiting for confirmation: ${secondary}`).waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });

    // the link of the e-mail to the secondary address, opened in a new tab (no session there)
    const mail = await mailTo(secondary);
    const link = onApp(linkIn(mail, `${app.config.publicUrl}/login?confirmSecondaryEmail=true`));
    const tab = await browser.context.newPage();
    await tab.goto(link);
    await tab.getByRole('status').filter({ hasText: `Your secondary email address ${secondary} is confirmed.` }).waitFor();
    await expectAccessible(tab, 'login page, secondary address confirmed');
    await screenshot(tab, 'email-addresses-secondary-confirmed');
    await tab.reload(); // the link is spent
    await tab.getByRole('alert').filter({ hasText: 'This secondary email confirmation link is not valid or has already been used.' }).waitFor();
    await tab.close();

    modal = await openModal(page);
    expect(await modal.getByLabel('Secondary email address').inputValue()).toBe(secondary);
    await modal.getByRole('button', { name: 'Cancel' }).click();
  }, 90_000);

  it('changes the primary address, which becomes the user name for signing in', async () => {
    const { page } = browser;
    const primary = 'pat.new@example.org';
    const modal = await openModal(page);
    await modal.getByLabel('Primary email address').fill(primary);
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Confirm Email Change' }).getByRole('button', { name: 'Change email addresses' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Email Address Change is Complete!' }).waitFor();
    expect((await mailTo(primary)).subject).toContain('email address was changed');

    const again = await openModal(page); // prefilled with the new primary address
    expect(await again.getByLabel('Primary email address').inputValue()).toBe(primary);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await signInAt(page, app.url, primary);
  }, 60_000);

  it('says so for a confirmation link without its token', async () => {
    const tab = await browser.context.newPage();
    await tab.goto(`${app.url}/login?confirmSecondaryEmail=true`);
    await tab.getByRole('alert').filter({ hasText: 'This secondary email confirmation link is not valid or has already been used.' }).waitFor();
    await tab.close();
  }, 30_000);
});
