import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../support/file-samples.js';
import type { TestUser } from '../support/test-app.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let trainer: TestUser;
let manager: TestUser;
const TITLE = 'Third Quarter Training Report';
const COMMENT = 'Please add the attendance totals for September.';

const openReports = async () => {
  const { page } = browser;
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'DHR Reports' }).click();
  await page.waitForURL(/\/dashboard\/dhr-report$/);
  await page.getByRole('heading', { name: 'DHR Reports' }).waitFor();
};
const statusOf = async () => (await app.database.db.knex('trainer_reports').where({ title: TITLE }).first('state') as { state: string } | undefined)?.state;

describe.skipIf(!HAS_CHROMIUM)('DHR Reports in Chromium (al): a trainer submits a report, a manager declines it, the trainer reads why', () => {
  beforeAll(async () => {
    app = await serveApp('al');
    trainer = await app.user(['250'], 'tanya');
    manager = await app.user(['400'], 'mara');
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the trainer adds a report with its file and submits it', async () => {
    const { page } = browser;
    await signInAt(page, app.url, trainer.userName);
    await openReports();
    await page.getByRole('button', { name: /^Add New/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Add Report/ });
    await dialog.getByLabel('Report Title').fill(TITLE);
    await dialog.getByLabel(/Reporting Period Start/).fill('2026-07-01');
    await dialog.getByLabel(/Reporting Period End/).fill('2026-09-30');
    await dialog.getByLabel('Description').fill('Sessions held, people trained and hours delivered.');
    await dialog.getByLabel('Report File').setInputFiles({ name: 'q3-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(sample.pdf('Q3')) });
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove q3-report.pdf' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => gridRow(page, TITLE).innerText()).toContain('Uploaded (Draft)');
    await bothWidths(page, 'dhr-reports-trainer-draft');

    // the workflow's generic step: its label, question and optional comment come from metadata/workflows/trainer-report.json
    await runRowAction(page, TITLE, 'Submit');
    const prompt = page.getByRole('dialog', { name: 'Submit' });
    await prompt.getByLabel('Comment (optional)').fill('Attendance sheets attached.');
    await prompt.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'The report has been submitted for review.' }).innerText())
      .toContain('A notification has been sent to the submitter.');
    await expect.poll(() => gridRow(page, TITLE).innerText()).toContain('Submitted');
    expect(await gridRow(page, TITLE).getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await statusOf()).toBe('submitted');
    await signOutAt(page, app.url);
  });

  it('the manager cannot decline without a comment, then declines with one', async () => {
    const { page } = browser;
    await signInAt(page, app.url, manager.userName);
    await openReports();
    await expect.poll(() => gridRow(page, TITLE).innerText()).toContain('Submitted');
    await bothWidths(page, 'dhr-reports-manager');
    await runRowAction(page, TITLE, 'Decline');
    const prompt = page.getByRole('dialog', { name: 'Decline' });
    const decline = prompt.getByRole('button', { name: 'Decline' });
    expect(await decline.isDisabled()).toBe(true);
    await prompt.getByLabel('Comment (required)').fill(COMMENT);
    await bothWidths(page, 'dhr-reports-decline-dialog');
    await decline.click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'The report has been declined.' }).innerText())
      .toContain('A notification has been sent to the submitter.');
    await expect.poll(() => gridRow(page, TITLE).innerText()).toContain('Declined');
    expect(await statusOf()).toBe('declined');
    await signOutAt(page, app.url);
  });

  it('the trainer sees the decline in Review Comments and may edit and submit again', async () => {
    const { page } = browser;
    await signInAt(page, app.url, trainer.userName);
    await openReports();
    await expect.poll(() => gridRow(page, TITLE).innerText()).toContain('Declined');
    await runRowAction(page, TITLE, 'Review Comments');
    const modal = page.getByRole('dialog', { name: 'Review Comments' });
    await expect.poll(() => modal.innerText()).toContain(COMMENT);
    expect(await modal.innerText()).toContain('Attendance sheets attached.');
    expect(await modal.innerText()).toMatch(new RegExp(`Declined by ${manager.row.first_name} ${manager.row.last_name} on \\d{2}/\\d{2}/\\d{4}, \\d{1,2}:\\d{2} [AP]M`));
    await bothWidths(page, 'dhr-reports-review-comments');
    await modal.getByRole('button', { name: 'Close this window' }).first().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const row = gridRow(page, TITLE);
    expect(await row.getByRole('button', { name: /^Submit/ }).count() + await row.getByRole('button', { name: /^More actions/ }).count()).toBeGreaterThan(0);
  });
});
