import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { ensureRendererBuilt } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../support/test-app.js';

/** A free loopback port, so the links the app writes into e-mails (PUBLIC_URL) lead back to it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let browser: Browser;
let t: TestApp;
let url: string;
let admin: TestUser;
const NEWCOMER = 'newcomer@example.org';
const PASSWORD = 'Good-password-1';

describe.skipIf(!HAS_CHROMIUM)('Outbox in the browser', () => {
  beforeAll(async () => {
    ensureRendererBuilt();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    t = await startTestApp('tn', { PUBLIC_URL: url });
    await t.app.listen({ host: '127.0.0.1', port });
    admin = await t.user(['AdminUser'], 'Admin');
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('sends a visitor from Start Now to registration', async () => {
    const { page } = browser;
    await page.goto(url);
    await page.getByRole('link', { name: 'Start Now' }).click();
    await page.waitForURL(`${url}/login/register`);
  });

  it('lets the System Administrator read a confirmation e-mail and follow its link', async () => {
    const res = await t.post('/api/accounts', { email: NEWCOMER, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'New', lastName: 'Comer', termsAccepted: true });
    expect(res.statusCode, res.body).toBe(200);
    const { page, context } = browser;
    await signInAt(page, url, admin.userName, TEST_PASSWORD);
    await page.getByRole('link', { name: 'Outbox' }).first().click();
    await page.waitForURL(`${url}/dashboard/outbox`);
    await gridRow(page, NEWCOMER).waitFor();
    expect(await gridRow(page, NEWCOMER).innerText()).toContain('pending');
    await expectAccessible(page, 'outbox');
    await runRowAction(page, NEWCOMER, 'View');
    const dialog = page.getByRole('dialog');
    const link = dialog.locator(`a[href^="${url}/login?confirm=true"]`).first();
    await link.waitFor();
    await screenshot(page, 'outbox-message');
    const opened = context.waitForEvent('page');
    await link.click();
    const confirmation = await opened;
    await confirmation.getByText('Thank you for confirming your account!').waitFor();
    await confirmation.close();
    const user = await t.database.db.knex('users').where({ user_name: NEWCOMER }).first('confirmed');
    expect(Boolean(user.confirmed)).toBe(true);
  });

  it('is not in the menu of other roles', async () => {
    const manager = await t.user(['500'], 'Manager');
    const other = await openBrowser();
    try {
      await signInAt(other.page, url, manager.userName, TEST_PASSWORD);
      await other.page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
      expect(await other.page.getByRole('link', { name: 'Outbox' }).count()).toBe(0);
      await other.page.goto(`${url}/dashboard/outbox`);
      await other.page.waitForURL((u) => !u.pathname.endsWith('/outbox'));
    } finally {
      await other.close();
    }
  });
});
