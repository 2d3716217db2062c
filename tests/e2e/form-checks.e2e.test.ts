import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addPerson, type Person } from '../support/people.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

/**
 * Issue 9, forms in Chromium: a form showing its errors keeps every label and message whole and
 * every field in its column (Add Employment modal, Personal form; 1280 and 390 px wide); an
 * over-long value shows the character count and is refused by the server as by the browser;
 * State is a list ('Te' cannot be saved); a completed degree cannot be graduated in the future;
 * Escape closes a modal and warns first when the form was changed.
 */
let app: ServedApp;
let browser: Browser;
let pro: Person;

const WIDTHS = [1280, 390] as const;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

async function profileTab(page: Page, tab: string): Promise<void> {
  await page.goto(`${app.url}/dashboard/profile/${tab.toLowerCase()}`);
  await page.getByRole('heading', { name: tab, level: 2 }).waitFor();
}

interface Box { x: number; y: number; width: number; height: number }
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;

/** Every label, legend and error message lies inside the form's box (and so is not clipped). */
async function expectWholeInside(form: Locator, label: string): Promise<number> {
  const outer = await box(form);
  const parts = form.locator('.usa-label, .usa-legend, .usa-error-message');
  const count = await parts.count();
  for (let i = 0; i < count; i++) {
    const part = parts.nth(i);
    if (!(await part.isVisible())) continue;
    const b = await box(part);
    const text = await part.innerText();
    expect(b.x, `${label}: left of '${text}'`).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(b.x + b.width, `${label}: right of '${text}'`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    // the text itself is not wider than its box (no cut line)
    const overflow = await part.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `${label}: '${text}' overflows`).toBeLessThanOrEqual(1);
  }
  return count;
}

/** Each field column's x (from the form's left edge) and width: errors move no field. */
const columns = (form: Locator) => form.evaluate((f) => {
  const left = f.getBoundingClientRect().x;
  return [...f.querySelectorAll('.registry-field')].map((el) => {
    const r = el.getBoundingClientRect();
    return `${el.querySelector('label, legend, .usa-label')?.textContent ?? ''}: ${Math.round(r.x - left)} ${Math.round(r.width)}`;
  });
});

describe.skipIf(!HAS_CHROMIUM)('form checks in Chromium (issue 9)', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    pro = await addPerson(app, 'Nadia', [{ role: '100' }]);
    browser = await openBrowser();
    await signInAt(browser.page, app.url, pro.userName);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each(WIDTHS)('the Add Employment modal with errors keeps every label and message whole at %i px', async (width) => {
    const { page } = browser;
    await page.setViewportSize({ width, height: 900 });
    await profileTab(page, 'Employment');
    await page.getByRole('button', { name: 'Add New Employment record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Employment' });
    const form = dialog.locator('form');
    await form.getByLabel(/^Employer Name/).waitFor();
    const before = await columns(form);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.locator('.usa-error-message').count()).toBeGreaterThanOrEqual(3);
    expect(await columns(form)).toEqual(before);
    expect(await expectWholeInside(form, `employment modal ${width}`)).toBeGreaterThan(6);
    const body = dialog.locator('.registry-modal__body');
    const [inner, outer] = [await box(form), await box(body)];
    expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    const employer = form.locator('label', { hasText: 'Employer Name' });
    expect(await employer.innerText()).toMatch(/^Employer Name/);
    expect((await box(employer)).x).toBeGreaterThanOrEqual(outer.x);
    await expectAccessible(page, `employment modal with errors at ${width}`);
    await screenshot(page, `form-checks-employment-errors-${width}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it.each(WIDTHS)('the Personal form with errors keeps every label and message whole, no field moves, at %i px', async (width) => {
    const { page } = browser;
    await page.setViewportSize({ width, height: 900 });
    await profileTab(page, 'Personal');
    const form = page.locator('form#personal-form');
    await form.getByLabel(/^City/).waitFor();
    const before = await columns(form);
    await form.getByLabel(/^Address Line 1/).fill('');
    await form.getByLabel(/^City/).fill('');
    await form.getByLabel(/^ZIP Code/).fill('372');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => form.locator('.usa-error-message').count()).toBeGreaterThanOrEqual(3);
    expect(await columns(form)).toEqual(before);
    expect(await expectWholeInside(form, `personal form ${width}`)).toBeGreaterThan(8);
    await expectAccessible(page, `personal form with errors at ${width}`);
    await screenshot(page, `form-checks-personal-errors-${width}`);
  });

  it('State is a list: Te cannot be chosen in the browser and the server refuses it', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await profileTab(page, 'Personal');
    const state = page.getByRole('combobox', { name: /^State/ });
    // the states come from their choice list, which may arrive after the form is drawn
    await state.locator('option', { hasText: /^Tennessee$/ }).waitFor({ state: 'attached' });
    const options = await state.locator('option').allInnerTexts();
    expect(options).toContain('Tennessee');
    expect(options).not.toContain('Te');
    await expect(state.selectOption('Te', { timeout: 1000 })).rejects.toThrow();
    const res = await app.post('/api/form/formresponse', {
      response: { formId: 1, elementResponses: [{ formElementId: 1008, value: 'Te' }] }, entities: [{ Id: pro.id, EntityTypeId: 1 }],
    }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors['1008']).toBe('State: select one of the listed values.');
  });

  it('an over-long value shows the character count, is kept whole and is refused by browser and server', async () => {
    const { page } = browser;
    await profileTab(page, 'Education');
    await page.getByRole('button', { name: 'Add New Education record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Education' });
    const school = dialog.getByLabel(/^School or Institution/);
    await school.waitFor();
    const count = dialog.locator('.registry-field:has(#element-2002) .usa-character-count__status');
    expect(await count.innerText()).toBe('180 characters allowed');
    const long = `Nashville State Community College ${'x'.repeat(150)}`; // 184 characters
    await school.fill(long);
    expect(await school.inputValue()).toBe(long); // never cut
    await expect.poll(() => count.innerText()).toBe('4 characters over limit');
    expect(await count.getAttribute('class')).toContain('usa-character-count__status--invalid');
    await expect.poll(() => dialog.locator('[aria-live="polite"]', { hasText: '4 characters over limit' }).count()).toBe(1);
    await dialog.getByLabel('Education Level').selectOption({ label: "Bachelor's Degree" });
    await dialog.getByText('In Progress', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.usa-error-message', { hasText: 'School or Institution must be 180 characters or fewer.' }).waitFor();
    await expectAccessible(page, 'education form with an over-long school name');
    await screenshot(page, 'form-checks-over-long');
    const res = await app.post('/api/form/formresponse', { response: { formId: 2, elementResponses: [
      { formElementId: 2001, value: '6' }, { formElementId: 2002, value: long }, { formElementId: 2004, value: '2' },
    ] } }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors['2002']).toBe('School or Institution must be 180 characters or fewer.');
    await school.fill(long.slice(0, 180));
    await expect.poll(() => count.innerText()).toBe('0 characters left');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Unsaved Data Warning' }).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await app.count('education')).toBe(0);
  });

  it('a completed degree graduated in the future is refused by browser and server alike', async () => {
    const { page } = browser;
    await profileTab(page, 'Education');
    await page.getByRole('button', { name: 'Add New Education record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Education' });
    await dialog.getByLabel('Education Level').selectOption({ label: "Bachelor's Degree" });
    await dialog.getByLabel(/^School or Institution/).fill('Belmont University');
    await dialog.getByText('Completed', { exact: true }).click();
    await dialog.getByLabel(/^Graduation or End Date/).fill('2030-05-10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const message = 'The graduation date of a completed degree cannot be in the future.';
    await dialog.locator('.usa-error-message', { hasText: message }).waitFor();
    expect(await app.count('education')).toBe(0);
    await expectAccessible(page, 'education form with a future graduation date');
    await screenshot(page, 'form-checks-future-graduation');
    const res = await app.post('/api/form/formresponse', { response: { formId: 2, elementResponses: [
      { formElementId: 2001, value: '6' }, { formElementId: 2002, value: 'Belmont University' }, { formElementId: 2004, value: '1' }, { formElementId: 2006, value: '2030-05-10' },
    ] } }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors['2006']).toBe(message);
    // In Progress, the same date is an expected graduation and saves
    await dialog.getByText('In Progress', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await app.count('education')).toBe(1);
  });

  it('the file input says what it accepts before the upload and in the error', async () => {
    const { page } = browser;
    await profileTab(page, 'Education');
    await page.getByRole('button', { name: 'Add New Education record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Education' });
    const input = dialog.getByLabel('Transcript or Diploma');
    await input.waitFor({ state: 'attached' });
    const accepts = 'Accepted file types: Word (DOC, DOCX), PDF, BMP, HEIC, JPEG, PNG, PJPEG, TIFF and WEBP. Largest file size: 10 MB.';
    const described = async () => Promise.all((await input.getAttribute('aria-describedby'))!.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(await described()).toContain(accepts);
    await dialog.locator('.usa-file-input__target').scrollIntoViewIfNeeded();
    await screenshot(page, 'form-checks-file-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    const problem = dialog.locator('.registry-file .usa-error-message');
    await expect.poll(() => problem.innerText()).toBe(`The file type is not supported. ${accepts}`);
    await input.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 32) }, { timeout: 60_000 });
    await expect.poll(() => problem.innerText()).toBe(`The file is too large. Files of up to 10 MB can be uploaded. ${accepts}`);
    expect(await described()).toContain(`The file is too large. Files of up to 10 MB can be uploaded. ${accepts}`);
    await expectAccessible(page, 'education form with a file problem');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('Escape closes a modal at once when nothing changed, and warns first when the form is dirty', async () => {
    const { page } = browser;
    await profileTab(page, 'Education');
    const add = page.getByRole('button', { name: 'Add New Education record' });
    await add.click();
    await page.getByRole('dialog', { name: 'Add Education' }).getByLabel('Education Level').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add Education' });
    await dialog.getByLabel(/^School or Institution/).fill('Lipscomb University');
    await page.keyboard.press('Escape');
    const warning = page.getByRole('dialog', { name: 'Unsaved Data Warning' });
    await warning.waitFor();
    await expectAccessible(page, 'unsaved data warning');
    // Escape on the warning answers Cancel: the form stays, with its value
    await page.keyboard.press('Escape');
    await expect.poll(() => warning.count()).toBe(0);
    expect(await dialog.getByLabel(/^School or Institution/).inputValue()).toBe('Lipscomb University');
    // with the focus outside the dialog too
    await page.evaluate(() => { (document.activeElement as HTMLElement | null)?.blur(); });
    await page.keyboard.press('Escape');
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await nav(page).isVisible()).toBe(true);
  });
});
