import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD, type TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let tn: ServedApp;
let browser: Browser;
let pro: TestUser;
let admin: TestUser;
const LONG_TERMS = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of the updated terms: keep your records true and complete.`).join('\n\n');

async function setConfig(app: ServedApp, token: string, key: string, value: string): Promise<void> {
  const res = await app.app.inject({ method: 'PUT', url: '/api/configuration', payload: { key, value }, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
}

const signIn = (page: Page, app: ServedApp, user: TestUser) => signInAt(page, app.url, user.userName);

describe.skipIf(!HAS_CHROMIUM)('public pages in Chromium', () => {
  beforeAll(async () => {
    tn = await serveApp('tn');
    [pro, admin] = [await tn.user(['100'], 'maria'), await tn.user(['AdminUser'], 'grace')];
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await tn?.close();
  });

  it('shows the home page with Start Now, About and Find Training, and the footer', async () => {
    const { page } = browser;
    await page.goto(tn.url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome to the TN Early Childhood Registry');
    expect(await page.getByRole('link', { name: 'Start Now' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'About the Registry' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Find Training' }).count()).toBe(1);
    const footer = page.locator('footer');
    expect(await footer.innerText()).toContain('Monday to Friday, 7:00 AM to 6:00 PM Central');
    expect(await footer.getByRole('link', { name: 'registry.support@tn.registry.example' }).count()).toBe(1);
    expect(await footer.getByRole('link', { name: /Department of Human Services/ }).count()).toBe(1);
    const now = new Date();
    expect(await footer.innerText()).toContain(`© ${now.getMonth() >= 9 ? now.getFullYear() + 1 : now.getFullYear()} TN Early Childhood Registry`);
    expect(await page.getByText('Environment: dev').count()).toBe(1);
    await expectAccessible(page, 'home');
    await screenshot(page, 'public-home');
  });

  it('opens the About page and the footer terms and guidance modals', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Learn more about the registry' }).click();
    await page.waitForURL(/\/about$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('About the TN Early Childhood Registry');
    expect(await page.locator('main').innerText()).toContain('personal Registry ID');
    await expectAccessible(page, 'about');
    await screenshot(page, 'public-about');
    await page.locator('footer').getByRole('button', { name: 'Terms and Conditions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect.poll(() => dialog.innerText()).toContain('These Terms and Conditions govern your use of the TN Early Childhood Registry.');
    await expectAccessible(page, 'terms modal');
    await screenshot(page, 'public-terms-modal');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.locator('footer').getByRole('button', { name: 'Registry Guidance' }).click();
    const viewer = page.getByRole('dialog', { name: 'Registry Guidance' });
    expect(await viewer.locator('iframe[title="Registry Guidance"]').getAttribute('src')).toBe('https://help.tn.registry.example/registry-guidance.pdf');
    await viewer.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('replaces the whole application with the maintenance and test-site-closed pages', async () => {
    const { page } = browser;
    await setConfig(tn, admin.token, 'SplashScreen', 'True');
    await page.goto(`${tn.url}/about`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('The TN Early Childhood Registry is down for maintenance');
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'registry.support@tn.registry.example' }).count()).toBe(1);
    await expectAccessible(page, 'maintenance');
    await screenshot(page, 'public-maintenance');
    await setConfig(tn, admin.token, 'SplashScreen', 'TestSiteClosed');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('This test site is closed');
    await expectAccessible(page, 'test site closed');
    await setConfig(tn, admin.token, 'SplashScreen', 'False');
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('About the TN Early Childhood Registry');
  });

  it('sends feedback from the navigation bar (tn, signed in)', async () => {
    const { page } = browser;
    expect(await page.getByRole('button', { name: 'Feedback' }).count()).toBe(0);
    await signIn(page, tn, pro);
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type of Feedback').selectOption({ label: 'Suggestion' });
    await dialog.getByLabel('Subject').fill('Search speed');
    await dialog.getByLabel('Message').fill('The search could be faster.');
    await expectAccessible(page, 'feedback modal');
    await screenshot(page, 'public-feedback');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.registry-toasts').innerText()).toContain('Feedback sent.');
    expect(await page.locator('.registry-toasts').innerText()).toContain('Thank you for your feedback.');
    await expect.poll(async () => (await tn.database.db.knex('records').where({ entity_type_id: 32, owner_id: pro.id })).length).toBe(1);
  });

  it('has the updated terms read and accepted, then goes to the dashboard with displayWelcome', async () => {
    const { page } = browser;
    await setConfig(tn, admin.token, 'TermsAndConditionsText', LONG_TERMS);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${tn.url}/`);
    await page.goto(`${tn.url}/login`);
    await page.getByLabel('E-mail address').fill(pro.userName);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(new RegExp(`/profile/accept-terms/${pro.id}$`));
    await page.goto(`${tn.url}/dashboard/profile/education`);
    await page.waitForURL(new RegExp(`/profile/accept-terms/${pro.id}$`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Updated Terms and Conditions');
    const box = page.getByLabel('I have read and accept the Terms and Conditions');
    expect(await box.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Terms and Conditions must be read and accepted.');
    await expectAccessible(page, 'accept terms');
    await screenshot(page, 'public-accept-terms');
    await page.getByRole('region', { name: 'Terms and Conditions text' }).evaluate((el) => { el.scrollTop = el.scrollHeight; });
    await expect.poll(() => box.isDisabled()).toBe(false);
    await page.locator('label[for="accept-terms"]').click();
    expect(await box.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/dashboard\?displayWelcome=true$/);
    const login = await tn.post('/api/auth/login', { userName: pro.userName, password: TEST_PASSWORD });
    expect(login.json()).toMatchObject({ route: 'default' });
  });
});

describe.skipIf(!HAS_CHROMIUM)('the al tenant in Chromium', () => {
  let al: ServedApp;
  let alBrowser: Browser;
  beforeAll(async () => {
    al = await serveApp('al');
    alBrowser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await alBrowser?.close();
    await al?.close();
  });

  it('shows Alabama wording, the offline banner (short on narrow screens) and the test-host alert', async () => {
    const { page } = alBrowser;
    const admin = await al.user(['AdminUser'], 'alma');
    await setConfig(al, admin.token, 'BaseUrl', 'https://test.al.registry.example');
    await page.goto(al.url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome to the AL Early Childhood Registry');
    expect(await page.locator('main').innerText()).toContain('Professional ID');
    expect(await page.getByText('The AL Early Childhood Registry is offline for transitional maintenance.', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText('This is a test site for training only.', { exact: false }).isVisible()).toBe(true);
    expect(await page.locator('footer').getByRole('button', { name: 'Terms of Use' }).count()).toBe(1);
    expect(await page.getByText('Environment: dev').count()).toBe(1);
    await expectAccessible(page, 'al home');
    await screenshot(page, 'public-al-home');
    await page.setViewportSize({ width: 400, height: 800 });
    expect(await page.getByText('Offline for transitional maintenance.', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('The AL Early Childhood Registry is offline for transitional maintenance.', { exact: false }).isVisible()).toBe(false);
    await screenshot(page, 'public-al-home-narrow');
    await page.goto(`${al.url}/about`);
    await expect.poll(() => page.locator('main').innerText()).toContain('facility');
    await expectAccessible(page, 'al about');
  });
});
