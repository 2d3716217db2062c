import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../support/test-app.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { inboxScreen } from './support/inbox-screen.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * The Messages screen (issue 12, spec part 3 sections 2, 4, 5 and 8) with two people in two
 * browsers: Ann composes to Ben with bold text and a link; Ben, already on the inbox, sees it
 * arrive without a reload, opens it (read), replies; Ann sees the reply arrive. Then the folders,
 * the filter, the toolbar actions, a group message whose Reply is disabled, the compose checks,
 * and the screen at 1280 and 390 px.
 */
describe.skipIf(!HAS_CHROMIUM)('the Messages screen', () => {
  let app: ServedApp;
  let annBrowser: Browser;
  let benBrowser: Browser;
  let ann: TestUser;
  let ben: TestUser;
  let manager: TestUser;

  const { list: inbox, row, toolbar, isUnread, choose, open } = inboxScreen('Messages');
  const selectAll = (page: Page) => toolbar(page).getByRole('checkbox', { name: 'Select all shown' });
  const compose = (page: Page, name = 'Compose Message') => page.getByRole('dialog', { name });
  const dialogText = (page: Page, name: string) => page.getByRole('dialog', { name }).innerText();
  const openMessages = (page: Page) => open(page, `${app.url}/dashboard/messaging`);
  const pickRecipient = async (dialog: Locator, search: string, name: string) => {
    await dialog.getByRole('combobox', { name: 'To' }).fill(search);
    await dialog.getByRole('option', { name: new RegExp(name) }).click();
  };

  beforeAll(async () => {
    app = await serveApp('tn');
    ann = await app.user(['100'], 'Annabel');
    ben = await app.user(['100'], 'Benedict');
    manager = await app.user(['400'], 'Marta');
    annBrowser = await openBrowser();
    benBrowser = await openBrowser();
    await signInAt(annBrowser.page, app.url, ann.userName);
    await signInAt(benBrowser.page, app.url, ben.userName);
  }, 120_000);
  afterAll(async () => {
    await annBrowser?.close();
    await benBrowser?.close();
    await app?.close();
  });

  it('an empty inbox says No Messages and passes axe', async () => {
    const page = benBrowser.page;
    await openMessages(page);
    await page.getByText('No Messages', { exact: true }).waitFor();
    expect(await selectAll(page).getAttribute('aria-checked')).toBe('false');
    await expectAccessible(page, 'empty Messages inbox');
  }, 60_000);

  it('checks the compose form: search length, no results, no recipient, empty subject and body, closing', async () => {
    const page = annBrowser.page;
    await openMessages(page);
    await toolbar(page).getByRole('button', { name: 'Compose' }).click();
    const dialog = compose(page);
    await dialog.waitFor();
    const to = dialog.getByRole('combobox', { name: 'To' });
    await to.fill('B');
    await dialog.getByText('At least two characters are required for search').waitFor();
    await to.fill('zzqx');
    await dialog.getByText('No results found').waitFor();
    await to.fill('');
    await expectAccessible(page, 'Compose Message');
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect(await dialogText(page, 'Error')).toContain('No recipient selected');
    await page.getByRole('dialog', { name: 'Error' }).getByRole('button', { name: 'OK' }).click();
    await pickRecipient(dialog, 'Benedict', 'Benedict');
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect(await dialogText(page, 'Confirm')).toContain('Are you sure you send a message with an empty subject?');
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('Are you sure you send a message with an empty body?').waitFor();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialogText(page, 'Warning')).toContain('Are you sure you want to close without sending?');
    await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await app.count('messages')).toBe(0);
  }, 60_000);

  it('Ann sends bold text and a link; Ben sees it arrive without a reload, opens it (read) and replies; Ann sees the reply arrive', async () => {
    const a = annBrowser.page;
    const b = benBrowser.page;
    await toolbar(a).getByRole('button', { name: 'Compose' }).click();
    const dialog = compose(a);
    await pickRecipient(dialog, 'bened', 'Benedict');
    await dialog.getByLabel('Subject').fill('Staff meeting');
    const editor = dialog.getByRole('textbox', { name: 'Body' });
    await editor.click();
    await a.keyboard.type('Please read ');
    const bold = dialog.getByRole('toolbar').getByRole('button', { name: 'Bold', exact: true });
    await bold.click();
    await a.keyboard.type('the agenda');
    await bold.click();
    await a.keyboard.type(' at the site');
    for (let i = 0; i < 4; i++) await a.keyboard.press('Shift+ArrowLeft');
    await dialog.getByRole('toolbar').getByRole('button', { name: 'Link', exact: true }).click();
    const prompt = a.getByRole('dialog', { name: 'Link' });
    await prompt.getByLabel('Link address').fill('https://example.org/agenda');
    await prompt.getByRole('button', { name: 'OK' }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await a.getByText('Your message was sent successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Ben's page was open all along: the message arrives live, unread, at the top
    const item = row(b, 'Staff meeting');
    await item.waitFor({ timeout: 5_000 });
    expect(await isUnread(item)).toBe(true);
    expect(await item.innerText()).toContain('Annabel');
    expect(await item.innerText()).toContain('Please read the agenda at the site');
    await b.getByText(/Showing 1–1 of 1/).waitFor();
    // and the header's badge counts it, without a reload either
    await b.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread', exact: true }).waitFor({ timeout: 5_000 });
    await item.locator('.inbox__open').click();
    const opened = b.getByRole('dialog', { name: 'Staff meeting' });
    await opened.waitFor();
    expect(await opened.locator('strong').innerText()).toBe('the agenda');
    expect(await opened.locator('a[href="https://example.org/agenda"]').innerText()).toBe('site');
    expect(await opened.innerText()).toContain(`Annabel`);
    await expectAccessible(b, 'message opened');
    await expect.poll(() => isUnread(item)).toBe(false);
    await b.getByRole('banner').getByRole('link', { name: 'Messages', exact: true }).waitFor({ timeout: 5_000 });
    const copy = await app.database.db.knex('message_recipients').where({ user_id: ben.id }).whereNot('folder', 'Sent').first('is_read') as { is_read: number | boolean };
    expect(Boolean(copy.is_read)).toBe(true);

    await opened.getByRole('button', { name: 'Reply', exact: true }).click();
    const reply = compose(b, 'Compose Reply');
    await reply.waitFor();
    expect(await reply.getByLabel('Subject').inputValue()).toBe('RE: Staff meeting');
    expect(await reply.locator('.inbox__chip').allInnerTexts()).toEqual([expect.stringContaining('Annabel')]);
    expect(await reply.getByRole('textbox', { name: 'Body' }).innerText()).toContain('the agenda');
    await expectAccessible(b, 'Compose Reply');
    await reply.getByRole('textbox', { name: 'Body' }).click();
    await b.keyboard.press('Control+Home');
    await b.keyboard.type('I will be there.');
    await reply.getByRole('button', { name: 'Send' }).click();
    await b.getByText('Your message was sent successfully.').waitFor();

    const answer = row(a, 'RE: Staff meeting');
    await answer.waitFor({ timeout: 5_000 });
    expect(await answer.innerText()).toContain('I will be there.');
    expect(await isUnread(answer)).toBe(true);
  }, 90_000);

  it('a group message arrives too; its Reply and Reply All are disabled; select-all shows none, some and all', async () => {
    const b = benBrowser.page;
    const res = await app.post('/api/message/send', { subject: 'Holiday hours', body: '<p>Closed on Friday.</p>', recipients: [{ id: 'ALL-100', name: 'All ECE Professionals', email: '' }] }, manager.token);
    expect(res.statusCode, res.body).toBe(200);
    const group = row(b, 'Holiday hours');
    await group.waitFor({ timeout: 5_000 });
    await b.getByText(/Showing 1–2 of 2/).waitFor();
    await group.locator('.inbox__open').click();
    const opened = b.getByRole('dialog', { name: 'Holiday hours' });
    expect(await opened.getByRole('button', { name: 'Reply', exact: true }).isDisabled()).toBe(true);
    expect(await opened.getByRole('button', { name: 'Reply All' }).isDisabled()).toBe(true);
    await opened.getByRole('button', { name: 'Mark Unread' }).click();
    await opened.waitFor({ state: 'detached' });
    await expect.poll(() => isUnread(group)).toBe(true);

    expect(await selectAll(b).getAttribute('aria-checked')).toBe('false');
    expect(await toolbar(b).getByRole('button', { name: 'Archive' }).isDisabled()).toBe(true);
    await group.locator('.inbox__check label').click();
    expect(await selectAll(b).getAttribute('aria-checked')).toBe('mixed');
    await selectAll(b).click();
    expect(await selectAll(b).getAttribute('aria-checked')).toBe('true');
    expect(await inbox(b).getByRole('checkbox', { checked: true }).count()).toBe(2);
    await selectAll(b).click();
    expect(await selectAll(b).getAttribute('aria-checked')).toBe('false');
    await expectAccessible(b, 'Messages inbox with two messages');
  }, 60_000);

  it('archives and moves back, stars and filters Starred, marks unread, deletes', async () => {
    const b = benBrowser.page;
    const item = row(b, 'Staff meeting');
    await item.locator('.inbox__check label').click();
    await toolbar(b).getByRole('button', { name: 'Archive' }).click();
    await item.waitFor({ state: 'detached' });
    await choose(b, 'Folder', 'Archive');
    await row(b, 'Staff meeting').locator('.inbox__check label').click();
    await toolbar(b).getByRole('button', { name: 'Move to Inbox' }).click();
    await b.getByText('No Messages', { exact: true }).waitFor();
    await choose(b, 'Folder', 'Inbox');
    await item.waitFor();

    const star = item.getByRole('button', { name: /^Star message Staff meeting/ });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await choose(b, 'Filter', 'Starred');
    expect(await inbox(b).locator('.inbox__item').count()).toBe(1);
    await item.waitFor();
    await choose(b, 'Folder', 'Archive');
    expect(await toolbar(b).getByLabel('Filter', { exact: true }).inputValue()).toBe('None');
    await choose(b, 'Folder', 'Inbox');

    await item.locator('.inbox__check label').click();
    await toolbar(b).getByRole('button', { name: 'Mark Unread' }).click();
    await expect.poll(() => isUnread(item)).toBe(true);
    await choose(b, 'Filter', 'Unread');
    expect(await inbox(b).locator('.inbox__item').count()).toBe(2);
    await choose(b, 'Filter', 'None');

    await item.locator('.inbox__check label').click();
    await toolbar(b).getByRole('button', { name: 'Delete' }).click();
    await item.waitFor({ state: 'detached' });
    await b.getByText(/Showing 1–1 of 1/).waitFor();
    const copy = await app.database.db.knex('message_recipients').where({ user_id: ben.id }).whereNot('folder', 'Sent').orderBy('message_id').first('deleted') as { deleted: number | boolean };
    expect(Boolean(copy.deleted)).toBe(true);
  }, 60_000);

  it('the Sent folder names the recipients and hides the Filter and the actions', async () => {
    const a = annBrowser.page;
    await choose(a, 'Folder', 'Sent');
    const sent = row(a, 'Staff meeting');
    await sent.waitFor();
    expect(await sent.innerText()).toContain('Benedict');
    expect(await toolbar(a).getByLabel('Filter', { exact: true }).count()).toBe(0);
    for (const name of ['Mark Read', 'Mark Unread', 'Archive', 'Delete']) expect(await toolbar(a).getByRole('button', { name, exact: true }).count()).toBe(0);
    await sent.locator('.inbox__open').click();
    const opened = a.getByRole('dialog', { name: 'Staff meeting' });
    await opened.waitFor();
    expect(await opened.getByRole('button', { name: 'Mark Unread' }).count()).toBe(0);
    await expectAccessible(a, 'Sent folder with a message open');
    await opened.getByRole('button', { name: 'Close', exact: true }).click();
    await expectAccessible(a, 'Sent folder');
  }, 60_000);

  it('pages by 5: a new message goes to the top of page 1 and drops the last; later pages and the page size', async () => {
    const page = annBrowser.page;
    const cy = await app.user(['100'], 'Cyrus');
    const send = async (subject: string) => {
      const res = await app.post('/api/message/send', { subject, body: `<p>${subject} body</p>`, recipients: [{ id: cy.id, name: 'Cyrus', email: cy.userName }] }, ann.token);
      expect(res.statusCode, res.body).toBe(200);
    };
    for (let i = 1; i <= 6; i += 1) await send(`Note ${i}`);
    await signOutAt(page, app.url);
    await signInAt(page, app.url, cy.userName);
    await openMessages(page);
    const subjects = () => inbox(page).locator('.inbox__subject').allInnerTexts();
    expect(await subjects()).toEqual(['Note 6', 'Note 5', 'Note 4', 'Note 3', 'Note 2']);
    await page.getByText(/Showing 1–5 of 6/).waitFor();
    await send('Note 7');
    await row(page, 'Note 7').waitFor({ timeout: 5_000 });
    expect(await subjects()).toEqual(['Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    await page.getByText(/Showing 1–5 of 7/).waitFor();
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.getByText(/Showing 6–7 of 7/).waitFor();
    expect(await subjects()).toEqual(['Note 2', 'Note 1']);
    await page.getByLabel('Rows per page').selectOption('25');
    await page.getByText(/Showing 1–7 of 7/).waitFor();
    expect((await subjects())[0]).toBe('Note 7');
    await expectAccessible(page, 'Messages with paging');
  }, 60_000);

  it('fits 1280 and 390 px: the toolbar wraps, nothing scrolls sideways', async () => {
    const b = benBrowser.page;
    await openMessages(b);
    for (const width of [1280, 390]) {
      await b.setViewportSize({ width, height: 844 });
      await screenshot(b, `messages-${width}`);
      expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await row(b, 'Holiday hours').locator('.inbox__open').click();
      await b.getByRole('dialog', { name: 'Holiday hours' }).getByText('Closed on Friday.').waitFor();
      await screenshot(b, `message-open-${width}`);
      await b.getByRole('dialog', { name: 'Holiday hours' }).getByRole('button', { name: 'Close', exact: true }).click();
      await toolbar(b).getByRole('button', { name: 'Compose' }).click();
      await compose(b).waitFor();
      await screenshot(b, `message-compose-${width}`);
      expect(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await compose(b).getByRole('button', { name: 'Cancel' }).click();
      await compose(b).waitFor({ state: 'detached' });
    }
    await expectAccessible(b, 'Messages at 390 px');
    await b.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);
});
