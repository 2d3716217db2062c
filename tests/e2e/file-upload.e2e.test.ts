import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../support/file-samples.js';
import type { TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let pro: TestUser;
const DIPLOMA = sample.pdf('Bachelor of Science, Early Childhood Education');

describe.skipIf(!HAS_CHROMIUM)('files in Chromium: a professional adds an education record with a PDF and downloads it back', () => {
  beforeAll(async () => {
    app = await serveApp();
    pro = await app.user(['100'], 'frida');
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('uploads on choose: a file refused by its bytes shows why, a PDF is uploaded with the success toast', async () => {
    const { page } = browser;
    await signInAt(page, app.url, pro.userName);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('link', { name: 'Education' }).click();
    await page.waitForURL(/\/dashboard\/profile\/education$/);
    await page.getByRole('button', { name: 'Add New Education record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Education' });
    await dialog.getByLabel('Education Level').selectOption({ label: "Bachelor's Degree" });
    await dialog.getByLabel('School or Institution').fill('Middle Tennessee State University');
    await dialog.getByText('Completed', { exact: true }).click();
    await dialog.getByLabel(/Graduation or End Date/).fill('2018-05-12');

    const input = dialog.getByLabel('Transcript or Diploma');
    await input.setInputFiles({ name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.from(sample.exe()) });
    await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('The file type is not supported.');
    expect(await app.count('files')).toBe(0);

    await input.setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: Buffer.from(DIPLOMA) });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'uploaded successfully' }).innerText())
      .toContain('Success, The file diploma.pdf uploaded successfully.');
    await expect.poll(() => dialog.getByRole('button', { name: 'Download diploma.pdf' }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole('button', { name: 'Remove diploma.pdf' }).isVisible()).toBe(true);
    expect(await input.isDisabled()).toBe(true);
    await expectAccessible(page, 'education form with an uploaded file');
    await screenshot(page, 'education-form-file');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Middle Tennessee State University');
    const file = await app.database.db.knex('files').first();
    expect(file).toMatchObject({ original_name: 'diploma.pdf', content_type: 'application/pdf', entity_type_id: 4, owner_user_id: pro.id });
    expect(file.entity_id).not.toBeNull();
  });

  it('downloads the file back from the record in view mode', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'View Middle Tennessee State University' }).first().click();
    const view = page.getByRole('dialog', { name: /^View Education/ });
    const button = view.getByRole('button', { name: 'Download diploma.pdf' });
    await expect.poll(() => button.isVisible()).toBe(true);
    await expectAccessible(page, 'education record in view mode with its file');
    await screenshot(page, 'education-view-file');
    const download = page.waitForEvent('download');
    await button.click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('diploma.pdf');
    expect(new Uint8Array(readFileSync((await saved.path())!))).toEqual(DIPLOMA);
    await view.getByRole('button', { name: 'Close this window' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});
