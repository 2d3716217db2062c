import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrisCycleOn } from '../../engine/reports/qris-cycle.js';
import { todayIn } from '../../engine/rules/today.js';
import { insertRow } from '../../server/data/entity-store.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * The career lattice in Chromium (al, issue 28 part 2): the professional reads Career Lattice
 * Info, sees the level her verified records reach and what the next level needs, claims a higher
 * level and asks for its verification; her director sees the claim flagged in Verification
 * Requests and the staff's computed levels in Staff Management. axe and screenshots at 1280 and
 * 390 px on the way.
 */
let app: ServedApp;
let browser: Browser;
let lena: Person;
let dora: Person;
let org = 0;

describe.skipIf(!HAS_CHROMIUM)('the career lattice in Chromium (al)', () => {
  beforeAll(async () => {
    app = await serveApp('al');
    org = await addOrganization(app, 'Magnolia Child Development Center', { is_registry_organization: true });
    lena = await addPerson(app, 'Lena', [{ role: '100' }, { role: '100', organizationId: org }]);
    dora = await addPerson(app, 'Dora', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }]);
    await switchRole(app, dora, '200');
    // verified records: a high school diploma and 12 training hours in the current cycle (Level 2); an unverified associate degree
    const { db } = app.database;
    const cycle = qrisCycleOn(todayIn(app.registry.tenant.timeZone), app.registry.tenant.qrisCycle);
    await db.knex.transaction(async (trx) => {
      const add = (id: number, values: Record<string, unknown>) => insertRow(trx, db, app.registry.entities.get(id)!, { userId: lena.id, ...values }, lena.id);
      const verified = { verificationStatus: 'Approved', verified: true };
      await add(4, { educationLevel: 'High School Diploma or GED', school: 'Magnolia High School', endDate: '2014-05-20', ...verified });
      await add(4, { educationLevel: "Associate's Degree", school: 'Gulf Coast Community College', endDate: '2024-05-10' });
      await add(3, { trainingTitle: 'Orientation to Child Care', trainingProvider: 'Regional Training Center', dateCompleted: cycle.startDate, trainingHours: 12, ...verified });
    });
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the professional reads the levels, sees her computed level and what Level 3 needs, and claims Level 5', async () => {
    const { page } = browser;
    await signInAt(page, app.url, lena.userName);
    await page.goto(`${app.url}/dashboard/career`);
    await page.getByRole('heading', { name: 'Career Lattice Info' }).waitFor();
    const levels = page.getByRole('table', { name: 'The eight levels of the career lattice' });
    expect(await levels.locator('tbody tr').count()).toBe(8);
    await bothWidths(page, 'career-lattice-info');

    await page.getByRole('link', { name: 'My Career Lattice Level' }).click();
    await page.getByRole('heading', { name: 'My Career Lattice Level' }).first().waitFor();
    await expect.poll(() => page.getByTestId('computed-level').innerText()).toBe('Your verified records reach Level 2.');
    expect(await page.getByTestId('next-level-missing').innerText()).toContain('Complete at least 20 hours of verified training in the current cycle (you have 12).');
    await bothWidths(page, 'career-lattice-mine-empty');

    await page.getByRole('button', { name: /^Add New/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Add/ });
    await dialog.getByLabel(/^Career Lattice Level/).selectOption({ label: 'Level 5' });
    await dialog.getByLabel(/Evidence and Notes/).fill('I finished my associate degree this spring.');
    await bothWidths(page, 'career-lattice-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => gridRow(page, 'Level 5').innerText()).toContain('Claimed above records');
    await expect.poll(() => page.locator('.registry-career-standing__number').innerText()).toBe('5');
    await bothWidths(page, 'career-lattice-mine-claimed');

    const claim = (await app.database.db.knex('records').where({ entity_type_id: 31, owner_id: lena.id }).first()) as { id: number };
    const asked = await app.post('/api/workflow/transition', { entityTypeId: 31, entityId: claim.id, transition: 'request', comment: null }, lena.token);
    expect(asked.statusCode, asked.body).toBe(200);
    await page.reload();
    await expect.poll(() => gridRow(page, 'Level 5').innerText()).toContain('Requested');
    await signOutAt(page, app.url);
  });

  it('her director sees the claim flagged beside the records\' level, and the staff with their levels', async () => {
    const { page } = browser;
    await signInAt(page, app.url, dora.userName);
    await page.goto(`${app.url}/dashboard/verification-requests`);
    await expect.poll(() => gridRow(page, 'Lena Tester').innerText()).toContain('Claims Level 5; records reach Level 2');
    await bothWidths(page, 'career-lattice-review');

    await page.goto(`${app.url}/dashboard/organization-users`);
    await expect.poll(() => gridRow(page, 'Lena Tester').innerText()).toContain('Level 2');
    await bothWidths(page, 'career-lattice-staff');
    await signOutAt(page, app.url);
  });
});
