import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAccount } from '../../server/domain/sessions/sign-in-lock.js';
import { addEmployment, addOrganization, personWith, type Person } from '../support/employment.js';
import type { TestUser } from '../support/test-app.js';
import { bothWidths, type Browser, expectAccessible, HAS_CHROMIUM, openBrowser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let admin: TestUser;
let target: Person;
const NAME = 'Quincy Quarrington';
const AGENCY = 'Little Acorns Learning Center';

describe.skipIf(!HAS_CHROMIUM)('Manage Users in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const acorns = await addOrganization(app, AGENCY);
    admin = await app.user(['AdminUser'], 'ada');
    target = await personWith(app, 'Quincy', [{ role: '100' }]);
    await addEmployment(app, target.token, { agencyId: acorns });
    const knex = app.database.db.knex;
    await knex('users').where({ id: target.id }).update({ last_name: 'Quarrington', confirmed: false });
    await lockAccount(app.app.ctx, admin.id, target.id);
    // others on the list, so the filter has something to leave out
    for (const n of ['Avery', 'Blake', 'Casey']) await personWith(app, n, [{ role: '100' }]);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an administrator finds a user, confirms and unlocks them, grants and removes a role', async () => {
    const { page } = browser;
    await signInAt(page, app.url, admin.userName);
    await page.goto(`${app.url}/dashboard/manage-users`);
    await page.getByRole('heading', { name: 'Manage Users', level: 1 }).waitFor();
    const table = page.getByRole('table');
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(2);
    await page.getByRole('button', { name: 'Filter by Last Name' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('quarr');
    await page.getByRole('button', { name: 'Apply Filter' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => gridRow(page, NAME).count()).toBe(1);
    await expectAccessible(page, 'manage users (filtered)');
    await bothWidths(page, 'manage-users-grid');

    await runRowAction(page, NAME, 'Confirm User');
    const confirm = page.getByRole('dialog', { name: 'Confirm User' });
    await expect.poll(() => confirm.innerText()).toContain(`Confirm the account of ${NAME}?`);
    await expectAccessible(page, 'confirm user dialog');
    await confirm.getByRole('button', { name: 'Confirm User' }).click();
    await page.getByRole('status').filter({ hasText: `${NAME} is confirmed!` }).waitFor();
    await expect.poll(async () => Boolean((await app.database.db.knex('users').where({ id: target.id }).first('confirmed')).confirmed)).toBe(true);

    await runRowAction(page, NAME, 'Unlock User');
    const unlock = page.getByRole('dialog', { name: 'Unlock User' });
    await unlock.getByRole('button', { name: 'Unlock User' }).click();
    await page.getByRole('status').filter({ hasText: `${NAME} is unlocked.` }).waitFor();
    await expect.poll(async () => Boolean((await app.database.db.knex('users').where({ id: target.id }).first('locked')).locked)).toBe(false);
    // both actions are gone from the row once done (the grid reloads)
    await expect.poll(() => gridRow(page, NAME).innerText()).not.toContain('Unlock User');

    // View (every grid's) opens the person's Personal Information (form 1), read-only until Edit
    await gridRow(page, NAME).getByRole('button', { name: /^View/ }).click();
    const view = page.getByRole('dialog', { name: 'View User' });
    await expect.poll(async () => view.getByLabel('First Name').inputValue()).toBe('Quincy');
    await view.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await runRowAction(page, NAME, 'User Access Permissions');
    const modal = page.getByRole('dialog', { name: 'User Access Permissions' });
    const coach = modal.getByRole('checkbox', { name: 'Coach (300)' });
    await coach.waitFor();
    expect(await modal.getByRole('checkbox', { name: /\(250\)/ }).count()).toBe(0);
    expect(await coach.isChecked()).toBe(false);
    await expectAccessible(page, 'user access permissions');
    // USWDS draws the box on the label (the input itself is off screen), as a person clicks it
    const label = (scope: typeof modal, text: string) => scope.locator('label', { hasText: text });
    await label(modal, 'Coach (300)').click();
    await modal.getByRole('status').filter({ hasText: 'Coach (300) granted.' }).waitFor();
    await expect.poll(() => coach.isChecked()).toBe(true);
    await expect.poll(async () => (await app.database.db.knex('user_roles').where({ user_id: target.id, role: '300', active: true }).first()) !== undefined).toBe(true);

    // a refused toggle says why and stays as it was: the director role needs the staff role there
    const director = modal.getByRole('group', { name: AGENCY }).getByRole('checkbox', { name: 'Director' });
    await label(modal.getByRole('group', { name: AGENCY }), 'Director').click();
    await modal.getByRole('alert').filter({ hasText: 'The Director role (200) can be changed at an organization only while the user holds the Staff role (100) there.' }).waitFor();
    await expect.poll(() => director.isChecked()).toBe(false);
    await bothWidths(page, 'manage-users-permissions');

    await label(modal, 'Coach (300)').click();
    await modal.getByRole('status').filter({ hasText: 'Coach (300) removed.' }).waitFor();
    await expect.poll(() => coach.isChecked()).toBe(false);
    await expect.poll(async () => (await app.database.db.knex('user_roles').where({ user_id: target.id, role: '300', active: true }).first()) === undefined).toBe(true);
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => modal.count()).toBe(0);
  }, 120_000);
});
