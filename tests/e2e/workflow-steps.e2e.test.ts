import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addEmployment, TITLE } from '../support/employment.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { addEducation, LEVEL } from '../support/records.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * The generic step action of the workflows (issue 25) on the chosen rows of a grid: a director
 * approves two staff role requests with Approve Selected (role-request workflow), then views two
 * education records and verifies both with Verify Selected (verification workflow); a choice
 * that includes a record not yet viewed is refused as a whole, naming it. axe and screenshots at
 * 390 and 1280 px on the way.
 */
let app: ServedApp;
let browser: Browser;
let dana: Person;
const staff: Person[] = [];
const ACORNS = 'Little Acorns Learning Center';

const tableRow = (page: Page, text: string) => page.getByRole('table').locator('tbody tr', { hasText: text });
const tick = (page: Page, text: string) => tableRow(page, text).getByRole('checkbox').check();

describe.skipIf(!HAS_CHROMIUM)('workflow steps over chosen rows in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const org = await addOrganization(app, ACORNS, { is_registry_organization: true });
    dana = await addPerson(app, 'Dana', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }]);
    await switchRole(app, dana, '200');
    for (const name of ['Avery', 'Blake']) {
      const p = await addPerson(app, name, [{ role: '100' }]);
      const employmentRecordId = await addEmployment(app, p.token, { agencyId: org, title: TITLE.teacher });
      expect((await app.post('/api/userorganizationroles/request', { employmentRecordId, requestType: 100 }, p.token)).statusCode).toBe(200);
      staff.push(p);
    }
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the director approves two staff requests together with Approve Selected', async () => {
    const { page } = browser;
    await signInAt(page, app.url, dana.userName);
    await page.goto(`${app.url}/dashboard/organization-requests`);
    for (const p of staff) await expect.poll(() => tableRow(page, p.name).count()).toBe(1);
    const approveSelected = page.getByRole('button', { name: 'Approve Selected' });
    expect(await approveSelected.isDisabled()).toBe(true);
    for (const p of staff) await tick(page, p.name);
    expect(await approveSelected.isEnabled()).toBe(true);
    await bothWidths(page, 'workflow-bulk-requests');
    await approveSelected.click();
    const dialog = page.getByRole('dialog', { name: 'Approve Selected' });
    await expect.poll(() => dialog.innerText()).toContain('Approve the 2 selected request(s)?');
    await dialog.getByLabel('Comment (optional)').fill('Welcome, both of you.');
    await bothWidths(page, 'workflow-bulk-approve-dialog');
    await dialog.getByRole('button', { name: 'Approve Selected' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('The request was approved: the role is granted.');
    for (const p of staff) await expect.poll(() => tableRow(page, p.name).count()).toBe(0);
    const granted = await app.database.db.knex('user_roles').whereIn('user_id', staff.map((p) => p.id)).where({ role: '100', active: true }).whereNotNull('organization_id');
    expect(granted).toHaveLength(2);
    await signOutAt(page, app.url);
  });

  it('the director verifies two education records together; one not yet viewed refuses the whole choice', async () => {
    for (const p of staff) {
      const id = await addEducation(app, p.token, { level: LEVEL.bachelor, school: `${p.name} State University`, end: '2021-05-01' });
      expect((await app.post('/api/verification/request', { entityTypeId: 4, entityId: id }, p.token)).statusCode).toBe(200);
    }
    const { page } = browser;
    await signInAt(page, app.url, dana.userName);
    await page.goto(`${app.url}/dashboard/verification-requests`);
    for (const p of staff) await expect.poll(() => tableRow(page, p.name).count()).toBe(1);
    // Verify and Decline are offered on each row, disabled until the record is viewed
    await expect.poll(() => tableRow(page, staff[0]!.name).getByText('View and download to enable approval/rejection').count()).toBe(1);

    // view the first record only, then choose both: the step is refused as a whole, naming the second
    await tableRow(page, staff[0]!.name).getByRole('button', { name: /^View/ }).click();
    const modal = page.getByRole('dialog', { name: `Verify Education - ${staff[0]!.name}` });
    await expect.poll(() => modal.getByRole('button', { name: 'Verify' }).isEnabled()).toBe(true);
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => tableRow(page, staff[0]!.name).getByRole('button', { name: /^Verify/ }).isEnabled()).toBe(true);
    for (const p of staff) await tick(page, p.name);
    await bothWidths(page, 'workflow-bulk-verification');
    await page.getByRole('button', { name: 'Verify Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Selected' });
    await dialog.getByRole('button', { name: 'Verify Selected' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain(`${staff[1]!.name} State University`);
    expect(await page.getByRole('status').innerText()).toContain('View and download to enable approval/rejection');
    expect(await app.database.db.knex('education').where({ verified: true }).count({ c: '*' }).first()).toMatchObject({ c: 0 });

    // view the second as well: now both are verified together
    await tableRow(page, staff[1]!.name).getByRole('button', { name: /^View/ }).click();
    const second = page.getByRole('dialog', { name: `Verify Education - ${staff[1]!.name}` });
    await expect.poll(() => second.getByRole('button', { name: 'Verify' }).isEnabled()).toBe(true);
    await second.getByRole('button', { name: 'Close', exact: true }).click();
    for (const p of staff) await tick(page, p.name);
    await page.getByRole('button', { name: 'Verify Selected' }).click();
    await page.getByRole('dialog', { name: 'Verify Selected' }).getByLabel('Comment (optional)').fill('Transcripts checked.');
    await page.getByRole('dialog', { name: 'Verify Selected' }).getByRole('button', { name: 'Verify Selected' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Record Verified!' }).count()).toBe(1);
    for (const p of staff) await expect.poll(() => tableRow(page, p.name).count()).toBe(0);
    const verified = await app.database.db.knex('education').where({ verified: true, verification_status: 'Approved' });
    expect(verified).toHaveLength(2);
    await bothWidths(page, 'workflow-bulk-verified');
    await signOutAt(page, app.url);
  });
});
