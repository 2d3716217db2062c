import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { expectSoundLayout } from './support/screen-checks.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

/**
 * A licensing consultant (350) searches users by county, picks an agency of the county and opens a
 * person's records in the User Records modal; a county without agencies says so.
 */
let app: ServedApp;
let browser: Browser;
let consultant: Person;

describe.skipIf(!HAS_CHROMIUM)('Search Users in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, 'Little Acorns Learning Center', { county: 'Knox' });
    await addOrganization(app, 'Twin Oaks Preschool', { county: 'Knox' });
    await addOrganization(app, 'Blount Babies', { county: 'Blount', disabled: true });
    await addPerson(app, 'Maria', [{ role: '100', organizationId: acorns }]);
    consultant = await addPerson(app, 'Alicia', [{ role: '350' }], '350');
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a licensing consultant searches by county, picks an agency and opens a person\'s records', async () => {
    const { page } = browser;
    await signInAt(page, app.url, consultant.userName);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Search Users' }).click();
    await page.waitForURL(/\/dashboard\/search-users$/);
    await expect.poll(() => page.getByRole('button', { name: 'Agency Archives' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Provider Summary Report' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'search users (nothing chosen)');

    await page.getByText('Agency county', { exact: true }).click();
    const county = page.getByRole('combobox', { name: 'County' });
    await county.fill('B');
    await expect.poll(() => page.getByText('Two or more characters are required for search').count()).toBeGreaterThan(0);
    await county.fill('Kn');
    await page.getByRole('option', { name: 'Knox' }).click();
    const agency = page.getByLabel('Agency in Knox county');
    await expect.poll(() => agency.locator('option').allInnerTexts()).toEqual(['- Choose an agency -', 'Little Acorns Learning Center', 'Twin Oaks Preschool']);
    await agency.selectOption({ label: 'Little Acorns Learning Center' });
    await expect.poll(() => gridRow(page, 'Maria Tester').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Agency Archives' }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Provider Summary Report' }).isDisabled()).toBe(false);
    await expectAccessible(page, 'search users (agency chosen)');
    await expectSoundLayout(page, 'search users', true);
    await screenshot(page, 'search-users-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectSoundLayout(page, 'search users (390)', false);
    await screenshot(page, 'search-users-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await runRowAction(page, 'Maria Tester', 'User Records');
    const dialog = page.getByRole('dialog', { name: 'User Records' });
    await expect.poll(() => dialog.count()).toBe(1);
    await expectAccessible(page, 'user records from search users');
    await screenshot(page, 'search-users-user-records');
    await dialog.getByRole('button', { name: /^Close/ }).first().click();
    await expect.poll(() => dialog.count()).toBe(0);

    // the agency's QRIS report period summary, the same window as Staff Management's
    await page.getByRole('button', { name: 'QRIS Agency Summary' }).click();
    const qris = page.getByRole('dialog', { name: 'QRIS Report Period' });
    await expect.poll(() => qris.getByText('Maria Tester').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'QRIS report period from search users');
    await qris.getByRole('button', { name: /^Close/ }).first().click();
    await expect.poll(() => qris.count()).toBe(0);
  });

  it('finds people by name, and a county without agencies says so', async () => {
    const { page } = browser;
    await page.getByText('User name', { exact: true }).click();
    await page.getByLabel('Name, user name or ID', { exact: true }).fill('mari');
    await expect.poll(() => gridRow(page, 'Maria Tester').count()).toBe(1);
    await page.getByText('Agency county', { exact: true }).click();
    await page.getByRole('combobox', { name: 'County' }).fill('Blo');
    // the county is listed only while it has enabled agencies: none here
    await expect.poll(() => page.getByText('No matches found.').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'search users (no county match)');
  });
});
