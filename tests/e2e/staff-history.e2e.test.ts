import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployment, addOrganization, personWith, TITLE, type Person } from '../support/employment.js';
import { addEducation, LEVEL } from '../support/records.js';
import { bothWidths, type Browser, HAS_CHROMIUM, openBrowser } from './support/browser.js';
import { expectSoundLayout } from './support/screen-checks.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * Issue 11 items 3 and 4 in Chromium: a supervisor assigns an agency to a licensing consultant and
 * opens their Verification History; a director opens a Request Action History; an administrator
 * opens Action History Details. axe on every window, screenshots at 1280 and 390 px.
 */

let app: ServedApp;
let browser: Browser;
let sup: Person;
let cal: Person;
let dina: Person;
let mgr: Person;
const AGENCY = 'Acorns Assigned Academy';

describe.skipIf(!HAS_CHROMIUM)('supervisor staff management, request and action history in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, AGENCY, { city: 'Nashville' });
    await addOrganization(app, 'Oaks Unassigned Preschool', { county: 'Knox' });
    sup = await personWith(app, 'Sue', [{ role: '375' }]);
    cal = await personWith(app, 'Cal', [{ role: '350' }]);
    mgr = await personWith(app, 'Max', [{ role: '500' }]);
    dina = await personWith(app, 'Dina', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
    const ana = await personWith(app, 'Ana', [{ role: '100', organizationId: acorns }]);
    // Cal verifies Ana's education: a decision for the Verification History
    const edu = await addEducation(app, ana.token, { level: LEVEL.bachelor, school: 'Ana State University', major: 'Early Childhood', end: '2019-05-10' });
    const ref = { entityTypeId: 4, entityId: edu };
    for (const [path, who, body] of [
      ['/api/verification/request', ana, ref], ['/api/verification/view', cal, ref],
      ['/api/verification', cal, { ...ref, isVerified: true, action: 'verify', comments: 'Transcript checked' }],
    ] as const) expect((await app.post(path, body, who.token)).statusCode).toBe(200);
    // Olaf asks for the staff role at Acorns; Dina grants it with a comment
    const olaf = await personWith(app, 'Olaf', [{ role: '100' }]);
    const employment = await addEmployment(app, olaf.token, { agencyId: acorns, title: TITLE.teacher });
    const request = (await app.post('/api/userorganizationroles/request', { employmentRecordId: employment, requestType: 100 }, olaf.token)).json<{ rolePromotionActionId: number }>();
    expect((await app.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [request.rolePromotionActionId], action: 'Approved', comments: 'Welcome to Acorns' }, dina.token)).statusCode).toBe(200);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a supervisor assigns an agency to a licensing consultant and opens their Verification History', async () => {
    const { page } = browser;
    await signInAt(page, app.url, sup.userName);
    await page.goto(`${app.url}/dashboard/staff-management`);
    await page.getByRole('heading', { name: 'Staff Management', level: 1 }).waitFor();
    await expect.poll(() => gridRow(page, 'Cal Tester').count()).toBe(1);
    await expectSoundLayout(page, 'staff management', true);
    await bothWidths(page, 'staff-management');

    await runRowAction(page, 'Cal Tester', 'Assigned Agencies');
    const dialog = page.getByRole('dialog', { name: 'Assigned Agencies - Cal Tester' });
    await expect.poll(() => dialog.innerText()).toContain('No agencies are assigned.');
    await dialog.getByLabel('Find an agency to assign').fill('Nowhere');
    await expect.poll(() => dialog.getByText('No matches found.').count()).toBe(1);
    await dialog.getByLabel('Find an agency to assign').fill('Acorn');
    await dialog.getByRole('button', { name: `Assign ${AGENCY}` }).click();
    await expect.poll(() => dialog.getByRole('table').innerText()).toContain(AGENCY);
    await expect.poll(() => page.getByText(`${AGENCY} is assigned to Cal Tester.`).count()).toBe(1);
    await expect.poll(() => dialog.getByRole('button', { name: `Assign ${AGENCY}` }).count()).toBe(0);
    await bothWidths(page, 'staff-assigned-agencies');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => gridRow(page, 'Cal Tester').innerText()).toContain('1');

    await runRowAction(page, 'Cal Tester', 'Verification History');
    const history = page.getByRole('dialog', { name: 'Verification History - Cal Tester' });
    await expect.poll(() => history.getByRole('table').innerText()).toContain('Ana Tester');
    expect(await history.getByRole('table').innerText()).toContain('Approved');
    await bothWidths(page, 'staff-verification-history');
    await history.getByRole('button', { name: 'Close', exact: true }).last().click();
    await signOutAt(page, app.url);
  });

  it('a director opens a Request Action History with the employment record', async () => {
    const { page } = browser;
    await signInAt(page, app.url, dina.userName);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Request History', exact: true }).click();
    await page.waitForURL(/\/dashboard\/request-history$/);
    await expect.poll(() => gridRow(page, 'Olaf Tester').count()).toBe(1);
    await bothWidths(page, 'request-history');
    await runRowAction(page, 'Olaf Tester', 'View Request Action History');
    const dialog = page.getByRole('dialog', { name: 'Request Action History - Olaf Tester' });
    await expect.poll(() => dialog.getByRole('table').innerText()).toContain('Role Granted');
    expect(await dialog.getByRole('table').innerText()).toContain('Welcome to Acorns');
    await dialog.getByRole('button', { name: 'Employment Record' }).click();
    await expect.poll(() => dialog.getByLabel('Position Title').count()).toBe(1);
    await bothWidths(page, 'request-action-history');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await signOutAt(page, app.url);
  });

  it('an administrator opens Action History Details by scope', async () => {
    const { page } = browser;
    await signInAt(page, app.url, mgr.userName);
    await page.goto(`${app.url}/dashboard/action-history`);
    await page.getByRole('heading', { name: 'Action History', level: 1 }).waitFor();
    await expect.poll(() => gridRow(page, 'Olaf Tester').count()).toBe(1);
    await runRowAction(page, 'Olaf Tester', 'Action History Details');
    const dialog = page.getByRole('dialog', { name: 'Action History Details for Olaf Tester' });
    await expect.poll(() => dialog.getByRole('button', { name: AGENCY }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => dialog.getByRole('table').innerText()).toContain('Role Granted');
    await bothWidths(page, 'action-history-details');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.goto(`${app.url}/dashboard/admin-requests`);
    await page.getByRole('heading', { name: 'Role Requests', level: 1 }).waitFor();
    expect(await page.getByLabel('Organization', { exact: true }).count()).toBe(0);
    await bothWidths(page, 'admin-requests');
    await signOutAt(page, app.url);
  });
});
