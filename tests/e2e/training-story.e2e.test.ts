import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { displayCertificateCode } from '../../engine/training/certificate-code.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { dayOffset } from '../support/training.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';
import { fillCourseForm, fillSessionForm } from './support/training-forms.js';

/**
 * Issue 14 "Done when", the whole story in Chromium on tenant al: a trainer creates a course and a
 * session of one seat; a professional finds it in Training Search, registers, sees it on the
 * calendar and cancels; a colleague takes the seat, so the first professional is offered the
 * waitlist; after the session the trainer marks the colleague Completed, who finds the training
 * record, opens the certificate and checks its code on the public page. The session's passing is
 * the one step done in the database (its times moved a few days back): there is no clock to wind.
 */
let app: ServedApp;
let browser: Browser;
let trainer: Person;
let paula: Person;
let carl: Person;
const COURSE = 'Story Outdoor Play';
const SESSION = 'Saturday Workshop';
const TRAINING = `${COURSE}: ${SESSION}`;

/** Registration from the details modal of Search Training: one facility, in region, confirmed. */
async function searchAndOpen(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Quick links' }).getByRole('link', { name: 'My Calendar' }).click();
  await page.getByRole('link', { name: 'Search Training' }).click();
  await page.getByLabel('Training Name').fill('outdoor play');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('region', { name: 'Trainings found' }).getByRole('button', { name: `Details of ${TRAINING}` }).click();
}

async function closeDetails(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: TRAINING }).getByRole('button', { name: 'Close' }).last().click();
}

describe.skipIf(!HAS_CHROMIUM)('training from course to certificate in Chromium (al)', () => {
  beforeAll(async () => {
    app = await serveApp('al');
    const centre = await addOrganization(app, 'Jefferson Play Centre', { county: 'Jefferson' });
    trainer = await addPerson(app, 'Tamsin', [{ role: '250' }]);
    paula = await addPerson(app, 'Paula', [{ role: '100', organizationId: centre }]);
    carl = await addPerson(app, 'Carl', [{ role: '100', organizationId: centre }]);
    browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a trainer creates a course and a session of one seat with two waitlist places', async () => {
    const { page } = browser;
    await signInAt(page, app.url, trainer.userName);
    await page.goto(`${app.url}/dashboard/manage-training`);
    const courseForm = await fillCourseForm(page, COURSE);
    await courseForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => gridRow(page, COURSE).count()).toBe(1);

    await runRowAction(page, COURSE, 'Manage Schedule');
    const schedule = page.getByRole('dialog', { name: `Manage Schedule - ${COURSE}` });
    // a day back: the registration window is open whatever the hour in the tenant's time zone
    const sessionForm = await fillSessionForm(schedule, page, {
      course: COURSE, session: SESSION, start: `${dayOffset(3)}T09:00`, end: `${dayOffset(3)}T12:00`, regStart: dayOffset(-1), regDeadline: dayOffset(2), seats: 1, waitlistSeats: 2,
    });
    await bothWidths(page, 'story-session-form');
    await sessionForm.getByRole('button', { name: 'Save' }).click();
    await schedule.getByRole('table').locator('tbody tr', { hasText: SESSION }).waitFor();
    await schedule.getByRole('button', { name: 'Close', exact: true }).last().click();
    const section = (await app.database.db.knex('course_sections').where({ section_name: SESSION }).first('seats', 'waitlist_seats')) as { seats: number; waitlist_seats: number };
    expect(section).toEqual({ seats: 1, waitlist_seats: 2 });
    await signOutAt(page, app.url);
  }, 180_000);

  it('a professional finds it in Training Search, registers, sees it on the calendar and cancels', async () => {
    const { page } = browser;
    await signInAt(page, app.url, paula.userName);
    await searchAndOpen(page);
    const details = page.getByRole('dialog', { name: TRAINING });
    await details.getByText('Community Center').waitFor();
    await details.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Confirm Registration' }).getByRole('button', { name: 'Register' }).click();
    const success = page.getByRole('dialog', { name: 'Registration Successful!' });
    await success.getByText(`You have successfully registered for ${TRAINING}`).waitFor();
    await success.getByRole('button', { name: 'OK' }).click();
    await closeDetails(page);

    await page.getByRole('link', { name: 'View Calendar' }).click();
    const event = page.locator('.fc-event', { hasText: COURSE }).first();
    await event.waitFor();
    await bothWidths(page, 'story-calendar');
    await event.click();
    await page.getByRole('dialog', { name: TRAINING }).getByRole('button', { name: 'Cancel Registration' }).click();
    await page.getByRole('dialog', { name: 'Confirm Cancellation' }).getByRole('button', { name: 'Confirm' }).click();
    const done = page.getByRole('dialog', { name: 'Cancellation Request Complete!' });
    await done.getByText(`You have successfully unregistered for ${TRAINING}`).waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.locator('.fc-event', { hasText: COURSE }).count()).toBe(0);
    await signOutAt(page, app.url);
  }, 180_000);

  it('a colleague takes the one seat, and the session now offers the professional the waitlist', async () => {
    const { page } = browser;
    await signInAt(page, app.url, carl.userName);
    await searchAndOpen(page);
    await page.getByRole('dialog', { name: TRAINING }).getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Confirm Registration' }).getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Registration Successful!' }).getByRole('button', { name: 'OK' }).click();
    await closeDetails(page);
    await signOutAt(page, app.url);

    await signInAt(page, app.url, paula.userName);
    await searchAndOpen(page);
    await page.getByRole('dialog', { name: TRAINING }).getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Confirm Registration' }).getByRole('button', { name: 'Register' }).click();
    const offer = page.getByRole('dialog', { name: 'Registration Full -- Waiting List' });
    await offer.getByText(`Registration for ${TRAINING} is full. Please click Confirm to be waitlisted.`, { exact: false }).waitFor();
    await bothWidths(page, 'story-waitlist-offer');
    await offer.getByRole('button', { name: 'Confirm' }).click();
    const waitlisted = page.getByRole('dialog', { name: 'Registration Status Waitlisted!' });
    await waitlisted.getByText(`Your waitlist position for ${TRAINING} is 1`).waitFor();
    await waitlisted.getByRole('button', { name: 'OK' }).click();
    await closeDetails(page);
    await signOutAt(page, app.url);
  }, 180_000);

  it('after the session the trainer marks attendance; the professional opens the certificate, whose code checks out', async () => {
    const { page } = browser;
    // the session took place: its times move four days back
    const past = (hours: number) => new Date(Date.now() - 4 * 86_400_000 + hours * 3_600_000).toISOString();
    await app.database.db.knex('course_sections').where({ section_name: SESSION }).update({ training_start_date: past(0), training_end_date: past(3), reg_start_date: dayOffset(-6), reg_deadline_date: dayOffset(-5) });

    await signInAt(page, app.url, trainer.userName);
    await page.goto(`${app.url}/dashboard/manage-attendance`);
    await page.getByLabel('Session', { exact: true }).selectOption({ label: TRAINING });
    await expect.poll(() => gridRow(page, carl.userName).count()).toBe(1);
    await runRowAction(page, carl.userName, 'Attendance');
    const dialog = page.getByRole('dialog', { name: 'Set Attendance' });
    await dialog.getByLabel('Attendance Status').selectOption({ label: 'Completed' });
    await dialog.getByRole('button', { name: 'Set Attendance', exact: true }).click();
    await page.getByRole('dialog', { name: 'Confirm Attendance Status' }).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => gridRow(page, carl.userName).innerText()).toContain('Completed');
    await signOutAt(page, app.url);

    await signInAt(page, app.url, carl.userName);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Training Records' }).click();
    await expect.poll(() => gridRow(page, TRAINING).count()).toBe(1);
    expect(await gridRow(page, TRAINING).innerText()).toContain('Approved');
    await bothWidths(page, 'story-training-record');
    const popup = page.waitForEvent('popup');
    await runRowAction(page, TRAINING, 'View Certificate');
    const certificate = await popup;
    await expect.poll(() => certificate.url()).toMatch(/^blob:/);
    await certificate.close();
    await signOutAt(page, app.url);

    const { certificate_code: code } = (await app.database.db.knex('enrollments').where({ user_id: carl.id, status: 'Registered' }).first('certificate_code')) as { certificate_code: string };
    await page.goto(`${app.url}/certificate-check`);
    await page.getByLabel(/Certificate code/).fill(displayCertificateCode(code));
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('This certificate is genuine.').waitFor();
    await page.getByText(TRAINING).waitFor();
    await page.getByText('Carl Tester').waitFor();
    await bothWidths(page, 'story-certificate-check');
  }, 240_000);
});
