import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addEducation, LEVEL } from '../support/records.js';
import { TEST_PASSWORD, type TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let pro: TestUser;
let admin: TestUser;
const SCHOOLS = ['Austin Peay State University', 'Belmont University', 'Lipscomb University', 'University of Memphis', 'Tennessee State University', 'Vanderbilt University', 'Trevecca Nazarene University'];

const signIn = (page: Page, user: TestUser) => signInAt(page, app.url, user.userName);

const signOut = (page: Page) => signOutAt(page, app.url);

async function sideMenu(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allInnerTexts();
}

describe.skipIf(!HAS_CHROMIUM)('the registry in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp();
    [pro, admin] = [await app.user(['100'], 'maria'), await app.user(['AdminUser', '500'], 'grace')];
    for (const [i, school] of SCHOOLS.entries()) {
      await addEducation(app, pro.token, { level: i % 2 ? LEVEL.bachelor : LEVEL.associate, school, end: `${2010 + i}-05-15` });
    }
    const alert = await app.post('/api/form/formresponse', { response: { formId: 18, elementResponses: [
      { formElementId: 18001, value: 'Scheduled maintenance' }, { formElementId: 18002, value: 'The registry is offline Saturday night.' },
      { formElementId: 18003, multiValue: ['1'] }, { formElementId: 18004, value: '2020-01-01' },
    ] } }, admin.token);
    expect(alert.statusCode).toBe(200);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('signs a professional in from an accessible login page', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/login`);
    await expectAccessible(page, 'login');
    await screenshot(page, 'login');
    await page.getByLabel('E-mail address').fill(pro.userName);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('The user name or password is incorrect.');
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('My Dashboard');
    await expect.poll(() => page.getByRole('region', { name: 'Scheduled maintenance' }).innerText()).toContain('The registry is offline Saturday night.');
    await expectAccessible(page, 'dashboard main (100)');
    await screenshot(page, 'dashboard-main-100');
    await page.getByRole('button', { name: 'Dismiss alert Scheduled maintenance' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Scheduled maintenance' }).count()).toBe(0);
  });

  it("shows the professional's menu: profile and awards, no administration", async () => {
    const { page } = browser;
    const menu = await sideMenu(page);
    expect(menu).toEqual(expect.arrayContaining(['Dashboard', 'My Profile', 'Awards and Honors']));
    expect(menu).not.toContain('Create Alert');
    // dashboard main shows the waiting work, not tiles repeating the menu
    const work = page.getByRole('region', { name: 'Waiting for you' });
    await expect.poll(() => work.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['Awaiting verification', 'Declined records', 'Your role requests', 'Expiring credentials', 'Coaching', 'Messages', 'Notifications']);
  });

  it('lists, sorts, filters, pages and exports education records', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('link', { name: 'Education' }).click();
    await page.waitForURL(/\/dashboard\/profile\/education$/);
    const table = page.getByRole('table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    await expectAccessible(page, 'education grid');
    await screenshot(page, 'education-grid');
    const schools = () => table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(await schools()).toEqual(['Trevecca Nazarene University', 'Vanderbilt University', 'Tennessee State University', 'University of Memphis', 'Lipscomb University']);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(schools).toEqual(['Belmont University', 'Austin Peay State University']);
    await page.getByRole('button', { name: /^School/ }).click();
    await expect.poll(() => page.locator('th[aria-sort="ascending"]').innerText()).toContain('School');
    await expect.poll(schools).toEqual(['Austin Peay State University', 'Belmont University', 'Lipscomb University', 'Tennessee State University', 'Trevecca Nazarene University']);
    await page.getByRole('button', { name: 'Filter by School' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('state');
    await expectAccessible(page, 'grid filter dialog');
    await page.getByRole('button', { name: 'Apply Filter' }).click();
    await expect.poll(schools).toEqual(['Austin Peay State University', 'Tennessee State University']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^TNEarlyChildhoodRegistry_Education_\d{8}_\d{6}\.csv$/);
    // a value with '--' or ';' is plain text for the dialog and the server alike
    for (const [value, shown] of [['St. Mary -- Downtown', []], ['a;b', []], ['state', ['Austin Peay State University', 'Tennessee State University']]] as const) {
      await page.getByRole('button', { name: 'Filter by School' }).click();
      await page.getByRole('dialog').getByRole('textbox').fill(value);
      await page.getByRole('button', { name: 'Apply Filter' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      if (shown.length === 0) await expect.poll(() => table.innerText()).toContain('No Data to Display');
      else await expect.poll(schools).toEqual(shown);
    }
  });

  it('adds an education record through the form: rules show and require fields, errors are tied to fields', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Add New Education record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Education' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByLabel('Credit Hours Earned').count()).toBe(0);
    await dialog.getByLabel('Education Level').selectOption({ label: 'Some College' });
    await expect.poll(() => dialog.getByLabel('Credit Hours Earned').count()).toBe(1);
    await dialog.getByLabel('School or Institution').fill('Nashville State Community College');
    await dialog.getByText('Completed', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const end = dialog.getByLabel(/Graduation or End Date/);
    await expect.poll(async () => end.getAttribute('aria-describedby')).toBeTruthy();
    const describedBy = (await end.getAttribute('aria-describedby'))!.split(' ');
    const messages = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText().catch(() => '')));
    expect(messages.join(' ')).toContain('Please fill out this field');
    await expectAccessible(page, 'education form with errors');
    await screenshot(page, 'education-form-errors');
    await end.fill('2019-12-20');
    await dialog.getByLabel('Credit Hours Earned').fill('24');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Nashville State Community College');
  });

  it('warns about unsaved data when a changed form is closed, and not in view mode', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Add New Education record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Education' });
    await dialog.getByLabel('School or Institution').fill('Unsaved University');
    await dialog.getByRole('button', { name: 'Close this window' }).click();
    const warning = page.getByRole('dialog', { name: 'Unsaved Data Warning' });
    await expect.poll(() => warning.innerText()).toContain('Are you sure you want to close without saving?');
    await expectAccessible(page, 'unsaved data warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.getByLabel('School or Institution').inputValue()).toBe('Unsaved University');
    await dialog.getByRole('button', { name: 'Close this window' }).click();
    await page.getByRole('dialog', { name: 'Unsaved Data Warning' }).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'View Nashville State Community College' }).first().click();
    const view = page.getByRole('dialog', { name: /^View Education/ });
    await expect.poll(() => view.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
    await expectAccessible(page, 'education form in view mode');
    await view.getByRole('button', { name: 'Close this window' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('adds an award (a record type in the JSON record store) and deletes it after confirmation', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Awards and Honors' }).click();
    await page.getByRole('button', { name: 'Add New Award or Honor record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Award or Honor' });
    await dialog.getByLabel('Award or Honor').fill('Teacher of the Year');
    await dialog.getByLabel('Awarding Organization').fill('Davidson County Early Learning Council');
    await dialog.getByLabel('Date Received').fill('2024-05-01');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Teacher of the Year');
    await expectAccessible(page, 'awards grid');
    await page.getByRole('button', { name: 'Delete Teacher of the Year' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Warning' });
    await expect.poll(() => confirm.innerText()).toContain('Are you sure you want to delete?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByText('No Data to Display').count()).toBe(1);
  });

  it("shows an administrator's menu after switching sessions", async () => {
    const { page } = browser;
    await signOut(page);
    await signIn(page, admin);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Administrator Dashboard');
    const menu = await sideMenu(page);
    expect(menu).toContain('Create Alert');
    expect(menu).not.toContain('My Profile');
    await expectAccessible(page, 'dashboard main (AdminUser)');
    await screenshot(page, 'dashboard-main-admin');
  });

  it('lets an administrator disable an alert after confirmation and see it again with Include Disabled', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Create Alert' }).click();
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Scheduled maintenance');
    await expectAccessible(page, 'create alert grid');
    await page.getByRole('button', { name: 'Disable Scheduled maintenance' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Warning' });
    await expect.poll(() => confirm.innerText()).toContain('Are you sure you want to disable?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByText('No Data to Display').count()).toBe(1);
    await page.getByText('Include Disabled').click();
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Scheduled maintenance');
    await page.getByRole('button', { name: 'Enable Scheduled maintenance' }).first().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Disable Scheduled maintenance' }).count()).toBe(1);
  });

  it('keeps a signed-out visitor away from the dashboard, with a redirect back after sign-in', async () => {
    const { page } = browser;
    await signOut(page);
    await page.goto(`${app.url}/dashboard/alert-create`);
    await page.waitForURL(/\/\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('/dashboard/alert-create');
    await expectAccessible(page, 'home');
    await page.getByRole('link', { name: 'Start Now' }).click();
    await page.getByLabel('E-mail address').fill(admin.userName);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/alert-create$/);
  });

  it('works on a 360 px wide screen with a scrolling side menu', async () => {
    const small = await openBrowser({ width: 360, height: 740 });
    try {
      await signIn(small.page, pro);
      await expect.poll(() => small.page.getByRole('button', { name: 'Scroll menu right' }).isVisible()).toBe(true);
      await small.page.getByRole('button', { name: 'Menu', exact: true }).click();
      await expect.poll(() => small.page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      await expectAccessible(small.page, 'dashboard at 360 px');
      await screenshot(small.page, 'dashboard-360');
    } finally {
      await small.close();
    }
  });
});
