import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addEmployment, addOrganization, personWith, TITLE, type Person } from '../support/employment.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';
import { expectSoundLayout } from './support/screen-checks.js';

let app: ServedApp;
let browser: Browser;
let director: Person;
let consultant: Person;
let staffName: string;
const ACORNS = 'Little Acorns Learning Center';
const OAKS = 'Twin Oaks Preschool';
const NEW_PASSWORD = 'Referred-Person-2026';

/** Both widths: the screen fits 390 px without sideways scrolling and is shown at 1280 px. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectSoundLayout(page, `${name} (390)`, false);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectSoundLayout(page, `${name} (1280)`, true);
  await screenshot(page, `${name}-1280`);
}

async function staffManagement(page: Page): Promise<void> {
  await page.goto(`${app.url}/dashboard/organization-users`);
  await page.getByRole('heading', { name: 'Staff Management', level: 1 }).waitFor();
}

describe.skipIf(!HAS_CHROMIUM)('Staff Management, Refer Staff and My Facilities in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, ACORNS, { city: 'Nashville', licensed_capacity: 0 });
    const oaks = await addOrganization(app, OAKS, { county: 'Knox', licensed_capacity: 40 });
    director = await personWith(app, 'James', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns },
      { role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
    consultant = await personWith(app, 'Alicia', [{ role: '350' }], '350');
    // a staff member of Little Acorns, approved by the director
    const staff = await personWith(app, 'Maria', [{ role: '100' }]);
    staffName = staff.name;
    const employmentRecordId = await addEmployment(app, staff.token, { agencyId: acorns, title: TITLE.teacher });
    const req = (await app.post('/api/userorganizationroles/request', { employmentRecordId, requestType: 100 }, staff.token)).json<{ rolePromotionActionId: number }>();
    expect((await app.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [req.rolePromotionActionId], action: 'Approved' }, director.token)).statusCode).toBe(200);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a director refers a person, who registers from the e-mail\'s link with the fields filled in', async () => {
    const { page } = browser;
    await signInAt(page, app.url, director.userName);
    await staffManagement(page);
    const select = page.getByLabel('Organization', { exact: true });
    expect(await select.isDisabled()).toBe(false);
    await select.selectOption({ label: ACORNS });
    await expect.poll(() => gridRow(page, staffName).count()).toBe(1);
    await expectAccessible(page, 'staff management');
    await bothWidths(page, 'staff-management');

    await page.getByRole('button', { name: 'QRIS Agency Summary' }).click();
    const qris = page.getByRole('dialog', { name: 'QRIS Report Period' });
    await expect.poll(() => qris.innerText()).toMatch(/Report period: \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}/);
    await expect.poll(() => qris.getByRole('table').innerText()).toContain(staffName);
    await expectAccessible(page, 'QRIS report period');
    await screenshot(page, 'staff-qris-report');
    const download = page.waitForEvent('download');
    await qris.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^TNEarlyChildhoodRegistry_LittleAcornsLearningCenter_AgencySummaryReport_\d{8}_\d{6}\.pdf$/);
    await expect.poll(() => page.locator('.registry-toasts').innerText()).toContain('Check your Downloads folder for a PDF of the report.');
    await qris.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('button', { name: 'Refer Staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User Referral' });
    await dialog.getByLabel('First Name').fill('Nora');
    await dialog.getByLabel('Last Name').fill('Finch');
    await dialog.getByLabel('Email').fill('nora.finch@people.registry.test');
    await expectAccessible(page, 'user referral form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.registry-toasts').innerText()).toContain('An invitation e-mail is on its way.');

    const mail = (await app.database.db.knex('outbox').where({ to_address: 'nora.finch@people.registry.test' }).first('text', 'subject')) as { text: string; subject: string };
    expect(mail.subject).toContain(ACORNS);
    const link = new URL(/https?:\/\/\S*\/login\/register\?\S+/.exec(mail.text)![0]);
    await signOutAt(page, app.url);
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('nora.finch@people.registry.test');
    expect(await page.getByLabel('First name').inputValue()).toBe('Nora');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Finch');
    await page.locator('#register-password').fill(NEW_PASSWORD);
    await page.locator('#register-confirm-password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Read the Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await terms.waitFor();
    await terms.getByRole('button', { name: 'Close this window' }).click();
    await page.locator('label[for="register-terms"]').click();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/login\?new=true$/);
    expect(await app.database.db.knex('users').where({ user_name: 'nora.finch@people.registry.test' }).first('first_name', 'last_name')).toEqual({ first_name: 'Nora', last_name: 'Finch' });
  });

  it('the director removes a staff association', async () => {
    const { page } = browser;
    await signInAt(page, app.url, director.userName);
    await staffManagement(page);
    await page.getByLabel('Organization', { exact: true }).selectOption({ label: ACORNS });
    await runRowAction(page, staffName, 'Remove Organization Association');
    const dialog = page.getByRole('dialog', { name: 'Remove Organization Association' });
    await expect.poll(() => dialog.innerText()).toContain(`${staffName} will no longer hold the staff role at ${ACORNS}`);
    await expectAccessible(page, 'remove organization association');
    await screenshot(page, 'staff-remove-association');
    await dialog.getByRole('button', { name: 'Remove Association' }).click();
    await expect.poll(() => page.locator('.registry-toasts').innerText()).toContain(`${staffName} is no longer associated with ${ACORNS}.`);
    await expect.poll(() => gridRow(page, staffName).count()).toBe(0);
    const removed = await app.database.db.knex('role_actions').where({ action_type: 4, role: '100', acting_user_id: director.id }).count({ c: '*' }).first() as { c: unknown };
    expect(Number(removed.c)).toBe(1);
    await signOutAt(page, app.url);
  });

  it('a licensing consultant opens My Facilities and views a facility', async () => {
    const { page } = browser;
    await signInAt(page, app.url, consultant.userName);
    await page.goto(`${app.url}/dashboard/organizations`);
    await page.getByRole('heading', { name: 'My Facilities', level: 1 }).waitFor();
    await expect.poll(() => gridRow(page, ACORNS).innerText()).toContain('n/a');
    await expectAccessible(page, 'my facilities');
    await bothWidths(page, 'my-facilities');
    await runRowAction(page, OAKS, 'View Facility');
    const dialog = page.getByRole('dialog', { name: 'Users in facility' });
    await expect.poll(() => dialog.getByRole('table').innerText()).toContain('James Tester');
    expect(await dialog.getByRole('button', { name: 'Refer Staff' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Provider Summary Report' }).count()).toBe(0);
    await expect.poll(() => dialog.getByRole('button', { name: /^Verify User Records/ }).count()).toBe(1);
    await expectAccessible(page, 'users in facility');
    await screenshot(page, 'my-facilities-view-facility-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'my-facilities-view-facility-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
