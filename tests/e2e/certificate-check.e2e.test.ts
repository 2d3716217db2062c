import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayCertificateCode } from '../../engine/training/certificate-code.js';
import { addCourse, addEnrollment, addSessionOfCourse } from '../support/training.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';

let al: ServedApp;
let browser: Browser;
let code: string;

describe.skipIf(!HAS_CHROMIUM)('the public certificate check in Chromium (al)', () => {
  beforeAll(async () => {
    al = await serveApp('al');
    const trainer = await al.user(['250'], 'tara');
    const pro = await al.user(['100'], 'ava');
    const section = await addSessionOfCourse(al, await addCourse(al, trainer.id, 'Safe Sleep Practices', 2), trainer.id, { name: 'Evening Session' });
    const id = await addEnrollment(al, section, pro.id);
    const res = await al.post('/api/enrollment/setattendance', { enrollmentRecordIds: [id], status: 1 }, trainer.token);
    expect(res.statusCode, res.body).toBe(200);
    code = ((await al.database.db.knex('enrollments').where({ id }).first()) as { certificate_code: string }).certificate_code;
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await al?.close();
  });

  it('a valid code shows the name, course and date', async () => {
    const { page } = browser;
    await page.goto(`${al.url}/certificate-check`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Check a Certificate');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => page.getByText('Please enter the certificate code.').count()).toBeGreaterThan(0);
    await page.getByLabel(/Certificate code/).fill(displayCertificateCode(code).toLowerCase());
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => page.getByText('This certificate is genuine.').count()).toBe(1);
    const facts = await page.locator('dl').innerText();
    expect(facts).toMatch(/ava Person\d+/);
    expect(facts).toContain('Safe Sleep Practices: Evening Session');
    expect(facts).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await bothWidths(page, 'certificate-check-valid');
  });

  it('the link printed on the certificate opens the page with the code filled in', async () => {
    const { page } = browser;
    await page.goto(`${al.url}/certificate-check?code=${displayCertificateCode(code)}`);
    await expect.poll(() => page.getByLabel(/Certificate code/).inputValue()).toBe(displayCertificateCode(code));
  });

  it('an unknown code says so and shows nothing else', async () => {
    const { page } = browser;
    await page.getByLabel(/Certificate code/).fill('ZZZZ-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => page.getByText('No certificate has this code. Please check the code and try again.').count()).toBe(1);
    expect(await page.locator('dl').count()).toBe(0);
    await bothWidths(page, 'certificate-check-invalid');
  });
});
