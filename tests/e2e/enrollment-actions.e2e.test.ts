import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, type Person } from '../support/people.js';
import { addCourse, addEnrollment, addSessionOfCourse } from '../support/training.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { gridRow, runRowAction } from './support/grid-rows.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let trainer: Person;
let [ava, ben, cal, reg, wai, pat, quin]: Person[] = [];
const COURSE = 'Safe Sleep Basics';
const ENDED = 'Morning Session';
const UPCOMING = 'Evening Session';

const statusOf = async (sectionName: string, person: Person) => {
  const row = (await app.database.db.knex('enrollments as e').join('course_sections as s', 's.id', 'e.course_section_id')
    .where({ 's.section_name': sectionName, 'e.user_id': person.id }).first('e.status', 'e.attendance')) as { status: string; attendance: number | null };
  return row;
};

describe.skipIf(!HAS_CHROMIUM)('the enrollments grid actions in Chromium (al)', () => {
  beforeAll(async () => {
    app = await serveApp('al');
    trainer = await addPerson(app, 'Trina', [{ role: '250' }], '250');
    [ava, ben, cal, reg, wai, pat, quin] = await Promise.all(['Ava', 'Ben', 'Cal', 'Reggie', 'Wanda', 'Pat', 'Quin'].map((n) => addPerson(app, n, [{ role: '100' }])));
    const course = await addCourse(app, trainer.id, COURSE);
    // a session that ended yesterday: attendance may be taken
    const ended = await addSessionOfCourse(app, course, trainer.id, { name: ENDED });
    for (const p of [ava, ben, cal]) await addEnrollment(app, ended, p!.id);
    // a session in two days with one seat: Reggie holds it, Wanda waits, Pat and Quin asked from outside the region
    const upcoming = await addSessionOfCourse(app, course, trainer.id, { name: UPCOMING, endsInHours: 48 });
    await app.database.db.knex('course_sections').where({ id: upcoming }).update({ seats: 1 });
    await addEnrollment(app, upcoming, reg!.id);
    await addEnrollment(app, upcoming, wai!.id, 'Waitlisted');
    await addEnrollment(app, upcoming, pat!.id, 'Pending Approval');
    await addEnrollment(app, upcoming, quin!.id, 'Pending Approval');
    browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a trainer sets attendance on one row and on the chosen rows, and opens the certificate', async () => {
    const { page } = browser;
    await signInAt(page, app.url, trainer.userName);
    await page.goto(`${app.url}/dashboard/manage-attendance`);
    await page.getByLabel('Session', { exact: true }).selectOption({ label: `${COURSE}: ${ENDED}` });
    await expect.poll(() => gridRow(page, ava!.userName).count()).toBe(1);
    await bothWidths(page, 'enrollment-actions-grid');

    // one row: the status is required; Completed asks for confirmation
    await runRowAction(page, ava!.userName, 'Attendance');
    const dialog = page.getByRole('dialog', { name: 'Set Attendance' });
    const ok = dialog.getByRole('button', { name: 'Set Attendance', exact: true });
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByLabel('Attendance Status').selectOption({ label: 'Completed' });
    await bothWidths(page, 'enrollment-actions-attendance');
    await ok.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Attendance Status' });
    await expect.poll(() => confirm.innerText()).toContain(`Are you sure you want to mark ${ava!.name} as Completed? Changes are not possible after submission.`);
    await bothWidths(page, 'enrollment-actions-confirm');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => gridRow(page, ava!.userName).innerText()).toContain('Completed');
    expect(await statusOf(ENDED, ava!)).toMatchObject({ attendance: 1 });
    // a final attendance offers no Attendance again, but the certificate
    expect(await gridRow(page, ava!.userName).getByRole('button', { name: /^Attendance/ }).count()).toBe(0);

    const popup = page.waitForEvent('popup');
    await runRowAction(page, ava!.userName, 'View Certificate');
    const certificate = await popup;
    await expect.poll(() => certificate.url()).toMatch(/^blob:/);
    await certificate.close();

    // the chosen rows: Partially Completed needs no confirmation
    await gridRow(page, ben!.userName).getByRole('checkbox').check();
    await gridRow(page, cal!.userName).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Set Attendance for Selected' }).click();
    await dialog.getByLabel('Attendance Status').selectOption({ label: 'Partially Completed' });
    await ok.click();
    await expect.poll(() => gridRow(page, cal!.userName).innerText()).toContain('Partially Completed');
    expect(await gridRow(page, ben!.userName).innerText()).toContain('Partially Completed');

    // nothing chosen is eligible: the spec's alert
    await gridRow(page, ava!.userName).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Set Attendance for Selected' }).click();
    const refused = page.getByRole('dialog', { name: 'Unable to set attendance.' });
    await refused.getByText('All chosen users have attendance set already.').waitFor();
    await bothWidths(page, 'enrollment-actions-all-set');
    await refused.getByRole('button', { name: 'OK' }).click();
  }, 180_000);

  it('a trainer cancels a registration (the waitlisted person is promoted) and reviews out-of-region requests', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/dashboard/manage-attendance`);
    await page.getByLabel('Session', { exact: true }).selectOption({ label: `${COURSE}: ${UPCOMING}` });
    await expect.poll(() => gridRow(page, reg!.userName).count()).toBe(1);
    await bothWidths(page, 'enrollment-actions-upcoming');

    await runRowAction(page, reg!.userName, 'Cancel Registration');
    const cancel = page.getByRole('dialog', { name: 'Cancel Registration' });
    await cancel.getByLabel('Comment (optional)').fill('Moved away.');
    await bothWidths(page, 'enrollment-actions-cancel');
    await cancel.getByRole('button', { name: 'Cancel Registration' }).click();
    await page.getByText(`Registered from the waiting list: ${wai!.name}.`).waitFor();
    await expect.poll(() => gridRow(page, wai!.userName).innerText()).toContain('Registered');
    expect(await statusOf(UPCOMING, reg!)).toMatchObject({ status: 'Unregistered' });

    // the review is the workflow's step (metadata/workflows/enrollment-review.json) through the generic action:
    // accepted, the seat is taken, so the person joins the waiting list
    await runRowAction(page, pat!.userName, 'Approve');
    const approve = page.getByRole('dialog', { name: 'Approve' });
    expect(await approve.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await approve.getByLabel('Comment (required)').fill('Closest session for the team.');
    await bothWidths(page, 'enrollment-actions-review');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'Waitlisted' }).getByText('The request was approved').waitFor();
    await expect.poll(async () => (await statusOf(UPCOMING, pat!)).status).toBe('Waitlisted');

    await runRowAction(page, quin!.userName, 'Decline');
    const decline = page.getByRole('dialog', { name: 'Decline' });
    await decline.getByLabel('Comment (required)').fill('Please choose a session in your region.');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('status').getByText('The request was declined.').waitFor();
    await expect.poll(async () => (await statusOf(UPCOMING, quin!)).status).toBe('Denied');
    await expect.poll(() => gridRow(page, quin!.userName).innerText()).toContain('Denied');
  }, 180_000);

  it('Registration and Attendance Details of Manage Training offers the same actions; Send a Message writes to one person', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/dashboard/manage-training`);
    await runRowAction(page, COURSE, 'Registration and Attendance Details');
    const details = page.getByRole('dialog', { name: `Registration and Attendance Details - ${COURSE}` });
    await expect.poll(() => details.locator('tbody tr', { hasText: pat!.userName }).count()).toBe(1);
    await details.getByRole('button', { name: 'Set Attendance for Selected' }).waitFor();
    await bothWidths(page, 'enrollment-actions-details');
    await runRowAction(page, pat!.userName, 'Send a Message');
    const compose = page.getByRole('dialog', { name: 'Compose Message' });
    await expect.poll(() => compose.innerText()).toContain(pat!.name);
    await compose.getByRole('textbox', { name: 'Body' }).click();
    await page.keyboard.type('You are on the waiting list: we will write when a seat frees.');
    await compose.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Your message was sent successfully.').waitFor();
    const copies = await app.database.db.knex('message_recipients').where({ user_id: pat!.id, folder: 'Inbox' }).count({ n: '*' });
    expect(Number((copies[0] as { n: number | string }).n)).toBe(1);
  }, 120_000);
});
