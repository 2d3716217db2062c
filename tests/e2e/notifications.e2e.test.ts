import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployment, addOrganization, personWith, type Person } from '../support/employment.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { inboxScreen } from './support/inbox-screen.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

/**
 * The Notifications screen (issue 12, spec part 3 sections 2 and 4): a director on the screen sees
 * the notification of a real role request arrive, opens it (read) and follows its button to the
 * Requests page; then star, filter, archive, move back and delete; at 1280 and 390 px.
 */
describe.skipIf(!HAS_CHROMIUM)('the Notifications screen', () => {
  let app: ServedApp;
  let browser: Browser;
  let director: Person;
  let pro: Person;
  let organization: number;

  const { row, toolbar, isUnread, choose, open } = inboxScreen('Notifications');
  const openNotifications = (page: Page) => open(page, `${app.url}/dashboard/notifications`);
  const subject = () => 'Role request from Pete Tester';

  beforeAll(async () => {
    app = await serveApp('tn');
    organization = await addOrganization(app, 'Sunny Days Learning Center');
    director = await personWith(app, 'Dora', [{ role: '200', organizationId: organization }], '200');
    pro = await personWith(app, 'Pete', [{ role: '100' }]);
    browser = await openBrowser();
    await signInAt(browser.page, app.url, director.userName);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an empty list says No Notifications; the toolbar has Star, Mark Read, Archive and Delete but no Compose', async () => {
    const { page } = browser;
    await openNotifications(page);
    await page.getByText('No Notifications', { exact: true }).waitFor();
    for (const name of ['Star', 'Mark Read', 'Archive', 'Delete']) expect(await toolbar(page).getByRole('button', { name, exact: true }).count()).toBe(1);
    expect(await toolbar(page).getByRole('button', { name: 'Compose' }).count()).toBe(0);
    expect(await toolbar(page).getByLabel('Folder', { exact: true }).locator('option').allInnerTexts()).toEqual(['Inbox', 'Archive']);
    await expectAccessible(page, 'empty Notifications');
  }, 60_000);

  it('a role request raises a notification that arrives live; opening marks it read; its button goes to the Requests page', async () => {
    const { page } = browser;
    const employmentRecordId = await addEmployment(app, pro.token, { agencyId: organization, title: '5' });
    const res = await app.post('/api/userorganizationroles/request', { employmentRecordId, requestType: 100 }, pro.token);
    expect(res.statusCode, res.body).toBe(200);
    await app.app.ctx.events.dispatchPending();

    const item = row(page, subject());
    await item.waitFor({ timeout: 5_000 });
    expect(await isUnread(item)).toBe(true);
    expect(await item.innerText()).toContain('Sunny Days Learning Center');
    await page.getByText(/Showing 1–1 of 1/).waitFor();
    await expectAccessible(page, 'Notifications with one');
    await item.locator('.inbox__open').click();
    const opened = page.getByRole('dialog', { name: subject() });
    await opened.getByText(/Pete Tester/).first().waitFor();
    await expect.poll(() => isUnread(item)).toBe(false);
    const stored = await app.database.db.knex('notifications').where({ recipient_id: director.id }).first('read') as { read: number | boolean };
    expect(Boolean(stored.read)).toBe(true);
    await expectAccessible(page, 'notification opened');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshot(page, `notification-open-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await opened.getByRole('button', { name: 'View Requests' }).click();
    await page.waitForURL(/\/dashboard\/organization-requests$/);
    await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
  }, 60_000);

  it('stars, filters Starred, archives, moves back and deletes', async () => {
    const { page } = browser;
    await openNotifications(page);
    const item = row(page, subject());
    await item.locator('.inbox__check label').click();
    await toolbar(page).getByRole('button', { name: 'Star', exact: true }).click();
    await expect.poll(() => item.getByRole('button', { name: /^Star notification/ }).getAttribute('aria-pressed')).toBe('true');
    await choose(page, 'Filter', 'Starred');
    await item.waitFor();
    await choose(page, 'Filter', 'Unread');
    await page.getByText('No Notifications', { exact: true }).waitFor();
    await choose(page, 'Filter', 'None');

    await item.locator('.inbox__check label').click();
    await toolbar(page).getByRole('button', { name: 'Archive', exact: true }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByText('No Notifications', { exact: true }).waitFor();
    await choose(page, 'Folder', 'Archive');
    await item.locator('.inbox__check label').click();
    await toolbar(page).getByRole('button', { name: 'Move to Inbox' }).click();
    await item.waitFor({ state: 'detached' });
    await choose(page, 'Folder', 'Inbox');
    await item.waitFor();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await screenshot(page, `notifications-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await expectAccessible(page, 'Notifications at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await item.locator('.inbox__check label').click();
    await toolbar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No Notifications', { exact: true }).waitFor();
    const stored = await app.database.db.knex('notifications').where({ recipient_id: director.id }).first('deleted_at') as { deleted_at: string | null };
    expect(stored.deleted_at).toBeTruthy();
  }, 60_000);
});
