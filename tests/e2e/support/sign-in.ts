import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../../support/test-app.js';

/** Signs in through the login form of the app at `baseUrl` and waits for the dashboard. */
export async function signInAt(page: Page, baseUrl: string, userName: string, password = TEST_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Signs out with the header's Logout button and waits for the public home page. */
export async function signOutAt(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${baseUrl}/`);
}
