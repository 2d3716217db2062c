import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as sample from '../support/file-samples.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { saveEducationWithFile, uploaded } from '../support/uploads.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * A professional requests verification of an education record with a PDF; the director of her
 * agency (active role 200) opens Verification Requests, views the record, downloads the PDF and
 * verifies it; she sees the verified icon. axe on every screen and modal on the way.
 */
let app: ServedApp;
let browser: Browser;
let maria: Person;
let james: Person;
let userNames: Record<string, string>;

async function signIn(page: Page, who: Person): Promise<void> {
  await signInAt(page, app.url, userNames[who.name]!);
}

const signOut = (page: Page) => signOutAt(page, app.url);

async function openEducation(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click();
  await page.getByRole('link', { name: 'Education' }).click();
  await page.waitForURL(/\/dashboard\/profile\/education$/);
  await expect.poll(() => page.getByRole('table').locator('tbody tr').first().innerText()).toContain('Middle Tennessee State University');
}

describe.skipIf(!HAS_CHROMIUM)('verification of an education record in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const org = await addOrganization(app, 'Little Acorns Learning Center');
    maria = await addPerson(app, 'Maria', [{ role: '100', organizationId: org }]);
    james = await addPerson(app, 'James', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }]);
    await switchRole(app, james, '200');
    const rows = (await app.database.db.knex('users').whereIn('id', [maria.id, james.id]).select('id', 'user_name')) as { id: number; user_name: string }[];
    userNames = Object.fromEntries(rows.map((r) => [r.id === maria.id ? maria.name : james.name, r.user_name]));
    const diploma = await uploaded(app, maria.token, { fileName: 'diploma.pdf', bytes: sample.pdf('Bachelor of Science') });
    expect((await saveEducationWithFile(app, maria.token, 'Middle Tennessee State University', diploma.fileKey)).statusCode).toBe(200);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the professional requests verification; the record shows Requested (hourglass)', async () => {
    const { page } = browser;
    await signIn(page, maria);
    await openEducation(page);
    await expectAccessible(page, 'education grid before the request');
    await page.getByRole('button', { name: /^Request Verification/ }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Verification request submitted!' }).innerText())
      .toContain("Your request for verification has been successfully submitted to your program's director(s) or designee for review.");
    const row = page.getByRole('table').locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('Requested');
    expect(await row.locator('svg.registry-icon--hourglass').count()).toBe(1);
    // locked while Requested: no Edit, no second request
    expect(await row.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /^Request Verification/ }).count()).toBe(0);
    await expectAccessible(page, 'education grid with a requested record');
    await screenshot(page, 'verification-requested');
    await signOut(page);
  });

  it('the director views the record, downloads its file, then verifies it', async () => {
    const { page } = browser;
    await signIn(page, james);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Verification Requests' }).click();
    await page.waitForURL(/\/dashboard\/verification-requests$/);
    const row = page.getByRole('table').locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('Maria Tester');
    expect(await row.innerText()).toContain('Middle Tennessee State University');
    await expectAccessible(page, 'verification requests');
    await screenshot(page, 'verification-requests');

    await row.getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: 'Verify Education - Maria Tester' });
    await expect.poll(() => modal.getByLabel('School or Institution').inputValue()).toBe('Middle Tennessee State University');
    const verify = modal.getByRole('button', { name: 'Verify' });
    await expect.poll(() => modal.getByText('View and download to enable approval/rejection').count()).toBe(1);
    expect(await verify.isDisabled()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Decline' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'verification view modal before the download');
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: /diploma\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('diploma.pdf');
    await expect.poll(() => verify.isEnabled()).toBe(true);
    expect(await modal.getByText('View and download to enable approval/rejection').count()).toBe(0);
    await expectAccessible(page, 'verification view modal');
    await screenshot(page, 'verification-view');

    await verify.click();
    // the verification workflow's step, through the generic step dialog
    const prompt = page.getByRole('dialog', { name: 'Verify', exact: true });
    await prompt.getByLabel('Comment (optional)').fill('Diploma checked.');
    await expectAccessible(page, 'verify dialog');
    await prompt.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Record Verified!' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('table').locator('tbody').innerText()).toContain('No Data to Display');
  });

  it('the director sees the history: Requested, then Approved with the comment', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Verification History' }).click();
    await page.waitForURL(/\/dashboard\/history$/);
    const row = page.getByRole('table').locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('Approved');
    expect(await row.locator('svg.registry-icon--check-circle').count()).toBe(1);
    await expectAccessible(page, 'verification history');
    await row.getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: 'Verification - Maria Tester' });
    const history = modal.getByRole('tabpanel');
    await expect.poll(() => history.innerText()).toContain('Diploma checked.');
    expect(await history.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('Requested'), expect.stringContaining('Approved')]);
    expect(await history.innerText()).toContain('Little Acorns Learning Center');
    await expectAccessible(page, 'verification history detail (History tab)');
    await modal.getByRole('tab', { name: 'Record' }).click();
    await expect.poll(() => modal.getByRole('tabpanel').getByLabel('School or Institution').inputValue()).toBe('Middle Tennessee State University');
    await expectAccessible(page, 'verification history detail (Record tab)');
    await screenshot(page, 'verification-history-detail');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await signOut(page);
  });

  it('the professional sees the verified icon, and the record can no longer be edited', async () => {
    const { page } = browser;
    await signIn(page, maria);
    await openEducation(page);
    const row = page.getByRole('table').locator('tbody tr').first();
    await expect.poll(() => row.innerText()).toContain('Approved');
    expect(await row.locator('svg.registry-icon--check-circle').count()).toBe(1);
    expect(await row.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    await expectAccessible(page, 'education grid with a verified record');
    await screenshot(page, 'verification-verified');
  });
});
