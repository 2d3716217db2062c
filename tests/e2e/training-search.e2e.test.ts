import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEnrollment, addSection, dayOffset } from '../support/training.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

/**
 * Training search, the details modal, registration with the waitlist and an out-of-region
 * request, and staff enrollment (issue 14; spec part 3 sections 2, 4, 5 and 8) on tenant al.
 */
let app: ServedApp;
let browser: Browser;
let trainer: Person;
let pro: Person;
let student: Person;
let fran: Person;
let birmingham: number;

describe.skipIf(!HAS_CHROMIUM)('training search and registration in Chromium (al)', () => {
  beforeAll(async () => {
    app = await serveApp('al');
    birmingham = await addOrganization(app, 'Birmingham Little Learners', { county: 'Jefferson' });
    const mobile = await addOrganization(app, 'Gulf Shore Preschool', { county: 'Mobile' });
    fran = await addPerson(app, 'Fran', [{ role: '100', organizationId: mobile }, { role: '100', organizationId: birmingham }]);
    trainer = await addPerson(app, 'Trina', [{ role: '250' }]);
    pro = await addPerson(app, 'Paula', [{ role: '100', organizationId: birmingham }]);
    student = await addPerson(app, 'Stella', [{ role: '100', organizationId: birmingham }]);
    const holder = await addPerson(app, 'Hank', [{ role: '100', organizationId: birmingham }]);
    const knex = app.database.db.knex;
    const literacy = await addSection(app, { trainerId: trainer.id, seats: 5, region: 'Birmingham', courseName: 'E2E Early Literacy', sectionName: 'Morning' });
    await knex('course_sections').where({ id: literacy }).update({
      location_name: 'Community Center', location_phone: '2055550100', location_phone_ext: '12', location_address: '1 Main St, Birmingham',
      contact_name: 'Trina Tester', contact_phone: '2055550199', contact_email: 'trina@example.org', session_information: 'Bring a notebook.', other_information: 'Parking behind the building.',
    });
    const full = await addSection(app, { trainerId: trainer.id, seats: 1, waitlistSeats: 3, region: 'Birmingham', courseName: 'E2E Full House', sectionName: 'Evening' });
    await addEnrollment(app, full, holder.id, 'Registered');
    await addSection(app, { trainerId: trainer.id, seats: 5, region: 'Mobile', courseName: 'E2E Gulf Coast', sectionName: 'Noon' });
    await addSection(app, { trainerId: trainer.id, seats: 5, region: 'Birmingham', courseName: 'Facility Choice', sectionName: 'Afternoon' });
    await addSection(app, { trainerId: trainer.id, seats: 5, region: 'Birmingham', courseName: 'E2E Closed Window', sectionName: 'Late', regStartDate: dayOffset(-20), regDeadlineDate: dayOffset(-1) });
    browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a professional searches, registers, joins a waitlist and asks for an out-of-region seat', async () => {
    const { page } = browser;
    await signInAt(page, app.url, pro.userName);
    await page.goto(`${app.url}/dashboard/calendar/search-training`);
    await page.getByRole('heading', { name: 'Search Training', level: 2 }).waitFor();
    await page.getByLabel('Training Name').fill('  e2e ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('region', { name: 'Trainings found' });
    await expect.poll(() => results.getByRole('heading', { level: 3 }).count()).toBe(4);
    await page.getByLabel('Region').selectOption({ label: 'Birmingham' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => results.getByRole('heading', { level: 3 }).count()).toBe(3);
    await bothWidths(page, 'training-search');

    // the details modal and a registration
    await results.getByRole('button', { name: 'Details of E2E Early Literacy: Morning' }).click();
    const details = page.getByRole('dialog', { name: 'E2E Early Literacy: Morning' });
    await details.getByText('(205) 555-0100 ext. 12').waitFor();
    expect(await details.getByText('Parking behind the building.').isVisible()).toBe(false);
    await details.getByText('Other Information').click();
    await details.getByText('Parking behind the building.').waitFor();
    await bothWidths(page, 'training-details');
    await details.getByRole('button', { name: 'Register' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Registration' });
    await confirm.getByText('Register for E2E Early Literacy: Morning?').waitFor();
    await bothWidths(page, 'training-register-confirm');
    await confirm.getByRole('button', { name: 'Register' }).click();
    const success = page.getByRole('dialog', { name: 'Registration Successful!' });
    await success.getByText('You have successfully registered for E2E Early Literacy: Morning').waitFor();
    await bothWidths(page, 'training-register-success');
    await success.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => details.getByRole('button', { name: 'Already Registered' }).isDisabled()).toBe(true);
    await details.getByRole('button', { name: 'Close' }).last().click();
    await results.getByText('Registered', { exact: true }).waitFor();

    // full: the waitlist offer, then the position
    await results.getByRole('button', { name: 'Details of E2E Full House: Evening' }).click();
    await page.getByRole('dialog', { name: 'E2E Full House: Evening' }).getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Confirm Registration' }).getByRole('button', { name: 'Register' }).click();
    const offer = page.getByRole('dialog', { name: 'Registration Full -- Waiting List' });
    await offer.getByText('Please click Confirm to be waitlisted.', { exact: false }).waitFor();
    await bothWidths(page, 'training-waitlist-offer');
    await offer.getByRole('button', { name: 'Confirm' }).click();
    const waitlisted = page.getByRole('dialog', { name: 'Registration Status Waitlisted!' });
    await waitlisted.getByText('Your waitlist position for E2E Full House: Evening is 1').waitFor();
    await waitlisted.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog', { name: 'E2E Full House: Evening' }).getByRole('button', { name: 'Close' }).last().click();

    // out of region: the request with a comment
    await page.getByLabel('Region').selectOption({ label: 'Mobile' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await results.getByRole('button', { name: 'Details of E2E Gulf Coast: Noon' }).click();
    await page.getByRole('dialog', { name: 'E2E Gulf Coast: Noon' }).getByRole('button', { name: 'Register' }).click();
    const prompt = page.getByRole('dialog', { name: 'Out of region Registration!' });
    await prompt.getByText('requires approval by the QEA', { exact: false }).waitFor();
    await prompt.getByLabel('Comment').fill('My sister lives in Mobile.');
    await bothWidths(page, 'training-out-of-region');
    await prompt.getByRole('button', { name: 'Continue' }).click();
    const submitted = page.getByRole('dialog', { name: 'Registration Request Submitted!' });
    await submitted.getByText('Your request to register out of region training has been submitted.', { exact: false }).waitFor();
    await submitted.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog', { name: 'E2E Gulf Coast: Noon' }).getByRole('button', { name: 'Close' }).last().click();
    await results.getByText('Pending Approval', { exact: true }).waitFor();

    const statuses = (await app.database.db.knex('enrollments as e').join('course_sections as s', 's.id', 'e.course_section_id').join('courses as c', 'c.id', 's.course_id')
      .where('e.user_id', pro.id).orderBy('c.course_name').select('c.course_name', 'e.status', 'e.comment')) as { course_name: string; status: string; comment: string | null }[];
    expect(statuses).toEqual([
      { course_name: 'E2E Early Literacy', status: 'Registered', comment: null },
      { course_name: 'E2E Full House', status: 'Waitlisted', comment: null },
      { course_name: 'E2E Gulf Coast', status: 'Pending Approval', comment: 'My sister lives in Mobile.' },
    ]);
    await signOutAt(page, app.url);
  }, 240_000);

  it('a trainer enrolls a student from the sessions grid, with a comment and the window warning', async () => {
    const { page } = browser;
    await signInAt(page, app.url, trainer.userName);
    await page.goto(`${app.url}/dashboard/manage-training`);
    await runRowAction(page, 'E2E Closed Window', 'Manage Schedule');
    const schedule = page.getByRole('dialog', { name: 'Manage Schedule - E2E Closed Window' });
    await schedule.getByRole('table').locator('tbody tr', { hasText: 'Late' }).waitFor();
    await runRowAction(page, 'Late', 'Enroll Students');
    const enroll = page.getByRole('dialog', { name: 'Enroll Students - E2E Closed Window: Late' });
    await enroll.getByText('User name', { exact: true }).click();
    await enroll.getByLabel('Name, user name or ID', { exact: true }).fill('Stella');
    await expect.poll(() => gridRow(page, 'Stella Tester').count()).toBe(1);
    await bothWidths(page, 'training-enroll-students');
    await gridRow(page, 'Stella Tester').getByRole('button', { name: /^Enroll Student/ }).click();
    const panel = page.getByRole('dialog', { name: 'Enroll User' });
    await panel.getByText(student.userName).waitFor();
    await bothWidths(page, 'training-enroll-user');
    await panel.getByRole('button', { name: 'Register' }).click();
    const comment = page.getByRole('dialog', { name: 'Registration Comment' });
    expect(await comment.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await comment.getByLabel('Comment').fill('Asked by her director.');
    await comment.getByRole('button', { name: 'Continue' }).click();
    const warning = page.getByRole('dialog', { name: 'Registration window has expired!' });
    await bothWidths(page, 'training-enroll-warning');
    await warning.getByRole('button', { name: 'Register' }).click();
    const success = page.getByRole('dialog', { name: 'Registration Successful!' });
    await success.getByText('You have successfully registered for E2E Closed Window: Late').waitFor();
    await success.getByRole('button', { name: 'OK' }).click();
    await panel.getByText('Already Registered').waitFor();
    expect(await panel.getByRole('button', { name: 'Register' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Close' }).last().click();
    await gridRow(page, 'Stella Tester').getByRole('button', { name: /^Already Registered/ }).waitFor();
    const row = (await app.database.db.knex('enrollments').where({ user_id: student.id }).first('status', 'comment')) as { status: string; comment: string };
    expect(row).toEqual({ status: 'Registered', comment: 'Asked by her director.' });

    // Manage Attendance enrolls in the chosen session too: she is already registered there
    await enroll.getByRole('button', { name: 'Close' }).last().click();
    await schedule.getByRole('button', { name: 'Close' }).last().click();
    await page.goto(`${app.url}/dashboard/manage-attendance`);
    await page.getByLabel('Session', { exact: true }).selectOption({ label: 'E2E Closed Window: Late' });
    await expect.poll(() => gridRow(page, student.userName).count()).toBe(1);
    await page.getByRole('button', { name: 'Enroll Students' }).click();
    const again = page.getByRole('dialog', { name: 'Enroll Students - E2E Closed Window: Late' });
    await again.getByText('User name', { exact: true }).click();
    await again.getByLabel('Name, user name or ID', { exact: true }).fill('Stella');
    await again.getByRole('button', { name: /^Already Registered/ }).waitFor();
    await bothWidths(page, 'training-attendance-enroll');
    await again.getByRole('button', { name: 'Close' }).last().click();
    await signOutAt(page, app.url);
  }, 240_000);

  it('a professional at two facilities chooses the one to register through', async () => {
    const { page } = browser;
    await signInAt(page, app.url, fran.userName);
    await page.goto(`${app.url}/dashboard/calendar/search-training`);
    await page.getByLabel('Training Name').fill('facility choice');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('region', { name: 'Trainings found' }).getByRole('button', { name: 'Details of Facility Choice: Afternoon' }).click();
    await page.getByRole('dialog', { name: 'Facility Choice: Afternoon' }).getByRole('button', { name: 'Register' }).click();
    const facility = page.getByRole('dialog', { name: 'Select a Facility' });
    await facility.getByLabel('Facility').selectOption({ label: 'Birmingham Little Learners' });
    await bothWidths(page, 'training-select-facility');
    await facility.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog', { name: 'Confirm Registration' }).getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Registration Successful!' }).getByText('You have successfully registered for Facility Choice: Afternoon').waitFor();
    const row = (await app.database.db.knex('enrollments').where({ user_id: fran.id }).first('status', 'organization_id')) as { status: string; organization_id: number };
    expect(row).toEqual({ status: 'Registered', organization_id: birmingham });
  }, 120_000);
});
