import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEndorsement } from '../support/personal-records.js';
import { expectAccessible, HAS_CHROMIUM, openBrowser, screenshot, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * A professional adds a training record and a membership and looks at an endorsement; her director
 * opens her User Records view and approves the attestation for their organization (tenant jh, where
 * professionals add their own training records).
 */
let app: ServedApp;
let browser: Browser;
let maria: Person;
let james: Person;

const signOut = (page: Page) => signOutAt(page, app.url);

describe.skipIf(!HAS_CHROMIUM)('records and the User Records view in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('jh');
    const acorns = await addOrganization(app, 'Little Acorns Learning Center');
    maria = await addPerson(app, 'Maria', [{ role: '100', organizationId: acorns }]);
    james = await addPerson(app, 'James', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
    await addEndorsement(app, maria.id);
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a professional adds a training record', async () => {
    const { page } = browser;
    await signInAt(page, app.url, maria.userName);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Training Records' }).click();
    await page.waitForURL(/\/dashboard\/training$/);
    await expect.poll(() => page.getByText('No Data to Display').count()).toBe(1);
    await expectAccessible(page, 'training records grid (empty)');
    await page.getByRole('button', { name: 'Add New Training Record record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Training Record' });
    await dialog.getByText('Online', { exact: true }).click();
    await expect.poll(() => dialog.getByLabel('Online').isChecked()).toBe(true);
    await dialog.getByLabel('Training Title').fill('Supporting Early Literacy Through Play');
    await dialog.getByLabel('Training Provider or Sponsor').fill('Tennessee Early Childhood Training Alliance');
    await dialog.getByLabel('Date Completed').fill('2024-04-12');
    await dialog.getByLabel('Training Hours').fill('0');
    await dialog.getByLabel('Core Knowledge Area').selectOption({ label: 'Learning Environments and Curriculum' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.innerText()).toContain('Enter the hours as a number above 0');
    await expectAccessible(page, 'training record form with an error');
    await screenshot(page, 'training-form-error');
    await dialog.getByLabel('Training Hours').fill('3.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('table').innerText()).toContain('Supporting Early Literacy Through Play');
    expect(await page.getByRole('table').innerText()).toContain('04/12/2024');
    await expectAccessible(page, 'training records grid');
    await screenshot(page, 'training-records');
  });

  it('a professional adds a membership on the profile tab', async () => {
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('link', { name: 'Membership' }).click();
    await page.waitForURL(/\/dashboard\/profile\/membership$/);
    await page.getByRole('button', { name: 'Add New Membership record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Membership' });
    await dialog.getByLabel('Professional Organization').fill('National Association for the Education of Young Children');
    await dialog.getByLabel('Membership Type').selectOption({ label: 'Individual' });
    await dialog.getByLabel('Member Since').fill('2019-01-15');
    await dialog.getByLabel('Expiration Date').fill('2027-01-15');
    await expectAccessible(page, 'membership form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByRole('table').innerText()).toContain('National Association for the Education of Young Children');
    await expect.poll(() => page.getByRole('button', { name: 'Continue to Dashboard' }).count()).toBe(1);
    await expectAccessible(page, 'membership tab');
  });

  it('opens the Endorsement Details modal from the certification grid, with the type label', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Certification / Credentials' }).click();
    await page.getByRole('button', { name: /^View Infant and Early Childhood Mental Health Endorsement/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Endorsement Details' });
    await expect.poll(() => dialog.innerText()).toContain('Infant and Early Childhood Mental Health Endorsement');
    const text = await dialog.innerText();
    for (const part of ['Infant Family Specialist', 'Alliance for the Advancement of Infant Mental Health', '06/01/2023', '06/01/2025', '05/01/2025', 'Maria Tester']) expect(text).toContain(part);
    expect(await page.getByRole('button', { name: /^Edit Infant and Early Childhood Mental Health Endorsement/ }).count()).toBe(0);
    await expectAccessible(page, 'endorsement details');
    await screenshot(page, 'endorsement-details');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await signOut(page);
  });

  it("a director opens the person's records and approves the attestation", async () => {
    const { page } = browser;
    await signInAt(page, app.url, james.userName);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe("Director's Dashboard");
    await page.goto(`${app.url}/dashboard/user-records/${maria.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().innerText()).toBe('Records of Maria Tester');
    const sections = await page.locator('.usa-accordion__button').allInnerTexts();
    expect(sections).toEqual(['Education', 'Certification/Credential', 'Training Record', 'PDP Self Assessment', 'PDP Required Training', 'PDP Goals', 'Attestations']);
    await expectAccessible(page, 'user records view (director)');
    await page.getByRole('button', { name: 'Training Record', exact: true }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Training Record records of Maria Tester' }).innerText()).toContain('Supporting Early Literacy Through Play');
    await page.getByRole('button', { name: 'View Supporting Early Literacy Through Play' }).first().click();
    const view = page.getByRole('dialog', { name: /^View Training Record/ });
    await expect.poll(() => view.getByLabel('Training Title').inputValue()).toBe('Supporting Early Literacy Through Play');
    expect(await view.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await expectAccessible(page, 'training record in view mode (director)');
    await view.getByRole('button', { name: 'Close this window' }).click();

    await page.getByRole('button', { name: 'Attestations' }).click();
    const box = page.getByLabel('I attest for Little Acorns Learning Center');
    const tick = () => page.getByText('I attest for Little Acorns Learning Center').click();
    await expect.poll(() => box.isEnabled()).toBe(true);
    await expect.poll(() => page.getByText('Not attested yet.', { exact: false }).count()).toBe(1);
    await expectAccessible(page, 'attestations (director)');
    await tick();
    let confirm = page.getByRole('dialog', { name: 'Confirm Attestation' });
    await expect.poll(() => confirm.innerText()).toContain('Little Acorns Learning Center');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => box.isChecked()).toBe(false);

    await tick();
    confirm = page.getByRole('dialog', { name: 'Confirm Attestation' });
    await confirm.getByLabel('Comment (optional)').fill('Reviewed her certificates with her.');
    await expectAccessible(page, 'attestation confirmation');
    await confirm.getByRole('button', { name: 'Attest' }).click();
    await expect.poll(() => page.getByText(/Attested by James Tester on/).count()).toBe(1);
    expect(await box.isChecked()).toBe(true);
    expect(await box.isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('Reviewed her certificates with her.').count()).toBe(1);
    await expectAccessible(page, 'attestation approved');
    await screenshot(page, 'user-records-attested');
    const stored = await app.database.db.knex('attestations').where({ user_id: maria.id }).first('approved', 'attestor_id');
    expect(stored).toMatchObject({ attestor_id: james.id });
  });
});
