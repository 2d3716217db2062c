import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addOrganization, personWith, type Person } from '../support/employment.js';
import type { TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { signInAt, signOutAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let pro: TestUser;
let director: Person;
const AGENCY = 'Little Acorns Learning Center';

const signOut = (page: Page) => signOutAt(page, app.url);

async function employmentTab(page: Page): Promise<void> {
  await page.goto(`${app.url}/dashboard/profile/employment`);
  await page.getByRole('heading', { name: 'Employment', level: 2 }).waitFor();
}

const agencyRow = (page: Page) => gridRow(page, AGENCY);
const rowAction = (page: Page, name: string) => runRowAction(page, AGENCY, name);


describe.skipIf(!HAS_CHROMIUM)('employment and organizational roles in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, AGENCY, { city: 'Nashville' });
    await addOrganization(app, 'Riverbend Early Learning Academy', { county: 'Shelby' });
    pro = await app.user(['100'], 'maria');
    director = await personWith(app, 'James', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a professional adds employment at a registry agency and requests the staff role', async () => {
    const { page } = browser;
    await signInAt(page, app.url, pro.userName);
    await employmentTab(page);
    await expectAccessible(page, 'employment tab (empty)');
    await page.getByRole('button', { name: 'Add New Employment record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Employment' });
    await dialog.getByRole('combobox', { name: 'Agency' }).fill('Acorn');
    await dialog.getByRole('option', { name: AGENCY }).click();
    await expect.poll(() => dialog.getByLabel('Employer Name').count()).toBe(0);
    await dialog.getByLabel('Position Title').selectOption({ label: 'Teacher' });
    await dialog.getByLabel('Start Date').fill('2022-08-15');
    await expectAccessible(page, 'employment form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const warning = page.getByRole('dialog', { name: 'Confirm Submission' });
    await expect.poll(() => warning.innerText()).toContain('will NOT send it for verification');
    await warning.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => agencyRow(page).count()).toBe(1);
    await expect.poll(() => agencyRow(page).innerText()).toContain('08/15/2022');
    await screenshot(page, 'employment-tab');

    await agencyRow(page).getByRole('button', { name: /^Request Staff Role/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Role Request' });
    await expect.poll(() => confirm.innerText()).toContain('see your training records, awards, certifications, experience, education and development plan');
    await expectAccessible(page, 'role request confirmation');
    await confirm.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain(`Your request for the Staff role at ${AGENCY} was sent`);
    await expect.poll(() => agencyRow(page).getByRole('button', { name: /^Organizational Roles/ }).count()).toBe(1);

    await agencyRow(page).getByRole('button', { name: /^Organizational Roles/ }).click();
    const roles = page.getByRole('dialog', { name: `Organizational Roles - ${AGENCY}` });
    await expect.poll(() => roles.getByRole('table').innerText()).toContain('Role Requested');
    await expect.poll(() => roles.innerText()).toContain('No active roles at this organization.');
    expect(await roles.getByRole('button', { name: 'Request Staff Role' }).count()).toBe(0);
    await expectAccessible(page, 'organizational roles (pending)');
    await roles.getByRole('button', { name: 'Close', exact: true }).click();
    await signOut(page);
  });

  it('the director, signed in as director, approves it on the Requests screen', async () => {
    const { page } = browser;
    await signInAt(page, app.url, director.userName);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe("Director's Dashboard");
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Requests', exact: true }).click();
    await page.waitForURL(/\/dashboard\/organization-requests$/);
    const row = page.getByRole('table').locator('tbody tr', { hasText: 'Maria' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Staff');
    await page.getByLabel('Organization', { exact: true }).selectOption({ label: AGENCY });
    await expect.poll(() => page.getByRole('button', { name: 'Clear Filter' }).count()).toBe(1);
    await expect.poll(() => row.count()).toBe(1);
    await expectAccessible(page, 'requests screen');
    await screenshot(page, 'organization-requests');
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    // Approve is the role-request workflow's step, taken through the generic step dialog
    await row.getByRole('button', { name: /^Approve/ }).click();
    const approve = page.getByRole('dialog', { name: 'Approve' });
    await expect.poll(() => approve.innerText()).toMatch(/Approve the Staff role request of maria/i);
    await approve.getByLabel('Comment (optional)').fill('Welcome to Little Acorns');
    await expectAccessible(page, 'approve dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('The request was approved: the role is granted.');
    await expect.poll(() => page.getByRole('table').locator('tbody tr', { hasText: 'Maria' }).count()).toBe(0);
    await signOut(page);
  });

  it('the professional sees the staff role on the employment row, and ending it needs a date', async () => {
    const { page } = browser;
    await signInAt(page, app.url, pro.userName);
    await employmentTab(page);
    await agencyRow(page).getByRole('button', { name: /^More actions for/ }).waitFor();
    const inline = (await agencyRow(page).getByRole('button').allInnerTexts()).map((x) => x.split('\n')[0]!.trim()).filter((x) => x && x !== '⋯');
    await agencyRow(page).getByRole('button', { name: /^More actions for/ }).click();
    const menu = await page.getByRole('menu').getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    const offered = [...inline, ...menu].filter((x) => !['View', 'Edit'].includes(x));
    expect(offered.sort()).toEqual(['End Employment', 'End Staff Role', 'Organizational Roles', 'Request Verification', 'Training Report']);
    await rowAction(page, 'Organizational Roles');
    const roles = page.getByRole('dialog', { name: `Organizational Roles - ${AGENCY}` });
    await expect.poll(() => roles.getByRole('list', { name: 'Active Roles' }).innerText()).toBe('Staff');
    await expect.poll(() => roles.getByRole('table').innerText()).toContain('Welcome to Little Acorns');
    await expect.poll(() => roles.getByRole('button', { name: 'Request Director Role' }).count()).toBe(1);
    await roles.getByRole('button', { name: 'Request Director Role' }).click();
    const notAllowed = page.getByRole('dialog', { name: 'Operation Not Allowed' });
    await expect.poll(() => notAllowed.innerText()).toContain('You must be a Director, Assistant Director or Owner');
    await notAllowed.getByRole('button', { name: 'OK' }).click();
    await expectAccessible(page, 'organizational roles (staff)');
    await roles.getByRole('button', { name: 'Close', exact: true }).click();

    await rowAction(page, 'End Staff Role');
    const end = page.getByRole('dialog', { name: 'End Staff Role' });
    await end.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => end.getByRole('alert').innerText()).toBe('Please select a employment end date.');
    await expectAccessible(page, 'end staff role (no date)');
    await end.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'employment-staff-role');
  });
});
