import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { qrisCycleOn, displayedCycleEnd } from '../../engine/reports/qris-cycle.js';
import { todayIn } from '../../engine/rules/today.js';
import { formatDate } from '../../engine/text/format.js';
import { insertRow } from '../../server/data/entity-store.js';
import { renderTrainingReport } from '../../server/domain/reports/render-training-report.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEmployment } from '../support/personal-records.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { signInAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let pat: Person;
const AGENCY = 'Acorns Learning Center';

const agencyRow = (page: Page) => gridRow(page, AGENCY);
const rowAction = (page: Page, name: string) => runRowAction(page, AGENCY, name);

describe.skipIf(!HAS_CHROMIUM)('the Training Report in Chromium (tn)', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, AGENCY);
    pat = await addPerson(app, 'Pat', [{ role: '100', organizationId: acorns }]);
    await addEmployment(app, pat.id, acorns, AGENCY);
    const cycle = qrisCycleOn(todayIn('America/Chicago'), app.registry.tenant.qrisCycle);
    const entity = app.registry.entities.get(3)!;
    await app.database.db.knex.transaction((trx) => insertRow(trx, app.database.db, entity, {
      userId: pat.id, trainingTitle: 'Safe Sleep Practices', trainingProvider: 'State Training Center', dateCompleted: cycle.startDate, trainingHours: 2,
    }, pat.id));
    await app.database.db.knex('compliance_reports').insert({
      user_id: pat.id, organization_id: acorns, cycle_start: '2024-07-01', cycle_end: '2025-07-01', status: 'Current',
      pdf: await renderTrainingReport({ productName: 'Registry', title: 'Training Report', person: { name: 'Pat Tester', idLabel: 'Registry ID', registryId: 'TN0000001', email: pat.userName }, organizationName: AGENCY, period: { start: '07/01/2024', end: '06/30/2025' }, generatedAt: '06/30/2025', columns: ['Training'], rows: [], totalHours: '0' }), training_count: 0, generated_by: pat.id, created_at: new Date().toISOString(),
    });
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens the current report from the employment row, titled with the QRIS period, and the archived one', async () => {
    const { page } = browser;
    await signInAt(page, app.url, pat.userName);
    await page.goto(`${app.url}/dashboard/profile/employment`);
    await agencyRow(page).waitFor();
    await rowAction(page, 'Training Report');
    const cycle = qrisCycleOn(todayIn('America/Chicago'));
    const title = `Training Report: ${formatDate(cycle.startDate, 'America/Chicago')} - ${formatDate(displayedCycleEnd(cycle.endDate), 'America/Chicago')}`;
    const modal = page.getByRole('dialog', { name: title });
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Download Training Report' }).waitFor();
    expect(await modal.locator(`iframe[title="${title}"]`).count()).toBe(1);
    await expectAccessible(page, 'training report viewer');
    await screenshot(page, 'training-report');
    await modal.getByRole('button', { name: 'Close this window' }).first().click();

    await rowAction(page, 'Archived Training Reports');
    const archived = page.getByRole('dialog', { name: 'Archived Training Reports' });
    await archived.waitFor();
    await archived.getByRole('cell', { name: '07/01/2024 - 06/30/2025', exact: true }).waitFor();
    await expectAccessible(page, 'archived training reports');
    await archived.getByRole('button', { name: /^View/ }).click();
    await page.getByRole('dialog', { name: 'Training Report: 07/01/2024 - 06/30/2025' }).getByRole('button', { name: 'Download Training Report' }).waitFor();
    await expectAccessible(page, 'archived report viewer');
  }, 60_000);
});
