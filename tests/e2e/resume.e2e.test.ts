import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertConfiguration } from '../../server/data/configuration-store.js';
import { addRecordId, CERTIFICATION, MEMBERSHIP, type RecordTypeSample } from '../support/personal-records.js';
import { addPerson, type Person } from '../support/people.js';
import { addEducation, LEVEL } from '../support/records.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { pictureOfPdf } from './support/pdf-picture.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

/**
 * The resume in Chromium (tn with the Resume feature on, as the demo has it; issue 28): the
 * professional, with two references made through form 26, generates a resume, ticks records and
 * both references, saves and previews it, publishes it ('Resume published.') and downloads the
 * PDF, whose first page is drawn to a picture to be looked at. axe and screenshots at 1280 and
 * 390 px on the way.
 */
let app: ServedApp;
let browser: Browser;
let rosa: Person;

const REFERENCE = (name: string, title: string): RecordTypeSample => ({
  name: 'reference', entityTypeId: 30, formId: 26,
  values: [
    { formElementId: 26001, value: name }, { formElementId: 26002, value: title }, { formElementId: 26003, value: 'Sunrise Early Learning Center' },
    { formElementId: 26004, value: 'Former supervisor' }, { formElementId: 26005, value: `${name.split(' ')[0]!.toLowerCase()}@example.test` }, { formElementId: 26006, value: '(615) 555-0142' },
  ],
  change: { formElementId: 26002, value: 'Owner' },
});

describe.skipIf(!HAS_CHROMIUM)('the resume in Chromium (tn, feature on): generate, save and preview, publish, download', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    await app.database.db.knex.transaction((trx) => upsertConfiguration(trx, 'Resume', 'True'));
    rosa = await addPerson(app, 'Rosa', [{ role: '100' }]);
    await addEducation(app, rosa.token, { level: LEVEL.bachelor, school: 'Middle Tennessee State University', major: 'Early Childhood Education', start: '2014-08-20', end: '2018-05-10' });
    await addEducation(app, rosa.token, { level: LEVEL.associate, school: 'Nashville State Community College', major: 'Child Development', start: '2011-08-20', end: '2013-05-10' });
    await addRecordId(app, rosa.token, CERTIFICATION, rosa.id);
    await addRecordId(app, rosa.token, MEMBERSHIP, rosa.id);
    await addRecordId(app, rosa.token, REFERENCE('Alice Reed', 'Center Director'), rosa.id);
    await addRecordId(app, rosa.token, REFERENCE('Bruno Vance', 'Lead Teacher'), rosa.id);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the professional builds a resume with two references, previews, publishes and downloads it', async () => {
    const { page } = browser;
    await signInAt(page, app.url, rosa.userName);
    await page.getByRole('link', { name: 'Resume', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Resume', exact: true }).waitFor();
    await bothWidths(page, 'resume-grid-empty');

    await page.getByRole('button', { name: /^Add New/ }).click();
    const chooser = page.getByRole('dialog', { name: 'Add Resume' });
    await chooser.getByRole('button', { name: 'Upload a Resume' }).waitFor();
    await bothWidths(page, 'resume-chooser');
    await chooser.getByRole('button', { name: 'Generate Resume' }).click();

    const editor = page.getByRole('dialog', { name: 'Resume' });
    await editor.getByLabel('Description').waitFor();
    await editor.getByLabel('Description').fill('Preschool lead teacher');
    await editor.locator('label', { hasText: /Middle Tennessee State University/ }).click();
    await editor.locator('label', { hasText: /Child Development Associate/ }).click();
    await editor.locator('label', { hasText: /National Association for the Education/ }).click();
    await editor.locator('label', { hasText: /Alice Reed/ }).click();
    await editor.locator('label', { hasText: /Bruno Vance/ }).click();
    expect(await editor.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await bothWidths(page, 'resume-editor');

    const preview = page.waitForEvent('download');
    await editor.getByRole('button', { name: 'Save and Preview' }).click();
    const previewed = await preview;
    expect(previewed.suggestedFilename()).toMatch(/^Resume_Rosa_Tester\.pdf$/);
    const saved = page.getByRole('dialog', { name: 'Download successful.' });
    await saved.getByText('Check your Downloads folder for a PDF of the resume.').waitFor();
    await saved.getByRole('button', { name: 'OK' }).click();
    await editor.getByRole('button', { name: 'Refresh' }).waitFor();

    // any Include change hides Publish again; putting it back and saving offers it again
    await editor.locator('label', { hasText: /Nashville State Community College/ }).click();
    await expect.poll(() => editor.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await editor.locator('label', { hasText: /Nashville State Community College/ }).click();
    const second = page.waitForEvent('download');
    await editor.getByRole('button', { name: 'Save and Preview' }).click();
    await second;
    await page.getByRole('dialog', { name: 'Download successful.' }).getByRole('button', { name: 'OK' }).click();
    await editor.getByRole('button', { name: 'Publish' }).waitFor();
    await bothWidths(page, 'resume-editor-saved');

    await editor.getByRole('button', { name: 'Publish' }).click();
    const published = page.getByRole('dialog').filter({ hasText: 'Resume published.' });
    await published.getByRole('button', { name: 'OK' }).click();
    expect(await editor.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    expect(await editor.getByRole('switch', { name: /Alice Reed/ }).isDisabled()).toBe(true);
    expect(await editor.getByRole('switch', { name: /Alice Reed/ }).isChecked()).toBe(true);
    await bothWidths(page, 'resume-editor-published');

    const download = page.waitForEvent('download');
    await editor.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    await page.getByRole('dialog', { name: 'Download successful.' }).getByRole('button', { name: 'OK' }).click();
    const pdf = readFileSync((await file.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pictureOfPdf(browser.context, pdf, 'resume-pdf-page-1')).toBe(1);

    await editor.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => gridRow(page, 'Preschool lead teacher').innerText()).toContain('Yes');
    await bothWidths(page, 'resume-grid');

    // View on a generated resume opens the editor again, published: read-only, no Publish
    await runRowAction(page, 'Preschool lead teacher', 'View');
    await editor.getByText('This resume is published: its records can no longer change.').waitFor();
    expect(await editor.getByRole('switch', { name: /Bruno Vance/ }).isDisabled()).toBe(true);
    expect(await editor.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await editor.getByRole('button', { name: 'Close' }).last().click();
  });
});
