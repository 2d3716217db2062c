import type { Locator, Page } from 'playwright-core';

/** The parts of an inbox screen (Messages, Notifications) a browser test reads and uses. */
export function inboxScreen(title: string) {
  const list = (page: Page) => page.locator('.inbox__list');
  const toolbar = (page: Page) => page.getByRole('toolbar', { name: `${title} actions` });
  const settled = (page: Page) => page.locator('.inbox__region[aria-busy]').waitFor({ state: 'detached' });
  return {
    list,
    toolbar,
    settled,
    row: (page: Page, subject: string) => list(page).locator('.inbox__item', { hasText: subject }),
    isUnread: async (item: Locator) => (await item.getAttribute('class'))?.includes('inbox__item--unread') ?? false,
    /** picks a Folder or Filter choice and waits for the list */
    choose: async (page: Page, label: 'Folder' | 'Filter', value: string) => {
      await toolbar(page).getByLabel(label, { exact: true }).selectOption(value);
      await settled(page);
    },
    /** goes to the screen's address and waits for its list */
    open: async (page: Page, url: string) => {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await settled(page);
    },
  };
}
