import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestUser } from '../support/test-app.js';
import { addEducation, LEVEL } from '../support/records.js';
import { bothWidths, type Browser, HAS_CHROMIUM, openBrowser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

/**
 * The grid editor and the preview as a role (issue 13): an administrator adds and moves a column of
 * the Education grid and a default filter, sees the live preview change on real data after saving
 * the draft, then previews the Education route as an EC Professional (role 100) with the draft
 * applied: the new column shows, and the role's menu is not the administrator's.
 */

let app: ServedApp;
let browser: Browser;
let admin: TestUser;

const headers = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('thead th').allInnerTexts();
const rowCount = (page: Page, table: string) => page.getByRole('table', { name: table }).locator('tbody tr').count();
/** Column titles: each header cell's first line (sort and filter buttons follow it). */
const trimmed = (list: string[]) => list.map((s) => s.split('\n')[0]!.trim()).filter(Boolean);

describe.skipIf(!HAS_CHROMIUM)('Grid editor and preview as a role in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    admin = await app.user(['AdminUser'], 'ada');
    await addEducation(app, admin.token, { level: LEVEL.someCollege, school: 'Middle Tennessee State University', major: 'Early Childhood', credits: '45', end: '2015-05-01' });
    await addEducation(app, admin.token, { level: LEVEL.associate, school: 'Nashville State Community College', major: 'Child Development', credits: '60', end: '2012-05-01' });
    await addEducation(app, admin.token, { level: LEVEL.master, school: 'Belmont University', major: 'Education', credits: '36', end: '2019-05-01' });
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('an administrator edits the Education grid, sees the preview change, and previews the route as role 100', async () => {
    const { page } = browser;
    await signInAt(page, app.url, admin.userName);
    await page.goto(`${app.url}/dashboard/metadata/grid-editor?id=education`);
    await page.getByRole('heading', { name: 'Grid Editor', level: 1 }).waitFor();
    const preview = 'Preview of Education';
    await expect.poll(() => rowCount(page, preview)).toBe(3);
    expect(trimmed(await headers(page, preview))).not.toContain('Credit Hours Earned');

    // add the credit hours column and move it before Verification Status
    await page.getByLabel('Field to add as a column').selectOption('creditHours');
    await page.getByRole('button', { name: 'Add column' }).click();
    await page.getByRole('group', { name: 'Column 6: Credit Hours Earned' }).waitFor();
    await page.getByRole('button', { name: 'Move up Credit Hours Earned' }).click();
    await page.getByRole('group', { name: 'Column 5: Credit Hours Earned' }).waitFor();
    // a default filter: schools containing "State"
    await page.getByRole('button', { name: 'Add default filter' }).click();
    const filter = page.getByRole('group', { name: 'Default filter 1' });
    await filter.getByLabel('Column', { exact: true }).selectOption({ label: 'School' });
    await filter.getByLabel('Operation', { exact: true }).selectOption('Contains');
    await filter.getByLabel('Value', { exact: true }).fill('State');
    await page.getByRole('status').filter({ hasText: 'Changes not saved yet' }).waitFor();
    // a new row action shown by a rule built in the query builder
    await page.getByLabel('Label of a new row action').fill('Send Reminder');
    await page.getByRole('button', { name: 'Add row action' }).click();
    const builder = page.getByRole('form', { name: 'Shown when: Send Reminder' });
    await builder.getByRole('button', { name: '+ Rule' }).click();
    await builder.locator('select.rule-fields').selectOption('row.school');
    await builder.locator('select.rule-operators').selectOption('contains');
    await builder.locator('input.rule-value').fill('State');
    // the rule built reads back into the builder (Request Verification, whose named rules the
    // builder read here before, is the verification workflow's step now, not a row action)
    expect(await builder.locator('.rule').count()).toBe(1);
    await bothWidths(page, 'grid-editor');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('The draft of grid education is saved.').waitFor();
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    // the preview runs on the draft: the new column in its place, the default filter applied on real data
    await expect.poll(async () => trimmed(await headers(page, preview)).join('|')).toContain('End Date|Credit Hours Earned|Verification Status');
    await expect.poll(() => rowCount(page, preview)).toBe(2);
    const table = page.getByRole('table', { name: preview });
    await expect.poll(() => table.innerText()).toContain('45');
    expect(await table.innerText()).not.toContain('Belmont University');
    await bothWidths(page, 'grid-editor-preview');

    // the draft holds the rule as json-logic
    const stored = await app.app.inject({ method: 'GET', url: '/api/admin/metadata/document?kind=grid&id=education', headers: { authorization: `Bearer ${admin.token}` } });
    const draft = stored.json<{ draft: { rowActions: Array<{ id: string; visible?: unknown }> } }>().draft;
    expect(draft.rowActions.find((a) => a.id === 'send-reminder')?.visible).toEqual({ in: ['State', { var: 'row.school' }] });
    // the draft stays a draft: the published Education grid is unchanged
    const published = await app.app.inject({ method: 'GET', url: '/api/metadata', headers: { authorization: `Bearer ${admin.token}` } });
    const grid = published.json<{ grids: Array<{ id: string; columns: Array<{ propertyName: string }> }> }>().grids.find((g) => g.id === 'education');
    expect(grid?.columns.map((c) => c.propertyName)).not.toContain('creditHours');

    // Preview as role 100 for the Education route: the draft column, the role's own menu
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    await page.getByRole('heading', { name: 'Preview as a Role', level: 1 }).waitFor();
    await page.getByLabel('Role', { exact: true }).selectOption('100');
    await page.getByLabel('Route', { exact: true }).selectOption('profile-education');
    const frame = page.getByRole('region', { name: /^Preview as EC Professional/ });
    await frame.waitFor();
    const inFrame = frame.getByRole('table');
    await expect.poll(async () => trimmed(await inFrame.locator('thead th').allInnerTexts())).toContain('Credit Hours Earned');
    await expect.poll(() => inFrame.locator('tbody tr').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('route')).toBe('profile-education');
    expect(new URL(page.url()).searchParams.get('role')).toBe('100');
    const roleMenu = frame.getByRole('navigation', { name: 'Menu of the previewed role' });
    await expect.poll(() => roleMenu.getByRole('button').count()).toBeGreaterThan(0);
    const roleEntries = await roleMenu.getByRole('button').allInnerTexts();
    const adminEntries = await page.getByRole('navigation', { name: 'Dashboard', exact: true }).getByRole('link').allInnerTexts();
    expect(adminEntries).toContain('Manage Users');
    expect(roleEntries).not.toContain('Manage Users');
    expect(roleEntries).not.toContain('Metadata');
    await bothWidths(page, 'metadata-preview');

    // the same frame as the System Administrator: that role's menu
    await page.getByLabel('Role', { exact: true }).selectOption('AdminUser');
    const adminFrame = page.getByRole('region', { name: /^Preview as System Administrator/ });
    await expect.poll(() => adminFrame.getByRole('navigation', { name: 'Menu of the previewed role' }).getByRole('button').allInnerTexts()).toContain('Manage Users');
    // the Education form as role 100 fills it in, with the form's rules
    await page.getByLabel('Role', { exact: true }).selectOption('100');
    await page.getByLabel('Show', { exact: true }).selectOption('form');
    await page.getByLabel('Form', { exact: true }).selectOption('2');
    const formFrame = page.getByRole('region', { name: /^Preview as EC Professional/ });
    await formFrame.getByRole('heading', { name: 'Education' }).waitFor();
    await expect.poll(() => formFrame.getByText('School or Institution').count()).toBeGreaterThan(0);
    // the form's show rule runs in the preview: credit hours appear for some college
    expect(await formFrame.getByLabel('Credit Hours Earned').count()).toBe(0);
    await formFrame.getByLabel('Education Level').selectOption({ label: 'Some College' });
    await formFrame.getByLabel('Credit Hours Earned').waitFor();
    await bothWidths(page, 'metadata-preview-form');
    await page.getByLabel('Show', { exact: true }).selectOption('route');
    // a tabs route shows its sections for the role in the frame; a section opens there too
    await page.getByLabel('Route', { exact: true }).selectOption('profile');
    const sections = page.getByRole('navigation', { name: 'Sections of My Profile' });
    await sections.getByRole('button', { name: 'Education' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('route')).toBe('profile-education');
    await expect.poll(() => page.getByRole('region', { name: /^Preview as EC Professional/ }).getByRole('table').locator('tbody tr').count()).toBe(2);
    // a route the role may not open says where the route guard sends it
    await page.getByLabel('Route', { exact: true }).selectOption('manage-users');
    await page.getByRole('region', { name: /^Preview as EC Professional/ }).getByText('This role cannot open Manage Users').waitFor();
    // previews ask their reading data calls with the draft header; the application's own metadata,
    // the administration calls and, once the preview is gone, every other call ask without it
    const drafted = (r: { url: () => string; headers: () => Record<string, string> }) => r.headers()['x-metadata-draft'] !== undefined;
    const seen: Array<{ url: string; draft: boolean }> = [];
    page.on('request', (r) => { if (r.url().includes('/api/')) seen.push({ url: new URL(r.url()).pathname, draft: drafted(r) }); });
    // another tenant's metadata (its folder): the records are this server's published data, without the draft header
    await page.getByLabel('Tenant', { exact: true }).selectOption('al');
    await page.getByRole('region', { name: /^Preview as EC Professional, AL Early Childhood Registry/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('tenant')).toBe('al');
    await page.getByText('the records in it are the published data of').waitFor();
    await page.getByLabel('Route', { exact: true }).selectOption('profile-education');
    await page.getByRole('region', { name: /^Preview as EC Professional, AL/ }).getByRole('table').waitFor();
    await expect.poll(() => seen.some((r) => r.url === '/api/grid')).toBe(true);
    expect(seen.filter((r) => r.draft)).toEqual([]);
    await bothWidths(page, 'metadata-preview-other-tenant');
    seen.length = 0;
    await page.getByLabel('Tenant', { exact: true }).selectOption('tn');
    await expect.poll(() => seen.some((r) => r.url === '/api/metadata')).toBe(true);
    await expect.poll(() => seen.some((r) => r.url === '/api/grid')).toBe(true);
    expect(seen.filter((r) => r.url === '/api/metadata').every((r) => !r.draft)).toBe(true);
    expect(seen.filter((r) => r.url.startsWith('/api/admin/')).every((r) => !r.draft)).toBe(true);
    expect(seen.filter((r) => r.url === '/api/grid').every((r) => r.draft)).toBe(true);
    expect(await page.getByText('the records in it are the published data of').count()).toBe(0);

    // back in the grid editor, Discard draft brings the published grid back, in the preview too
    await page.getByRole('link', { name: 'Grid Editor', exact: true }).click();
    await page.getByLabel('Grid', { exact: true }).selectOption('education');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => rowCount(page, preview)).toBe(2);
    seen.length = 0;
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('dialog', { name: 'Discard Grid Draft' }).getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('heading', { name: 'Drafts (0)' }).waitFor();
    await expect.poll(() => rowCount(page, preview)).toBe(3);
    expect(trimmed(await headers(page, preview))).not.toContain('Credit Hours Earned');
    expect(seen.filter((r) => r.url === '/api/grid').every((r) => r.draft)).toBe(true);
    seen.length = 0;
    await page.getByRole('link', { name: 'Manage Users' }).first().click();
    await page.getByRole('heading', { name: 'Manage Users', level: 1 }).waitFor();
    await expect.poll(() => seen.some((r) => r.url === '/api/grid')).toBe(true);
    expect(seen.filter((r) => r.url.startsWith('/api/grid')).every((r) => !r.draft)).toBe(true);
  }, 180_000);
});
