import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, type Person } from '../support/people.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';
import { fillCourseForm, fillSessionForm } from './support/training-forms.js';

let app: ServedApp;
let browser: Browser;
let trainer: Person;
let student: Person;
const COURSE = 'Safe Sleep Basics';
const SESSION = 'Birmingham Morning';

describe.skipIf(!HAS_CHROMIUM)('the training catalogue in Chromium (al)', () => {
  beforeAll(async () => {
    app = await serveApp('al');
    trainer = await addPerson(app, 'Trina', [{ role: '250' }]);
    student = await addPerson(app, 'Sadie', [{ role: '100' }]);
    browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a trainer creates a course and a session and sees it in Schedule Training', async () => {
    const { page } = browser;
    await signInAt(page, app.url, trainer.userName);

    // Schedule Training with no course yet: the spec's text
    await page.goto(`${app.url}/dashboard/schedule-training`);
    await page.getByRole('heading', { name: 'Schedule Training', level: 1 }).waitFor();
    await page.getByText('No courses available for selection. You must create a course before scheduling it.').waitFor();
    await bothWidths(page, 'training-schedule-empty');

    // Manage Attendance with no session: the spec's text
    await page.goto(`${app.url}/dashboard/manage-attendance`);
    await page.getByText('No sessions are available for student attendance management.', { exact: false }).waitFor();
    await bothWidths(page, 'training-attendance-empty');

    // Manage Training: add a course
    await page.goto(`${app.url}/dashboard/manage-training`);
    await page.getByRole('heading', { name: 'Manage Training', level: 1 }).waitFor();
    const courseForm = await fillCourseForm(page, COURSE);
    await bothWidths(page, 'training-course-form');
    await courseForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => gridRow(page, COURSE).count()).toBe(1);
    await bothWidths(page, 'training-manage');

    // Manage Schedule of the course: add a session
    await gridRow(page, COURSE).getByRole('button', { name: /^Manage Schedule/ }).click();
    const schedule = page.getByRole('dialog', { name: `Manage Schedule - ${COURSE}` });
    const sessionForm = await fillSessionForm(schedule, page, {
      course: COURSE, session: SESSION, start: '2099-03-10T09:00', end: '2099-03-10T12:00', regStart: '2099-02-01', regDeadline: '2099-03-09', seats: 20,
    });
    await bothWidths(page, 'training-session-form');
    await sessionForm.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => schedule.getByRole('table').locator('tbody tr', { hasText: SESSION }).count()).toBe(1);
    await bothWidths(page, 'training-manage-schedule');
    await schedule.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => gridRow(page, COURSE).innerText()).toMatch(/\b1\b/);

    // Schedule Training: the course in the dropdown (with ALL) and the session in the grid
    await page.goto(`${app.url}/dashboard/schedule-training`);
    const course = page.getByLabel('Course', { exact: true });
    await course.waitFor();
    await expect.poll(() => course.locator('option').allInnerTexts()).toEqual(['ALL', COURSE]);
    await expect.poll(() => gridRow(page, SESSION).count()).toBe(1);
    await course.selectOption({ label: COURSE });
    await expect.poll(() => gridRow(page, SESSION).count()).toBe(1);
    await bothWidths(page, 'training-schedule');
  }, 240_000);

  it('with a student registered, Manage Attendance lists the enrollment and Send a Message writes to the enrolled', async () => {
    const { page } = browser;
    const knex = app.database.db.knex;
    const section = (await knex('course_sections').where({ section_name: SESSION }).first('id')) as { id: number };
    const now = new Date().toISOString();
    await knex('enrollments').insert({ course_section_id: section.id, user_id: student.id, status: 'Registered', created_at: now, updated_at: now, disabled: false });

    await page.goto(`${app.url}/dashboard/manage-attendance`);
    const session = page.getByLabel('Session', { exact: true });
    await session.waitFor();
    await expect.poll(() => session.locator('option').allInnerTexts()).toEqual([`${COURSE}: ${SESSION}`]);
    await expect.poll(() => gridRow(page, student.userName).count()).toBe(1);
    // multi-select and select-all (spec part 3 section 9: only the training enrollment grid)
    await page.getByRole('button', { name: 'Select All' }).click();
    await expect.poll(() => gridRow(page, student.userName).getByRole('checkbox').isChecked()).toBe(true);
    await bothWidths(page, 'training-attendance');

    await page.goto(`${app.url}/dashboard/manage-training`);
    await runRowAction(page, COURSE, 'Send a Message');
    const compose = page.getByRole('dialog', { name: 'Compose Message' });
    await expect.poll(() => compose.innerText()).toContain(student.name);
    await compose.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('See you on Tuesday.');
    await compose.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Your message was sent successfully.').waitFor();
    const copies = await knex('message_recipients').where({ user_id: student.id, folder: 'Inbox' }).count({ n: '*' });
    expect(Number((copies[0] as { n: number | string }).n)).toBe(1);
  }, 120_000);
});
