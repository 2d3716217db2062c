import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DocumentDetail } from '../../engine/metadata/admin-contract.js';
import type { TestUser } from '../support/test-app.js';
import { bothWidths, type Browser, expectAccessible, HAS_CHROMIUM, openBrowser, screenshot } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * The metadata administration screens (issue 13): an administrator finds a form, edits it in the
 * JSON editor, sees inline errors, publishes a version, diffs and rolls it back; a published change
 * reaches the browser on its next navigation; a professional neither sees nor reaches the screens.
 */

let app: ServedApp;
let browser: Browser;
let admin: TestUser;
let professional: TestUser;
const OLD_LABEL = 'School or Institution';
const NEW_LABEL = 'School, College or Institution';

/** An administration call over HTTP with a person's token (PUT included, which TestApp.post lacks). */
async function adminCall(method: 'GET' | 'PUT' | 'POST', path: string, token: string, body?: object) {
  return app.app.inject({ method, url: `/api/admin/metadata${path}`, payload: body, headers: { authorization: `Bearer ${token}` } });
}

/** Replaces the editor's whole text, as a paste would. */
async function setEditorText(page: Page, value: unknown): Promise<void> {
  const content = page.locator('.cm-content');
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(value, null, 2));
  // back to the top: the editor draws (and marks) only the lines in view
  await page.keyboard.press('ControlOrMeta+Home');
}

describe.skipIf(!HAS_CHROMIUM)('Metadata administration in Chromium', () => {
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

  it('an administrator edits a form in the JSON editor, publishes, diffs and rolls back', async () => {
    const { page } = browser;
    await signInAt(page, app.url, admin.userName);
    await page.getByRole('link', { name: 'Metadata', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Metadata', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Drafts (0)' }).waitFor();
    await page.getByLabel('Kind').selectOption('form');
    await page.getByLabel('Filter by name or id').fill('educ');
    const item = page.locator('.metadata-admin__document', { hasText: 'Education' });
    await expect.poll(() => item.count()).toBe(1);
    await expect.poll(() => item.textContent()).toContain('base');
    await bothWidths(page, 'metadata-documents');

    await item.getByRole('link', { name: /^Edit JSON/ }).click();
    await page.getByRole('heading', { name: 'Education (form 2)' }).waitFor();
    // the editor draws only the lines in view
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain('"name": "Education"');
    await bothWidths(page, 'metadata-document');

    const detail = (await adminCall('GET', '/document?kind=form&id=2', admin.token)).json<DocumentDetail>();
    const form = structuredClone(detail.value) as { name: unknown; elements: Array<Record<string, unknown>> };
    // an invalid value: the schema marks it in the text at once, the registry's problem after Save draft
    form.name = 5;
    await setEditorText(page, form);
    await page.locator('.cm-lintRange-error').first().waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    await page.getByText('Problems marked in the text: 1.').waitFor();
    await screenshot(page, 'metadata-document-problems-1280');

    form.name = 'Education';
    form.elements[1] = { ...form.elements[1], stimulus: NEW_LABEL };
    await setEditorText(page, form);
    // unsaved text: Publish (of the saved drafts) waits and says why
    const publishButton = page.getByRole('button', { name: 'Publish' });
    await page.getByText('Save your draft first: this screen has unsaved changes').waitFor();
    expect(await publishButton.isDisabled()).toBe(true);
    expect(await publishButton.getAttribute('aria-describedby')).toBeTruthy();
    // leaving asks first; staying keeps the text
    await page.getByRole('link', { name: 'Versions' }).click();
    const leave = page.getByRole('dialog', { name: 'Unsaved Data Warning' });
    await expect.poll(() => leave.innerText()).toContain('Are you sure you want to leave without saving?');
    await expectAccessible(page, 'leave guard dialog');
    await bothWidths(page, 'metadata-document-leave-guard');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard/metadata/document');
    // the text is still the unsaved one (the editor draws only the lines in view)
    expect(await page.locator('.metadata-admin__count').innerText()).toContain('Unsaved changes.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft saved. The drafts can be published.' }).waitFor();
    await expect.poll(() => page.locator('.metadata-admin__origins').innerText()).toContain('/elements/1/stimulus');

    // Publish needs a comment
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Enter a comment that says what this version changes.').waitFor();
    await page.getByLabel('Comment for this version (required)').fill('Clearer school label');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 1 is published.' }).waitFor();
    await page.getByRole('heading', { name: 'Drafts (0)' }).waitFor();
    // the screen loads again: the published document, no draft left to discard
    await expect.poll(() => page.getByText('Showing your draft of this document.').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Discard draft' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);

    await page.getByRole('link', { name: 'Versions' }).click();
    await page.getByRole('heading', { name: 'Metadata Versions', level: 1 }).waitFor();
    const v1 = page.locator('.metadata-admin__version', { hasText: 'Version 1' });
    await expect.poll(() => v1.innerText()).toContain('Clearer school label');
    await page.getByLabel('From version', { exact: true }).selectOption('0');
    await page.getByLabel('To version', { exact: true }).selectOption('1');
    await page.getByRole('button', { name: 'Show changes' }).click();
    const diff = page.getByRole('region', { name: 'Changes from version 0 to version 1' });
    await expect.poll(() => diff.innerText()).toContain('/elements/1/stimulus');
    expect(await diff.innerText()).toContain(NEW_LABEL);
    expect(await diff.locator('del', { hasText: OLD_LABEL }).count()).toBe(1);
    await bothWidths(page, 'metadata-versions');

    // Export downloads the published layer as one file, which Import puts back into the drafts
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { tenant: string; files: Record<string, unknown> };
    expect(exported.tenant).toBe('tn');
    expect(JSON.stringify(exported.files)).toContain(NEW_LABEL);

    await page.getByRole('button', { name: 'Roll back to version 0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll Back to Version 0' });
    await expectAccessible(page, 'roll back dialog');
    expect(await dialog.getByRole('button', { name: 'Roll back' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Comment (required)').fill('Back to the files');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 0 is restored as version 2.' }).waitFor();
    await expect.poll(() => page.locator('.metadata-admin__version', { hasText: 'Version 2' }).innerText()).toContain('Back to the files');
    const restored = (await adminCall('GET', '/document?kind=form&id=2', admin.token)).json<DocumentDetail>();
    expect(JSON.stringify(restored.value)).toContain(OLD_LABEL);

    await page.getByLabel('Layer file to import').setInputFiles({ name: 'layer.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^Files imported into your drafts/ }).waitFor();
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    const imported = (await adminCall('GET', '/document?kind=form&id=2', admin.token)).json<DocumentDetail>();
    expect(JSON.stringify(imported.draft)).toContain(NEW_LABEL);
    await page.getByRole('button', { name: 'Discard all drafts' }).click();
    await page.getByRole('dialog', { name: 'Discard All Drafts' }).getByRole('button', { name: 'Discard All Drafts' }).click();
    await page.getByRole('heading', { name: 'Drafts (0)' }).waitFor();
  }, 180_000);

  it('deleting a form still named elsewhere is drafted, then refused at publish with the reasons of the registry', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/dashboard/metadata/document?kind=form&id=2`);
    await page.getByRole('heading', { name: 'Education (form 2)' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Document' }).getByRole('button', { name: 'Delete Document' }).click();
    await page.getByRole('status').filter({ hasText: 'The removal is drafted.' }).waitFor();
    await page.getByText('You have drafted the removal of this document.').waitFor();
    await page.getByLabel('Comment for this version (required)').fill('Remove education');
    await page.getByRole('button', { name: 'Publish' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The drafts cannot be published:' });
    // the registry's own reasons, by file and pointer: the grids and the entity still name the form
    await expect.poll(() => refused.innerText()).toContain('metadata/grids/education.json /formId: grid names missing form 2');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('dialog', { name: 'Discard Draft' }).getByRole('button', { name: 'Discard Draft' }).click();
    await page.getByRole('heading', { name: 'Drafts (0)' }).waitFor();
  }, 60_000);

  it('publishing a read rule that opens every row to every role asks for a confirmation first', async () => {
    const { page } = browser;
    const entity = (await adminCall('GET', '/document?kind=entity&id=4', admin.token)).json<DocumentDetail>().value as { access?: Record<string, unknown> };
    expect((await adminCall('PUT', '/draft', admin.token, { kind: 'entity', id: '4', value: { ...entity, access: { ...entity.access, read: { '==': [1, 1] } } } })).statusCode).toBe(200);
    await page.goto(`${app.url}/dashboard/metadata/versions`);
    await page.getByRole('heading', { name: 'Drafts (1)' }).waitFor();
    await page.getByLabel('Comment for this version (required)').fill('Everyone reads education');
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Wider Access' });
    await expect.poll(() => dialog.innerText()).toContain('/access/read');
    await expectAccessible(page, 'widening confirmation');
    await dialog.getByRole('button', { name: 'Publish with wider access' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 3 is published.' }).waitFor();
    await page.getByRole('heading', { name: 'Drafts (0)' }).waitFor();
  }, 60_000);

  it('a version published through the API reaches the browser on its next navigation', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/dashboard/metadata`);
    await page.getByRole('heading', { name: 'Metadata', level: 1 }).waitFor();
    const route = (await adminCall('GET', '/document?kind=route&id=metadata', admin.token)).json<DocumentDetail>();
    expect((await adminCall('PUT', '/draft', admin.token, { kind: 'route', id: 'metadata', value: { ...(route.value as object), displayName: 'Metadata Settings' } })).statusCode).toBe(200);
    expect((await adminCall('POST', '/publish', admin.token, { comment: 'Rename the menu entry' })).statusCode).toBe(200);
    // the page still shows the old name until it navigates
    expect(await page.getByRole('heading', { name: 'Metadata Settings', level: 1 }).count()).toBe(0);
    await page.getByRole('link', { name: 'Versions' }).click();
    await page.getByRole('link', { name: 'Metadata Settings' }).first().waitFor();
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'Metadata Settings', level: 1 }).waitFor();
  }, 60_000);

  it("a workflow's document shows its diagram, read-only: each state with the steps that leave it and who may take them", async () => {
    const { page } = browser;
    await page.goto(`${app.url}/dashboard/metadata`);
    await page.getByLabel('Kind').selectOption('workflow');
    await page.getByLabel('Filter by name or id').fill('role-request');
    await page.locator('.metadata-admin__document', { hasText: 'role-request' }).getByRole('link', { name: /^Edit JSON/ }).click();
    const diagram = page.getByRole('region', { name: 'Workflow diagram' });
    await diagram.waitFor();
    const requested = diagram.locator('#workflow-state-requested');
    await expect.poll(() => requested.innerText()).toContain('Approve');
    expect(await requested.getByRole('link', { name: 'Granted' }).count()).toBeGreaterThan(0);
    // who may take a step: the named rule with its description from the rule library
    await expect.poll(() => requested.innerText()).toContain('decidesRequestAsDirector: ');
    expect(await diagram.locator('#workflow-state-granted').innerText()).toContain('No step leaves this state.');
    // the step that creates a request, above the states
    expect(await diagram.innerText()).toContain('Steps that create a record');
    await bothWidths(page, 'metadata-workflow-diagram');
  }, 60_000);

  it('a professional sees no Metadata entry and is refused the screens and the calls', async () => {
    const { page } = browser;
    await signOutAt(page, app.url);
    await signInAt(page, app.url, professional.userName);
    await page.getByRole('link', { name: 'Home' }).first().waitFor();
    expect(await page.getByRole('link', { name: /^Metadata/ }).count()).toBe(0);
    await page.goto(`${app.url}/dashboard/metadata`);
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/metadata'));
    expect(await page.getByRole('heading', { name: /^Metadata/, level: 1 }).count()).toBe(0);
    // the server refuses the calls themselves, whatever the browser shows
    const status = await page.evaluate(async () => {
      const session = JSON.parse(sessionStorage.getItem('registry.session') ?? 'null') as { token: string } | null;
      const res = await fetch('/api/admin/metadata/documents', { headers: { authorization: `Bearer ${session?.token ?? ''}` } });
      return res.status;
    });
    expect(status).toBe(403);
  }, 60_000);
});
