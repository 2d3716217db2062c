import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { PreviewMetadata, VersionSummary } from '../../engine/metadata/admin-contract.js';
import type { TestUser } from '../support/test-app.js';
import { bothWidths, type Browser, expectAccessible, HAS_CHROMIUM, openBrowser, screenshot } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * The visual form builder (issue 13 parts 3 and 4): an administrator starts a new record type,
 * builds three fields and a show rule, sees the rule work in the live preview, checks the drafts
 * as the professional's metadata, publishes; a professional finds the menu entry, fills the form
 * in and sees the row; the administrator rolls back and the entry is gone for the professional.
 */

let app: ServedApp;
let browser: Browser;
let admin: TestUser;
let professional: TestUser;
const NAME = 'Volunteer Service';
/** the form id of the record type made in the first test */
let firstFormId: string | null = null;

/** Adds a field from the palette, names it and binds it to a new field of the record type. */
async function addTextField(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Text', exact: true }).click();
  const properties = page.getByRole('region', { name: /^Properties of/ });
  await properties.getByLabel('Label', { exact: true }).fill(label);
  await properties.getByLabel('Stored in field').selectOption({ label: 'New field named after the label' });
  await page.getByRole('region', { name: `Properties of ${label}` }).waitFor();
}

/** USWDS draws a checkbox on its label (the input itself is off screen): a click on the label, as a person does. */
async function tick(scope: Page | Locator, text: string): Promise<void> {
  await scope.locator('label', { hasText: text }).click();
}

/** A GET of the page's API with its signed-in session. */
async function pageGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const session = JSON.parse(sessionStorage.getItem('registry.session') ?? 'null') as { token: string } | null;
    const res = await fetch(url, { headers: { authorization: `Bearer ${session?.token ?? ''}` } });
    return res.json() as Promise<T>;
  }, `/api${path}`);
}

describe.skipIf(!HAS_CHROMIUM)('The form builder in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    admin = await app.user(['AdminUser'], 'ada');
    professional = await app.user(['100'], 'pat');
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an administrator builds a record type, a professional uses it, a rollback takes it away', async () => {
    const { page } = browser;
    await signInAt(page, app.url, admin.userName);
    await page.getByRole('link', { name: 'Metadata', exact: true }).first().click();
    await page.getByRole('link', { name: 'Form Builder', exact: true }).click();
    await page.getByRole('link', { name: 'New record type' }).click();
    await page.getByRole('heading', { name: 'New record type', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Create and add fields' }).click();
    await page.getByText('Enter a name.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await tick(page, 'EC Professional');
    await bothWidths(page, 'form-builder-wizard');
    await page.getByRole('button', { name: 'Create and add fields' }).click();
    await page.getByRole('heading', { name: 'Fields of the form' }).waitFor();
    await page.getByRole('heading', { name: 'Drafts (4)' }).waitFor();
    firstFormId = new URL(page.url()).searchParams.get('id');

    // three fields; the third shown only when the first has a value
    await addTextField(page, 'Organization');
    await tick(page.getByRole('region', { name: 'Properties of Organization' }), 'Required');
    await addTextField(page, 'Hours');
    await page.getByRole('region', { name: 'Properties of Hours' }).getByLabel('Kind of text').selectOption({ label: 'Number' });
    await addTextField(page, 'Role at the organization');
    await tick(page.getByRole('region', { name: 'Properties of Role at the organization' }), 'Hidden (until a rule shows it)');
    const rules = page.getByRole('region', { name: 'Rules of Role at the organization' });
    await rules.getByRole('button', { name: 'Add a rule' }).click();
    expect(await rules.getByLabel('Rule 1: what it does').inputValue()).toBe('show');
    await rules.getByRole('button', { name: 'Add a condition' }).click();
    const condition = rules.getByRole('group', { name: 'Condition of rule 1' });
    await expect.poll(() => condition.getByLabel('Field').inputValue()).toBe(`values.${await firstElementId(page)}`);
    expect(await condition.getByLabel('Test').inputValue()).toBe('isNotEmpty');

    // the rule works in the live preview
    const preview = page.getByRole('region', { name: 'Live preview' });
    await preview.getByLabel(/^Organization/).waitFor();
    expect(await preview.getByLabel(/^Role at the organization/).count()).toBe(0);
    await preview.getByLabel(/^Organization/).fill('Food Bank');
    await preview.getByLabel(/^Role at the organization/).waitFor();
    await bothWidths(page, 'form-builder');
    await preview.getByLabel(/^Organization/).fill('');
    await expect.poll(() => preview.getByLabel(/^Role at the organization/).count()).toBe(0);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('The drafts have no problems: they can be published.').waitFor();

    // the drafts as the professional's metadata: the menu entry for role 100 and the form with its rule
    const drafted = await pageGet<PreviewMetadata>(page, '/admin/metadata/preview');
    const route = drafted.routes.find((r) => r.displayName === NAME);
    expect(route?.roles).toEqual(['100']);
    const entity = drafted.entities.find((e) => e.displayName === NAME);
    expect(entity?.displayField).toBe('organization');
    expect(entity?.fields.map((f) => `${f.id}:${f.type}`)).toEqual(['userId:integer', 'organization:string', 'hours:number', 'roleAtTheOrganization:string']);
    const form = drafted.forms.find((f) => f.name === NAME);
    expect(form?.elements.map((e) => e.stimulus)).toEqual(['Organization', 'Hours', 'Role at the organization']);
    expect(form?.elements[2]?.rules).toEqual([{ action: 'show', when: { '!': { isEmpty: [{ var: `values.${form?.elements[0]?.id}` }] } } }]);

    // Preview as a professional: the role's menu holds the new entry, the form runs its show rule
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    await page.getByRole('heading', { name: 'Preview as a Role', level: 1 }).waitFor();
    await page.getByLabel('Role', { exact: true }).selectOption('100');
    await page.getByLabel('Route', { exact: true }).selectOption(route!.id);
    const frame = page.getByRole('region', { name: /^Preview as EC Professional/ });
    await expect.poll(() => frame.getByRole('navigation', { name: 'Menu of the previewed role' }).getByRole('button').allInnerTexts()).toContain(NAME);
    await page.getByLabel('Show', { exact: true }).selectOption('form');
    await page.getByLabel('Form', { exact: true }).selectOption(String(form!.id));
    await frame.getByLabel(/^Organization/).waitFor();
    expect(await frame.getByLabel(/^Role at the organization/).count()).toBe(0);
    await frame.getByLabel(/^Organization/).fill('Food Bank');
    await frame.getByLabel(/^Role at the organization/).waitFor();
    await bothWidths(page, 'form-builder-preview-as-professional');

    await page.getByLabel('Comment for this version (required)').fill('Volunteer service records');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: /Version 1 is published/ }).waitFor();

    // a professional finds the menu entry and fills the form in
    await signOutAt(page, app.url);
    await signInAt(page, app.url, professional.userName);
    await page.getByRole('link', { name: NAME }).first().click();
    await page.getByRole('button', { name: /^Add New/ }).click();
    const dialog = page.getByRole('dialog', { name: `Add ${NAME}` });
    await dialog.getByLabel(/^Hours/).waitFor();
    expect(await dialog.getByLabel(/^Role at the organization/).count()).toBe(0);
    await dialog.getByLabel(/^Organization/).fill('Food Bank');
    await dialog.getByLabel(/^Hours/).fill('12');
    await dialog.getByLabel(/^Role at the organization/).fill('Driver');
    await expectAccessible(page, 'new record type form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: /Food Bank/ });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.innerText()).toContain('Driver');
    await screenshot(page, 'form-builder-record-type-grid-1280');

    // the administrator rolls back on the Versions page: the entry is gone for the professional, the row stays
    const versions = (await app.app.inject({ method: 'GET', url: '/api/admin/metadata/versions', headers: { authorization: `Bearer ${admin.token}` } })).json<VersionSummary[]>();
    expect(versions[0]?.comment).toBe('Volunteer service records');
    await signOutAt(page, app.url);
    await signInAt(page, app.url, admin.userName);
    await page.goto(`${app.url}/dashboard/metadata/versions`);
    await page.getByRole('button', { name: 'Roll back to version 0' }).click();
    const rollback = page.getByRole('dialog', { name: 'Roll Back to Version 0' });
    await rollback.getByLabel('Comment (required)').fill('Not yet');
    await rollback.getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('status').filter({ hasText: /Version 0 is restored as version/ }).waitFor();
    const kept = await app.app.ctx.db.knex('records').where({ entity_type_id: entity!.id }).count({ n: '*' });
    expect(Number(kept[0]?.n)).toBe(1);
    await signOutAt(page, app.url);
    await signInAt(page, app.url, professional.userName);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
    await expect.poll(() => page.getByRole('link', { name: NAME }).count()).toBe(0);
  }, 240_000);

  it('an existing form opens with its rules read back, a condition it cannot read kept as JSON, and a published field offered Hide', async () => {
    const { page } = browser;
    await signOutAt(page, app.url);
    await signInAt(page, app.url, admin.userName);
    // the rolled-back record type's ids are not given again
    await page.goto(`${app.url}/dashboard/metadata/form-builder?new=1`);
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await tick(page, 'EC Professional');
    await page.getByRole('button', { name: 'Create and add fields' }).click();
    await page.getByRole('heading', { name: 'Fields of the form' }).waitFor();
    expect(firstFormId).toMatch(/^\d+$/);
    expect(Number(new URL(page.url()).searchParams.get('id'))).toBeGreaterThan(Number(firstFormId));

    await page.goto(`${app.url}/dashboard/metadata/form-builder?id=2`);
    await page.getByRole('heading', { name: 'Fields of the form' }).waitFor();
    await page.getByRole('button', { name: 'Major or Field of Study', exact: true }).click();
    const condition = page.getByRole('group', { name: 'Condition of rule 1' });
    expect(await page.getByRole('region', { name: 'Rules of Major or Field of Study' }).getByLabel('Rule 1: what it does').inputValue()).toBe('hide');
    expect(await condition.getByLabel('Field').inputValue()).toBe('values.2001');
    expect(await condition.getByLabel('Test').inputValue()).toBe('in');

    // the live preview runs the form's rules: Credit Hours shows for education level 3 only
    const preview = page.getByRole('region', { name: 'Live preview' });
    await preview.getByLabel(/^Education Level/).waitFor();
    expect(await preview.getByLabel(/^Credit Hours Earned/).count()).toBe(0);

    // removing a field of the published form offers Hide (saved answers stay)
    await page.getByRole('button', { name: 'Remove Major or Field of Study' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove a published field' });
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => page.locator('.form-builder__element', { hasText: 'Major or Field of Study' }).innerText()).toContain('hidden');
    await expect.poll(() => preview.getByLabel(/^Major or Field of Study/).count()).toBe(0);

    // a condition over the stored record is not the builder's to edit: shown as JSON, kept
    await page.goto(`${app.url}/dashboard/metadata/form-builder?id=6`);
    await page.getByRole('heading', { name: 'Rules of Agency' }).waitFor();
    const kept = page.getByRole('group', { name: 'Condition of rule 1' });
    await kept.getByText('This condition cannot be edited here').waitFor();
    expect(await kept.locator('pre').innerText()).toContain('row.requestCount');
    await expectAccessible(page, 'form builder on the employment form');
  }, 120_000);
});

/** The id of the first element of the form open in the builder (shown in its list entry). */
async function firstElementId(page: Page): Promise<string> {
  const meta = await page.locator('.form-builder__element-meta').first().innerText();
  return meta.split('·')[1]!.trim();
}
