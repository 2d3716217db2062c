import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * The development plan in Chromium (tn, issue 27): the professional reads PDP Info, rates a
 * competency and adds a Completed goal; her director finds it from the dashboard, comments on
 * it, verifies it and writes a reflection, which the professional then reads in the Reflection
 * window. axe and screenshots at 1280 and 390 px on the way.
 */
let app: ServedApp;
let browser: Browser;
let olive: Person;
let dina: Person;
const GOAL = 'Lead a family literacy night for my classroom';
const REFLECTION = 'Olive planned the evening with the families and twenty children came with a parent.';

describe.skipIf(!HAS_CHROMIUM)('the PDP in Chromium (tn): a professional adds a goal, her director verifies it', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    const org = await addOrganization(app, 'Maple Learning Center', { is_registry_organization: true });
    olive = await addPerson(app, 'Olive', [{ role: '100' }, { role: '100', organizationId: org }]);
    dina = await addPerson(app, 'Dina', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }]);
    await switchRole(app, dina, '200');
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the professional reads PDP Info, rates a competency and adds a completed goal', async () => {
    const { page } = browser;
    await signInAt(page, app.url, olive.userName);
    await page.goto(`${app.url}/dashboard/pdp`);
    await page.getByRole('heading', { name: 'PDP Info' }).waitFor();
    expect(await page.getByText('Tennessee early childhood professional').count()).toBe(1);
    await bothWidths(page, 'pdp-info');

    await page.getByRole('link', { name: 'Self-Assessment' }).click();
    await page.getByRole('heading', { name: 'Self-Assessment' }).waitFor();
    await page.getByRole('button', { name: /^Add New/ }).click();
    const rating = page.getByRole('dialog', { name: /^Add/ });
    await rating.getByLabel(/^Competency Area/).selectOption({ label: 'Diversity' });
    await rating.getByLabel(/^Rating/).selectOption({ label: 'Developing' });
    await rating.getByLabel(/Date Assessed/).fill('2026-01-15');
    await rating.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rating.count()).toBe(0);
    await expect.poll(() => gridRow(page, 'Diversity').innerText()).toContain('Developing');
    await bothWidths(page, 'pdp-self-assessment');

    await page.getByRole('link', { name: 'PDP Goals' }).click();
    await page.getByRole('heading', { name: 'PDP Goals' }).waitFor();
    await page.getByRole('button', { name: /^Add New/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Add/ });
    await dialog.getByLabel(/^Goal/).fill(GOAL);
    await dialog.getByLabel(/Target Date/).fill('2026-10-31');
    await dialog.getByLabel(/^Status/).selectOption({ label: 'Completed' });
    await dialog.getByLabel(/Date Completed/).fill('2026-10-20');
    await bothWidths(page, 'pdp-goal-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => gridRow(page, GOAL).innerText()).toContain('Not Verified');
    await bothWidths(page, 'pdp-goals-professional');
    await signOutAt(page, app.url);
  });

  it('the director comments on the goal, verifies it and writes a reflection', async () => {
    const { page } = browser;
    await signInAt(page, app.url, dina.userName);
    const count = page.getByRole('link', { name: '1 completed PDP goal to verify' });
    await count.waitFor();
    await count.click();
    await page.waitForURL(/\/dashboard\/staff-pdp\/goals$/);
    await expect.poll(() => gridRow(page, GOAL).innerText()).toContain('Olive Tester');
    await bothWidths(page, 'pdp-staff-goals');

    await runRowAction(page, GOAL, 'Comment');
    const comment = page.getByRole('dialog', { name: 'Comment' });
    await comment.getByLabel('Comment (required)').fill('Please add how many families came.');
    await comment.getByRole('button', { name: 'Comment' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your comment was saved.' }).count()).toBe(1);

    await runRowAction(page, GOAL, 'Verify');
    await page.getByRole('dialog', { name: 'Verify' }).getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Record Verified!' }).count()).toBe(1);
    await expect.poll(() => gridRow(page, GOAL).innerText()).toContain('Dina Tester');

    await runRowAction(page, GOAL, 'Write Reflection');
    const reflect = page.getByRole('dialog', { name: 'Write Reflection' });
    await reflect.getByLabel('Comment (required)').fill(REFLECTION);
    await bothWidths(page, 'pdp-reflection-edit');
    await reflect.getByRole('button', { name: 'Write Reflection' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Your reflection was saved.' }).count()).toBe(1);
    const goal = (await app.database.db.knex('pdp_goal_rows').where({ goal_text: GOAL }).first()) as Record<string, unknown>;
    expect([goal.verification_state, goal.reflection, goal.reflection_by]).toEqual(['verified', REFLECTION, dina.id]);

    // the same goal in the User Records view of the director
    await page.goto(`${app.url}/dashboard/user-records/${olive.id}`);
    await page.getByRole('button', { name: 'PDP Goals' }).click();
    await expect.poll(() => gridRow(page, GOAL).innerText()).toContain('Verified');
    await bothWidths(page, 'pdp-user-records');
    await signOutAt(page, app.url);
  });

  it('the professional reads the comment and the reflection; the verified goal is locked', async () => {
    const { page } = browser;
    await signInAt(page, app.url, olive.userName);
    await page.goto(`${app.url}/dashboard/pdp/goals`);
    await expect.poll(() => gridRow(page, GOAL).innerText()).toContain('Verified');
    await runRowAction(page, GOAL, 'Comments');
    const comments = page.getByRole('dialog', { name: 'Comments' });
    await expect.poll(() => comments.innerText()).toContain('Please add how many families came.');
    expect(await comments.innerText()).toMatch(/Dina Tester on \d{2}\/\d{2}\/\d{4}/);
    await comments.getByRole('button', { name: 'Close this window' }).first().click();

    await runRowAction(page, GOAL, 'Reflection');
    const modal = page.getByRole('dialog', { name: 'Reflection' });
    await expect.poll(() => modal.innerText()).toContain(REFLECTION);
    expect(await modal.innerText()).toMatch(/Written by Dina Tester on \d{2}\/\d{2}\/\d{4}/);
    await bothWidths(page, 'pdp-reflection-view');
    await modal.getByRole('button', { name: 'Close this window' }).first().click();
    expect(await gridRow(page, GOAL).getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await signOutAt(page, app.url);
  });
});
