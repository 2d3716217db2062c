import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD, type TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let browser: Browser;

const signIn = (page: Page, app: ServedApp, user: TestUser, password = TEST_PASSWORD) => signInAt(page, app.url, user.userName, password);

const storedToken = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('registry.session') ?? 'null') as { token: string } | null)?.token ?? null);

describe.skipIf(!HAS_CHROMIUM)('the session in Chromium', () => {
  beforeAll(async () => { browser = await openBrowser(); }, 60_000);
  afterAll(async () => { await browser?.close(); });

  describe('idle sign-out, shortened by configuration (idle 12 s, warning 8 s before it)', () => {
    let app: ServedApp;
    let pro: TestUser;
    beforeAll(async () => {
      app = await serveApp('tn', { SESSION_IDLE_SECONDS: '12', SESSION_WARNING_SECONDS: '8', SESSION_CHECK_SECONDS: '1' });
      pro = await app.user(['100'], 'idle');
    }, 120_000);
    afterAll(async () => { await app?.close(); });

    it('warns before the idle sign-out; Stay signed in keeps the session', async () => {
      const { page } = browser;
      await signIn(page, app, pro);
      const warning = page.getByRole('dialog', { name: 'Are you still there?' });
      await warning.waitFor({ timeout: 10_000 });
      expect(await warning.innerText()).toMatch(/signed out because of inactivity in \d+ seconds/);
      await expectAccessible(page, 'idle warning dialog');
      await screenshot(page, 'session-idle-warning');
      await warning.getByRole('button', { name: 'Stay signed in' }).click();
      await warning.waitFor({ state: 'detached' });
      expect(page.url()).toMatch(/\/dashboard$/);
      expect(await storedToken(page)).not.toBeNull();
    }, 30_000);

    it("then, with no activity, signs out with 'Session Expired', goes home and revokes the token", async () => {
      const { page } = browser;
      const token = await storedToken(page);
      await page.getByRole('dialog', { name: 'Are you still there?' }).waitFor({ timeout: 10_000 });
      const expired = page.getByRole('dialog', { name: 'Session Expired' });
      await expired.waitFor({ timeout: 15_000 });
      expect(await expired.innerText()).toContain('Your session has expired due to inactivity');
      // the dialog and the way home come from one sign-out, not in a fixed order
      await page.waitForURL(`${app.url}/`);
      expect(await storedToken(page)).toBeNull();
      await expectAccessible(page, 'session expired dialog');
      await expired.getByRole('button', { name: 'OK' }).click();
      await expect.poll(async () => (await app.get('/api/accounts', token ?? '')).statusCode).toBe(401);
    }, 40_000);
  });

  describe('change password on the Settings tab', () => {
    let app: ServedApp;
    let pro: TestUser;
    beforeAll(async () => {
      app = await serveApp('tn');
      pro = await app.user(['100'], 'settings');
    }, 120_000);
    afterAll(async () => { await app?.close(); });

    it('checks the fields, shows the server message, then changes the password', async () => {
      const { page } = browser;
      await signIn(page, app, pro);
      await page.goto(`${app.url}/dashboard/profile/settings`);
      await page.getByRole('button', { name: 'Change Password' }).click();
      const modal = page.getByRole('dialog', { name: 'Change Password' });
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => modal.getByText('This field is required.').count()).toBe(3);
      await expectAccessible(page, 'change password modal with errors');
      await modal.getByLabel('Current password').fill('not my password');
      await modal.getByLabel('New password', { exact: false }).first().fill('short');
      await modal.getByLabel('Confirm new password').fill('short');
      await modal.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => modal.innerText()).toContain('New password must be at least 8 characters long');
      await page.locator('#password-new').fill('a-new-password');
      await modal.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => modal.innerText()).toContain('New passwords do not match');
      await modal.getByLabel('Confirm new password').fill('a-new-password');
      await modal.getByRole('button', { name: 'Show Confirm new password' }).click();
      expect(await page.locator('#password-confirm').getAttribute('type')).toBe('text');
      await modal.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => modal.getByRole('alert').innerText()).toContain('The current password is incorrect.');
      await modal.getByLabel('Current password').fill(TEST_PASSWORD);
      await modal.getByRole('button', { name: 'Save' }).click();
      await modal.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Password changed successfully' }).count()).toBe(1);
      await screenshot(page, 'settings-password-changed');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${app.url}/`);
      await signIn(page, app, pro, 'a-new-password');
    }, 60_000);
  });

  describe('leaving a page while its profile is loading', () => {
    let app: ServedApp;
    let pro: TestUser;
    beforeAll(async () => {
      app = await serveApp('tn');
      pro = await app.user(['100'], 'leaving');
    }, 120_000);
    afterAll(async () => { await app?.close(); });

    it('keeps the session: the cancelled profile request signs no one out', async () => {
      const { page } = browser;
      // the profile answers slowly: the dashboard is reached while it is still loading, and going
      // to another page cancels that request
      await page.route('**/api/accounts', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue().catch(() => undefined);
      });
      await signIn(page, app, pro);
      const token = await storedToken(page);
      expect(token).not.toBeNull();
      await page.goto(`${app.url}/dashboard/profile/settings`);
      await page.unroute('**/api/accounts');
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(page.url()).toBe(`${app.url}/dashboard/profile/settings`);
      expect(await storedToken(page)).toBe(token);
      expect((await app.get('/api/accounts', token ?? '')).statusCode).toBe(200);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${app.url}/`);
    }, 60_000);
  });
});
