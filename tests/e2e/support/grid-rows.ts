import type { Locator, Page } from 'playwright-core';

/** The grid row holding a text. */
export const gridRow = (page: Page, text: string): Locator => page.getByRole('table').locator('tbody tr', { hasText: text });

/** Runs a row action, inline or from the row's More actions menu. */
export async function runRowAction(page: Page, rowText: string, name: string): Promise<void> {
  const row = gridRow(page, rowText);
  // the row's actions are shown with it: wait for the row before asking which kind they are
  await row.getByRole('button').first().waitFor();
  const inline = row.getByRole('button', { name: new RegExp(`^${name}`) });
  if (await inline.count()) return inline.click();
  await row.getByRole('button', { name: /^More actions for/ }).click();
  await page.getByRole('menuitem', { name }).click();
}
