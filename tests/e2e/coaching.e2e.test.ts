import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { insertRow } from '../../server/data/entity-store.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * Coaching in Chromium (issue 27): the demo coach finds a professional by agency on Manage
 * Connections and sends a request; the professional, in a second browser, sees it on their
 * Coaching screen without reloading, accepts it and shares their PDP; the coach ends the coaching
 * with a comment and finds it under Closed Connections, whose Coaching History lists every step.
 * axe, screenshots and no sideways scrolling at 1280 and 390 px on every screen visited.
 */
let app: ServedApp;
let coachBrowser: Browser;
let personBrowser: Browser;
let robin: Person;
let dina: Person;
const GOAL = 'Plan a garden project with my class';
const COACH_NOTE = 'Add how the children will water it each week.';
const REFLECTION = 'Robin planned the garden with the children and it grew all spring.';
const MAPLE = 'Maple Grove Child Care';
const COMMENT = 'Happy to help with your goals.';
const END_COMMENT = 'Goals met for this year.';
/** the demo coach (server/commands/demo-users.ts) */
const COACH = 'Kevin Nguyen';

/** The step's dialog (the workflow's label, question and comment rule): optionally a comment, then the step's button. */
async function takeStep(page: Page, step: string, comment?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: step });
  await dialog.waitFor();
  if (comment !== undefined) await dialog.getByRole('textbox').fill(comment);
  await dialog.getByRole('button', { name: step, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const toast = (page: Page, text: string) => expect.poll(() => page.getByRole('status').filter({ hasText: text }).count()).toBeGreaterThan(0);

describe.skipIf(!HAS_CHROMIUM)('coaching in Chromium', () => {
  beforeAll(async () => {
    app = await serveApp('tn');
    await seedDemo(app.app.ctx, { people: 2 });
    const maple = await addOrganization(app, MAPLE, { is_registry_organization: true });
    robin = await addPerson(app, 'Robin', [{ role: '100', organizationId: maple }]);
    dina = await addPerson(app, 'Dina', [{ role: '100', organizationId: maple }, { role: '200', organizationId: maple }]);
    await switchRole(app, dina, '200');
    const goals = app.registry.entities.get(12)!;
    await app.database.db.knex.transaction((trx) => insertRow(trx, app.database.db, goals, {
      userId: robin.id, goalText: GOAL, targetDate: '2026-10-31', status: 'Completed', completedDate: '2026-10-20', verificationState: 'unverified',
    }, robin.id));
    coachBrowser = await openBrowser();
    personBrowser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await coachBrowser?.close();
    await personBrowser?.close();
    await app?.close();
  });

  it('the coach finds a professional by agency and sends a request; the professional sees it without reloading', async () => {
    const person = personBrowser.page;
    await signInAt(person, app.url, robin.userName);
    await person.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Coaching', exact: true }).click();
    await person.waitForURL(/\/dashboard\/my-coaching$/);
    await person.getByRole('heading', { name: 'Coaching', level: 1 }).waitFor();

    const coach = coachBrowser.page;
    await signInAt(coach, app.url, demoUserName('300'), DEMO_PASSWORD);
    await coach.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Connections' }).click();
    await coach.waitForURL(/\/dashboard\/manage-connections$/);
    // Search Users is open, Pending Requests closed (one section at a time)
    await expect.poll(() => coach.getByRole('button', { name: 'Search Users' }).getAttribute('aria-expanded')).toBe('true');
    expect(await coach.getByRole('button', { name: 'Pending Requests' }).getAttribute('aria-expanded')).toBe('false');
    // the search modes of Manage Connections: agency name or the professional's name, no county
    expect(await coach.getByText('Agency county', { exact: true }).count()).toBe(0);
    await bothWidths(coach, 'coaching-manage-connections');

    const agency = coach.getByRole('combobox', { name: 'Agency name' });
    await agency.fill('Maple');
    await coach.getByRole('option', { name: MAPLE }).click();
    await expect.poll(() => gridRow(coach, robin.name).count()).toBe(1);
    await bothWidths(coach, 'coaching-search-by-agency');
    await runRowAction(coach, robin.name, 'Send Request');
    await expect.poll(() => coach.getByRole('dialog', { name: 'Send Request' }).innerText()).toContain(`Send a coaching request to ${robin.name}?`);
    await bothWidths(coach, 'coaching-send-request-dialog');
    await takeStep(coach, 'Send Request', COMMENT);
    await toast(coach, 'Coaching request sent.');
    // the row now offers Withdraw and History instead of Send Request
    await runRowAction(coach, robin.name, 'History');
    const history = coach.getByRole('dialog', { name: `Coaching History: ${robin.name}` });
    await expect.poll(() => history.innerText()).toContain(COMMENT);
    await history.getByRole('button', { name: /^Close/ }).first().click();

    // the request reaches the professional's Coaching screen without a reload
    await app.app.ctx.events.dispatchPending();
    await expect.poll(() => gridRow(person, COACH).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await bothWidths(person, 'coaching-professional-request');

    // the coach's Pending Requests opens directly from the dashboard's count
    await coach.goto(`${app.url}/dashboard`);
    await coach.getByRole('link', { name: /coaching requests? waiting for an answer/ }).click();
    await coach.waitForURL(/\/dashboard\/manage-connections\?open=pending$/);
    await expect.poll(() => coach.getByRole('button', { name: 'Pending Requests' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => gridRow(coach, robin.name).count()).toBe(1);
    await bothWidths(coach, 'coaching-pending-requests');
  });

  it('the professional accepts and shares the PDP', async () => {
    const person = personBrowser.page;
    const coachName = COACH;
    await runRowAction(person, coachName, 'Accept');
    await expect.poll(() => person.getByRole('dialog', { name: 'Accept' }).innerText()).toContain(`Accept ${coachName} as your coach?`);
    await takeStep(person, 'Accept');
    await toast(person, 'Coaching request accepted.');
    await runRowAction(person, coachName, 'Share PDP');
    await takeStep(person, 'Share PDP');
    await toast(person, 'Your PDP is shared with your coach.');
    await bothWidths(person, 'coaching-professional-active');
    const shared = await app.database.db.knex('coach_relationships').where({ primary_entity_id: robin.id, state: 'approved' }).first('pdp_shared');
    expect(Boolean((shared as { pdp_shared: unknown } | undefined)?.pdp_shared)).toBe(true);
  });

  it('the coach comments on a goal of the shared PDP; the director verifies the completed goal and writes a reflection', async () => {
    const coach = coachBrowser.page;
    await coach.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Active Connections' }).click();
    await coach.waitForURL(/\/dashboard\/active-connections$/);
    await runRowAction(coach, robin.name, 'User Records');
    const records = coach.getByRole('dialog', { name: 'User Records' });
    await expect.poll(() => records.innerText()).toContain(`Records of ${robin.name}`);
    await records.getByRole('button', { name: 'PDP Goals' }).click();
    await expect.poll(() => gridRow(coach, GOAL).count()).toBe(1);
    await bothWidths(coach, 'coaching-user-records-pdp');
    await runRowAction(coach, GOAL, 'Comment');
    await takeStep(coach, 'Comment', COACH_NOTE);
    await toast(coach, 'Your comment was saved.');
    await records.getByRole('button', { name: /^Close/ }).first().click();

    const director = personBrowser.page;
    await signOutAt(director, app.url);
    await signInAt(director, app.url, dina.userName);
    await director.getByRole('link', { name: '1 completed PDP goal to verify' }).click();
    await director.waitForURL(/\/dashboard\/staff-pdp\/goals$/);
    await runRowAction(director, GOAL, 'Comments');
    const comments = director.getByRole('dialog', { name: 'Comments' });
    await expect.poll(() => comments.innerText()).toContain(COACH_NOTE);
    expect(await comments.innerText()).toContain(COACH);
    await comments.getByRole('button', { name: 'Close this window' }).first().click();
    await runRowAction(director, GOAL, 'Verify');
    await takeStep(director, 'Verify');
    await toast(director, 'Record Verified!');
    await runRowAction(director, GOAL, 'Write Reflection');
    await takeStep(director, 'Write Reflection', REFLECTION);
    await toast(director, 'Your reflection was saved.');
    await bothWidths(director, 'coaching-director-reflection');
    const goal = (await app.database.db.knex('pdp_goal_rows').where({ goal_text: GOAL }).first()) as Record<string, unknown>;
    expect([goal.verification_state, goal.reflection, goal.reflection_by]).toEqual(['verified', REFLECTION, dina.id]);
  });

  it('the coach ends the coaching with a comment and finds it under Closed Connections, with every step in its history', async () => {
    const coach = coachBrowser.page;
    await coach.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Active Connections' }).click();
    await coach.waitForURL(/\/dashboard\/active-connections$/);
    await expect.poll(() => gridRow(coach, robin.name).count()).toBe(1);
    await bothWidths(coach, 'coaching-active-connections');
    await runRowAction(coach, robin.name, 'End Coaching');
    const end = coach.getByRole('dialog', { name: 'End Coaching' });
    await expect.poll(() => end.innerText()).toContain('Are you sure you want to end this coaching?');
    // the comment is required: the step's button waits for it
    expect(await end.getByRole('button', { name: 'End Coaching', exact: true }).isDisabled()).toBe(true);
    await bothWidths(coach, 'coaching-end-dialog');
    await takeStep(coach, 'End Coaching', END_COMMENT);
    await toast(coach, 'Coaching ended.');
    await expect.poll(() => gridRow(coach, robin.name).count()).toBe(0);

    await coach.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Closed Connections' }).click();
    await coach.waitForURL(/\/dashboard\/closed-connections$/);
    await expect.poll(() => gridRow(coach, robin.name).count()).toBe(1);
    await bothWidths(coach, 'coaching-closed-connections');
    await runRowAction(coach, robin.name, 'History');
    const history = coach.getByRole('dialog', { name: `Coaching History: ${robin.name}` });
    await expect.poll(() => history.getByRole('table').locator('tbody tr').count()).toBe(4);
    const lines = await history.getByRole('table').locator('tbody tr').allInnerTexts();
    for (const action of ['Requested', 'Approved', 'PDP Shared', 'Closed']) expect(lines.some((l) => l.includes(action)), action).toBe(true);
    expect(lines.find((l) => l.includes('Closed'))).toContain(END_COMMENT);
    expect(lines.find((l) => l.includes('Requested'))).toContain(COMMENT);
    await bothWidths(coach, 'coaching-history');
  });
});
