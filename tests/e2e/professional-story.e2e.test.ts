import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as sample from '../support/file-samples.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * The whole professional/director story, in order, through the screens only: the professional
 * records employment at an agency and requests the staff role; the director, signed in as
 * director, follows the count on the dashboard and approves it; the professional adds an education record with a PDF and asks
 * for verification; the director views the record, downloads the PDF and verifies it; the
 * professional sees the verified icon. axe on every screen and modal on the way.
 */
let app: ServedApp;
let browser: Browser;
let maria: Person;
let james: Person;
const AGENCY = 'Little Acorns Learning Center';
const SCHOOL = 'Middle Tennessee State University';
const DIPLOMA = sample.pdf('Bachelor of Science, Early Childhood Education');

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const statusWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

const signOut = (page: Page) => signOutAt(page, app.url);

async function profileTab(page: Page, tab: 'Employment' | 'Education'): Promise<void> {
  await nav(page).getByRole('link', { name: 'My Profile' }).click();
  await page.getByRole('link', { name: tab, exact: true }).click();
  await page.waitForURL(new RegExp(`/dashboard/profile/${tab.toLowerCase()}$`));
  await page.getByRole('heading', { name: tab, level: 2 }).waitFor();
}

describe.skipIf(!HAS_CHROMIUM)('the professional and director story in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, AGENCY, { city: 'Nashville' });
    maria = await addPerson(app, 'Maria', [{ role: '100' }]);
    james = await addPerson(app, 'James', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('1. the professional records employment at the agency and requests the staff role', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/login`);
    await expectAccessible(page, 'sign-in page');
    await signInAt(page, app.url, maria.userName);
    await expectAccessible(page, 'professional dashboard');
    // deny by default: a professional is offered none of the director's screens
    expect(await nav(page).getByRole('link', { name: /^(Requests|Verification Requests)$/ }).count()).toBe(0);
    await profileTab(page, 'Employment');
    await expectAccessible(page, 'employment tab (empty)');

    await page.getByRole('button', { name: 'Add New Employment record' }).click();
    const form = page.getByRole('dialog', { name: 'Add Employment' });
    await form.getByRole('combobox', { name: 'Agency' }).fill('Acorn');
    await form.getByRole('option', { name: AGENCY }).click();
    await form.getByLabel('Position Title').selectOption({ label: 'Teacher' });
    await form.getByLabel('Start Date').fill('2022-08-15');
    await expectAccessible(page, 'employment form');
    await form.getByRole('button', { name: 'Save' }).click();
    const warning = page.getByRole('dialog', { name: 'Confirm Submission' });
    await expect.poll(() => warning.innerText()).toContain('will NOT send it for verification');
    // the form behind waits for the answer: nothing is announced as loading meanwhile
    expect(await statusWith(page, 'Loading…').count()).toBe(0);
    await expectAccessible(page, 'employment save confirmation');
    await warning.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => gridRow(page, AGENCY).innerText()).toContain('08/15/2022');
    await expectAccessible(page, 'employment tab with the agency');
    await screenshot(page, 'story-1-employment');

    await gridRow(page, AGENCY).getByRole('button', { name: /^Request Staff Role/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Role Request' });
    await expect.poll(() => confirm.innerText()).toContain('see your training records, awards, certifications, experience, education and development plan');
    await expectAccessible(page, 'role request confirmation');
    await confirm.getByRole('button', { name: 'Send Request' }).click();
    await expect.poll(() => statusWith(page, 'was sent').innerText()).toContain(`Your request for the Staff role at ${AGENCY} was sent`);
    await expect.poll(() => gridRow(page, AGENCY).getByRole('button', { name: /^Request Staff Role/ }).count()).toBe(0);
    await expectAccessible(page, 'employment tab with a pending request');
    await signOut(page);
  });

  it('2. the director lands in the director role, sees the request waiting and approves it', async () => {
    const { page } = browser;
    await signInAt(page, app.url, james.userName);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe("Director's Dashboard");
    await page.getByRole('button', { name: /^James / }).click();
    await expectAccessible(page, 'role menu');
    await page.getByRole('button', { name: /^James / }).click();
    await expectAccessible(page, "director's dashboard");
    await screenshot(page, 'story-2-director-dashboard');

    await page.getByRole('region', { name: 'Waiting for you' }).getByRole('link', { name: '1 staff role request to decide' }).click();
    await page.waitForURL(/\/dashboard\/organization-requests$/);
    const row = gridRow(page, 'Maria');
    await expect.poll(() => row.innerText()).toContain('Staff');
    expect(await row.innerText()).toContain(AGENCY);
    await expectAccessible(page, 'requests screen');
    await screenshot(page, 'story-2-requests');
    await row.getByRole('button', { name: /^Approve/ }).click();
    const approve = page.getByRole('dialog', { name: 'Approve' });
    await approve.getByLabel('Comment (optional)').fill('Welcome to Little Acorns');
    await expectAccessible(page, 'approve dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => statusWith(page, 'approved').innerText()).toContain('The request was approved: the role is granted.');
    await expect.poll(() => row.count()).toBe(0);
    await expectAccessible(page, 'requests screen after approval');
    await signOut(page);
  });

  it('3. the professional sees the staff role, adds an education record with a PDF and requests verification', async () => {
    const { page } = browser;
    await signInAt(page, app.url, maria.userName);
    await profileTab(page, 'Employment');
    await runRowAction(page, AGENCY, 'Organizational Roles');
    const roles = page.getByRole('dialog', { name: `Organizational Roles - ${AGENCY}` });
    await expect.poll(() => roles.getByRole('list', { name: 'Active Roles' }).innerText()).toBe('Staff');
    await expect.poll(() => roles.getByRole('table').innerText()).toContain('Welcome to Little Acorns');
    await expectAccessible(page, 'organizational roles (staff)');
    await roles.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await profileTab(page, 'Education');
    await expectAccessible(page, 'education tab (empty)');
    await page.getByRole('button', { name: 'Add New Education record' }).click();
    const form = page.getByRole('dialog', { name: 'Add Education' });
    await form.getByLabel('Education Level').selectOption({ label: "Bachelor's Degree" });
    await form.getByLabel('School or Institution').fill(SCHOOL);
    await form.getByText('Completed', { exact: true }).click();
    await form.getByLabel(/Graduation or End Date/).fill('2018-05-12');
    await expectAccessible(page, 'education form');
    await form.getByLabel('Transcript or Diploma').setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: Buffer.from(DIPLOMA) });
    await expect.poll(() => statusWith(page, 'uploaded successfully').innerText()).toContain('Success, The file diploma.pdf uploaded successfully.');
    await expect.poll(() => form.getByRole('button', { name: 'Download diploma.pdf' }).isVisible()).toBe(true);
    await expectAccessible(page, 'education form with the PDF');
    await screenshot(page, 'story-3-education-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const row = gridRow(page, SCHOOL);
    await expect.poll(() => row.count()).toBe(1);
    await expectAccessible(page, 'education tab with the record');

    await row.getByRole('button', { name: /^Request Verification/ }).click();
    await expect.poll(() => statusWith(page, 'Verification request submitted!').innerText())
      .toContain("Your request for verification has been successfully submitted to your program's director(s) or designee for review.");
    await expect.poll(() => row.innerText()).toContain('Requested');
    expect(await row.locator('svg.registry-icon--hourglass').count()).toBe(1);
    expect(await row.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    await expectAccessible(page, 'education tab with a requested record');
    await screenshot(page, 'story-3-verification-requested');
    await signOut(page);
  });

  it('4. the director, still in the director role, views the record, downloads the PDF and verifies it', async () => {
    const { page } = browser;
    await signInAt(page, app.url, james.userName);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe("Director's Dashboard");
    await nav(page).getByRole('link', { name: 'Verification Requests' }).click();
    await page.waitForURL(/\/dashboard\/verification-requests$/);
    const row = gridRow(page, SCHOOL);
    await expect.poll(() => row.innerText()).toContain('Maria Tester');
    await expectAccessible(page, 'verification requests');
    await screenshot(page, 'story-4-verification-requests');

    await row.getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: 'Verify Education - Maria Tester' });
    await expect.poll(() => modal.getByLabel('School or Institution').inputValue()).toBe(SCHOOL);
    const verify = modal.getByRole('button', { name: 'Verify' });
    await expect.poll(() => modal.getByText('View and download to enable approval/rejection').count()).toBe(1);
    expect(await verify.isDisabled()).toBe(true);
    await expectAccessible(page, 'verification view before the download');
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: /diploma\.pdf/ }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('diploma.pdf');
    expect(new Uint8Array(readFileSync((await saved.path())!))).toEqual(DIPLOMA);
    await expect.poll(() => verify.isEnabled()).toBe(true);
    await expectAccessible(page, 'verification view after the download');
    await screenshot(page, 'story-4-verification-view');

    await verify.click();
    const prompt = page.getByRole('dialog', { name: 'Verify', exact: true });
    await prompt.getByLabel('Comment (optional)').fill('Diploma checked.');
    await expectAccessible(page, 'verify dialog');
    await prompt.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => statusWith(page, 'Record Verified!').count()).toBe(1);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByRole('table').locator('tbody').innerText()).toContain('No Data to Display');
    await expectAccessible(page, 'verification requests (empty)');
    await signOut(page);
  });

  it('5. the professional sees the verified icon with its text on the Education tab, and who verified it', async () => {
    const { page } = browser;
    await signInAt(page, app.url, maria.userName);
    await profileTab(page, 'Education');
    const row = gridRow(page, SCHOOL);
    await expect.poll(() => row.innerText()).toContain('Approved');
    const verified = row.locator('.registry-icon-text', { has: page.locator('svg.registry-icon--check-circle') });
    expect(await verified.count()).toBe(1);
    expect((await verified.innerText()).trim()).toBe('Approved');
    expect(await row.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /^Request Verification/ }).count()).toBe(0);
    await expectAccessible(page, 'education tab with a verified record');
    await screenshot(page, 'story-5-verified');
    // the record's view tells her who verified it and when
    await row.getByRole('button', { name: /^View/ }).click();
    const outcome = page.getByRole('dialog', { name: /^View Education/ }).getByRole('region', { name: 'Verification' });
    await expect.poll(() => outcome.innerText()).toMatch(/Verified by James Tester on \d\d\/\d\d\/\d{4}/);
    await expectAccessible(page, 'verified record with its outcome');
    await screenshot(page, 'story-5-verified-outcome');
  });
});
