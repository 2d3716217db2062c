import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { gridRow } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let app: ServedApp;

/** The seeded demo in the browser: each reviewer finds the work waiting for them. */
describe.skipIf(!HAS_CHROMIUM)('demo data in the browser', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    await seedDemo(app.app.ctx, { people: 2 });
  }, 120_000);
  afterAll(async () => { await app?.close(); });

  it.each([
    ['200', 'organization-requests', ['Olivia Bennett']],
    ['200', 'verification-requests', ['Maria Lopez']],
    ['350', 'verification-requests', ['Maria Lopez', 'James Carter']],
  ] as const)('shows role %s the rows waiting on %s', async (role, path, names) => {
    let browser: Browser | undefined;
    try {
      browser = await openBrowser();
      const { page } = browser;
      await signInAt(page, app.url, demoUserName(role), DEMO_PASSWORD);
      await page.goto(`${app.url}/dashboard/${path}`);
      for (const name of names) await gridRow(page, name).first().waitFor();
      expect(await page.getByText('No Data to Display').count()).toBe(0);
      await expectAccessible(page, `demo ${role} ${path}`);
      await screenshot(page, `demo-${role}-${path}`);
    } finally {
      await browser?.close();
    }
  }, 60_000);

  it.each([
    ['200', '1 staff role request to decide', 'Olivia Bennett'],
    ['200', '2 verifications to review', 'Maria Lopez'],
    ['100', '1 training record declined', 'Rejected'],
    ['100', '1 certification or credential expiring within 90 days', 'Pediatric First Aid and CPR'],
  ] as const)('shows role %s the count "%s" on the dashboard, and the count leads to the rows', async (role, count, rowText) => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await signInAt(page, app.url, demoUserName(role), DEMO_PASSWORD);
      const link = page.getByRole('link', { name: count });
      await link.waitFor();
      await expectAccessible(page, `demo ${role} dashboard`);
      await screenshot(page, `demo-${role}-dashboard-counts`);
      await link.click();
      await gridRow(page, rowText).first().waitFor();
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('shows the demo alert on the professional dashboard', async () => {
    const browser = await openBrowser();
    try {
      await signInAt(browser.page, app.url, demoUserName('100'), DEMO_PASSWORD);
      await browser.page.getByText('Welcome to the demo registry').first().waitFor();
    } finally {
      await browser.close();
    }
  }, 60_000);
});
