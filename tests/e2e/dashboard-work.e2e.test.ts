import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addEmployment } from '../support/employment.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEducation, LEVEL } from '../support/records.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { gridRow } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * Each person's work on the dashboard: a director with a pending staff request and a pending
 * verification lands on the director's dashboard, sees the counts and follows them to the rows;
 * the professional sees what waits on their records and the outcome of a declined one.
 */
let app: ServedApp;
let browser: Browser;
let dana: Person; // director (and staff) at Acorns
let sam: Person; // staff at Acorns
let pat: Person; // asks for the staff role at Acorns
const AGENCY = 'Acorns Learning Center';
const work = (page: Page) => page.getByRole('region', { name: 'Waiting for you' });
const heading1 = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await screenshot(page, `${name}-390`);
    // the dashboard's own parts never scroll sideways (the shell around them is the layout's)
    const wide = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.registry-work, .registry-work-roles, .registry-outcome')].flatMap((section) => {
      const edge = section.getBoundingClientRect().right;
      return [...section.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > edge + 1).map((e) => `${e.tagName}.${e.className}`);
    }));
    expect(wide).toEqual([]);
    await expectAccessible(page, `${name} at 390 px`);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

describe.skipIf(!HAS_CHROMIUM)('work on the dashboard in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, AGENCY, { city: 'Nashville' });
    sam = await addPerson(app, 'Sam', [{ role: '100', organizationId: acorns }]);
    dana = await addPerson(app, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
    pat = await addPerson(app, 'Pat', [{ role: '100' }]);
    const employmentId = await addEmployment(app, pat.token, { agencyId: acorns });
    expect((await app.post('/api/userorganizationroles/request', { employmentRecordId: employmentId, requestType: 100 }, pat.token)).statusCode).toBe(200);
    const waiting = await addEducation(app, sam.token, { level: LEVEL.bachelor, school: 'Middle Tennessee State University', major: 'Early Childhood', end: '2019-05-10' });
    const declined = await addEducation(app, sam.token, { level: LEVEL.associate, school: 'Nashville State Community College', major: 'Child Development', end: '2016-05-10' });
    for (const id of [waiting, declined]) expect((await app.post('/api/verification/request', { entityTypeId: 4, entityId: id }, sam.token)).statusCode).toBe(200);
    expect((await app.post('/api/verification/view', { entityTypeId: 4, entityId: declined }, dana.token)).statusCode).toBe(200);
    const decision = await app.post('/api/verification', { entityTypeId: 4, entityId: declined, isVerified: false, action: 'decline', comments: 'The transcript is missing.' }, dana.token);
    expect(decision.statusCode, decision.body).toBe(200);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the director lands on the director\'s dashboard and sees the counts', async () => {
    const { page } = browser;
    await signInAt(page, app.url, dana.userName);
    await expect.poll(() => heading1(page)).toBe("Director's Dashboard");
    await expect.poll(() => work(page).getByRole('link').allInnerTexts()).toEqual(['1 staff role request to decide', '1 verification to review']);
    expect(await work(page).getByRole('listitem').filter({ hasText: 'Messages' }).innerText()).toContain('Nothing waiting');
    expect(await page.getByRole('button', { name: 'Switch to EC Professional (1 organization)' }).count()).toBe(1);
    await expectAccessible(page, "director's dashboard");
    await bothWidths(page, 'dashboard-work-director');
  });

  it('following the staff request count reaches the request', async () => {
    const { page } = browser;
    await work(page).getByRole('link', { name: '1 staff role request to decide' }).click();
    await page.waitForURL(/\/dashboard\/organization-requests$/);
    await expect.poll(() => gridRow(page, 'Pat Tester').count()).toBe(1);
    expect(await page.getByRole('table').locator('tbody tr').count()).toBe(1);
    await expectAccessible(page, 'requests reached from the dashboard');
  });

  it('following the verification count reaches the request', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await work(page).getByRole('link', { name: '1 verification to review' }).click();
    await page.waitForURL(/\/dashboard\/verification-requests$/);
    await expect.poll(() => gridRow(page, 'Middle Tennessee State University').innerText()).toContain('Sam Tester');
    expect(await page.getByRole('table').locator('tbody tr').count()).toBe(1);
    await expectAccessible(page, 'verification requests reached from the dashboard');
  });

  it('the director switches to the professional role from the dashboard', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('button', { name: 'Switch to EC Professional (1 organization)' }).click();
    await expect.poll(() => heading1(page)).toBe('My Dashboard');
    await expect.poll(() => work(page).getByText('Nothing waiting').count()).toBe(7);
    await expectAccessible(page, "director's own dashboard as a professional");
    await signOutAt(page, app.url);
  });

  it('the professional sees the work on their records and the outcome of the declined one', async () => {
    const { page } = browser;
    await signInAt(page, app.url, sam.userName);
    await expect.poll(() => heading1(page)).toBe('My Dashboard');
    await expect.poll(() => work(page).getByRole('link').allInnerTexts()).toEqual(['1 education record awaiting verification', '1 education record declined']);
    expect(await work(page).getByRole('listitem').filter({ hasText: 'Expiring credentials' }).innerText()).toContain('Nothing waiting');
    await expectAccessible(page, "professional's dashboard");
    await bothWidths(page, 'dashboard-work-professional');

    await work(page).getByRole('link', { name: '1 education record declined' }).click();
    await page.waitForURL(/\/dashboard\/profile\/education$/);
    await gridRow(page, 'Nashville State Community College').getByRole('button', { name: /^View/ }).click();
    const view = page.getByRole('dialog', { name: /^View Education/ });
    const outcome = view.getByRole('region', { name: 'Verification' });
    await expect.poll(() => outcome.innerText()).toContain('Declined by Dana Tester on');
    const text = await outcome.innerText();
    expect(text).toContain(`(${AGENCY})`);
    expect(text).toContain('Comment: The transcript is missing.');
    expect(await outcome.getByRole('table', { name: 'Verification history of this record' }).locator('tbody tr').count()).toBe(2);
    await expectAccessible(page, 'declined record with its outcome');
    await bothWidths(page, 'record-outcome-declined');
  });
});
