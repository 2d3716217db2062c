import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD, type TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let pro: TestUser;
let admin: TestUser;
let other: TestUser;
const NEW_TERMS = 'Keep your records true and complete.\n\nMarkup such as <b>this</b> and <img src=x onerror="window.hacked=1"> stays text.';

const signIn = (page: Page, user: TestUser) => signInAt(page, app.url, user.userName);
const config = async (key: string) => (await app.get(`/api/configuration?key=${key}`)).json<{ value: string }>().value;
const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${app.url}/`);
};

describe.skipIf(!HAS_CHROMIUM)("the administrators' terms editor in Chromium", () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    [pro, admin, other] = [await app.user(['100'], 'pia'), await app.user(['AdminUser', '500'], 'ida'), await app.user(['400'], 'otto')];
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('is not offered to a professional, and its address leads home', async () => {
    const { page } = browser;
    await signIn(page, pro);
    const menu = await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allInnerTexts();
    expect(menu).not.toContain('Terms and Conditions');
    await page.goto(`${app.url}/dashboard/terms`);
    await page.waitForURL(`${app.url}/`);
    expect(await page.getByLabel('New text of the Terms and Conditions').count()).toBe(0);
    await signOut(page);
  });

  it('shows the current terms, the warning and a labelled textarea to an administrator', async () => {
    const { page } = browser;
    await signIn(page, admin);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Terms and Conditions' }).click();
    await page.waitForURL(/\/dashboard\/terms$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Terms and Conditions');
    const current = page.getByRole('region', { name: 'Current text (version 0)' });
    await expect.poll(() => current.innerText()).toContain('These Terms and Conditions govern your use of the TN Early Childhood Registry');
    expect(await page.getByText('Saving a new text makes every user, you included, read and accept the new Terms and Conditions at their next sign-in.').count()).toBe(1);
    expect(await page.getByLabel('New text of the Terms and Conditions').inputValue()).toBe(await config('TermsAndConditionsText'));
    await expectAccessible(page, 'terms editor');
    await screenshot(page, 'terms-edit');
  });

  it('refuses an unchanged and an empty text without asking', async () => {
    const { page } = browser;
    const box = page.getByLabel('New text of the Terms and Conditions');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The text has not changed. Change the Terms and Conditions before saving.').waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectAccessible(page, 'terms editor, unchanged text');
    await box.fill('  \n ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the text of the Terms and Conditions.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await config('TermsVersion')).toBe('0');
  });

  it('asks for confirmation, changes nothing on Cancel, and saves on Save with a toast', async () => {
    const { page } = browser;
    const box = page.getByLabel('New text of the Terms and Conditions');
    await box.fill(NEW_TERMS);
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save the new Terms and Conditions?' });
    await expect.poll(() => dialog.innerText()).toContain('Every user will have to read and accept the new Terms and Conditions at their next sign-in.');
    await expectAccessible(page, 'terms editor, confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await config('TermsVersion')).toBe('0');

    await page.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.registry-toasts').innerText()).toContain('Terms and Conditions saved (version 1). Every user will be asked to accept them at their next sign-in.');
    expect(await config('TermsAndConditionsText')).toBe(NEW_TERMS);
    expect(await config('TermsVersion')).toBe('1');
    const current = page.getByRole('region', { name: 'Current text (version 1)' });
    await expect.poll(() => current.innerText()).toContain('Markup such as <b>this</b> and <img src=x onerror="window.hacked=1"> stays text.');
    expect(await current.locator('b, img').count()).toBe(0);
    expect(await current.locator('p').count()).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expectAccessible(page, 'terms editor, saved');
    await screenshot(page, 'terms-edit-saved');
  });

  it("shows the server's refusal when someone else saved the same text meanwhile", async () => {
    const { page } = browser;
    const changed = await app.app.inject({ method: 'PUT', url: '/api/configuration', payload: { key: 'TermsAndConditionsText', value: 'Changed elsewhere.' }, headers: { authorization: `Bearer ${other.token}` } });
    expect(changed.statusCode).toBe(200);
    await page.getByLabel('New text of the Terms and Conditions').fill('Changed elsewhere.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog', { name: 'Save the new Terms and Conditions?' }).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'has not changed' }).innerText()).toBe('The terms text has not changed.');
    expect(await config('TermsVersion')).toBe('2');
    await expectAccessible(page, 'terms editor, server refusal');
    await signOut(page);
  });

  it('has a professional accept the new terms at the next sign-in, shown as text', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-mail address').fill(pro.userName);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/profile/accept-terms/${pro.id}$`));
    await expect.poll(() => page.getByRole('region', { name: 'Terms and Conditions text' }).innerText()).toBe('Changed elsewhere.');
    await expectAccessible(page, 'accept terms after an edit');
  });
});
