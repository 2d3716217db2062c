import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/rules/dates.js';
import { DEFAULT_TIME_ZONE, instantOfWallClock, todayIn } from '../../engine/rules/today.js';
import { insertedId } from '../../server/data/inserted-id.js';
import { addPerson, type Person } from '../support/people.js';
import { addCourse, addEnrollment } from '../support/training.js';
import { bothWidths, HAS_CHROMIUM, openBrowser, type Browser } from './support/browser.js';
import { serveApp, type ServedApp } from './support/served-app.js';
import { signInAt, signOutAt } from './support/sign-in.js';

let app: ServedApp;
let browser: Browser;
let trainer: Person;
let pro: Person;
const COURSE = 'Outdoor Play';
const REGISTERED = `${COURSE}: Soon Session`;
const WAITLISTED = `${COURSE}: Tomorrow Session`;

let soonDay: string;

/** A session of the course starting at `start`, two hours long. */
async function session(courseId: number, name: string, start: Date): Promise<number> {
  const now = new Date().toISOString();
  return insertedId(await app.database.db.knex('course_sections').insert({
    course_id: courseId, section_name: name, training_start_date: start.toISOString(), training_end_date: new Date(start.getTime() + 7_200_000).toISOString(),
    seats: 10, waitlist_seats: 5, locked: false, created_at: now, updated_at: now, created_by: trainer.id, disabled: false,
  }).returning('id'));
}

describe.skipIf(!HAS_CHROMIUM)('My Calendar in Chromium (al)', () => {
  beforeAll(async () => {
    app = await serveApp('al');
    trainer = await addPerson(app, 'Tilda', [{ role: '250' }]);
    pro = await addPerson(app, 'Petra', [{ role: '100' }]);
    const courseId = await addCourse(app, trainer.id, COURSE);
    const soon = new Date(Date.now() + 5 * 60_000);
    await addEnrollment(app, await session(courseId, 'Soon Session', soon), pro.id, 'Registered');
    soonDay = todayIn(DEFAULT_TIME_ZONE, soon);
    // at noon of the next day, whatever the time now: never in the same day's cell as the soon one
    const tomorrowNoon = new Date(instantOfWallClock(`${addDays(soonDay, 1)}T12:00`, DEFAULT_TIME_ZONE));
    await addEnrollment(app, await session(courseId, 'Tomorrow Session', tomorrowNoon), pro.id, 'Waitlisted');
    browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a professional sees their sessions in month, week and day views, opens one and cancels it', async () => {
    const { page } = browser;
    await signInAt(page, app.url, pro.userName);
    // not in the menu (spec): a link on the dashboard
    await page.getByRole('region', { name: 'Quick links' }).getByRole('link', { name: 'My Calendar' }).click();
    await page.waitForURL(/\/dashboard\/calendar\/view$/);
    await page.getByRole('heading', { name: 'My Calendar', level: 1 }).waitFor();
    for (const label of ['Registered', 'Pending Approval', 'Waitlist', 'Past']) await page.getByRole('listitem').filter({ hasText: new RegExp(`^${label}$`) }).waitFor();
    const event = (name: string) => page.locator('.fc-event', { hasText: name });
    await event(REGISTERED).first().waitFor();
    await event(WAITLISTED).first().waitFor();
    await bothWidths(page, 'calendar-month');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.locator('.fc-timeGridWeek-view').waitFor();
    await event(REGISTERED).first().waitFor();
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.locator('.fc-timeGridDay-view').waitFor();
    // a few minutes before the tenant's midnight the soon session is tomorrow's
    if (soonDay !== todayIn(DEFAULT_TIME_ZONE)) await page.getByRole('button', { name: 'Next', exact: true }).click();
    await event(REGISTERED).first().waitFor();
    await bothWidths(page, 'calendar-day');
    await page.getByRole('button', { name: 'Month', exact: true }).click();

    // the event is reachable by keyboard and opens its popup
    await event(REGISTERED).first().focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: REGISTERED });
    await popup.getByText('Start').waitFor();
    await bothWidths(page, 'calendar-popup');
    await popup.getByRole('button', { name: 'Cancel Registration' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Cancellation' });
    await confirm.getByText('Your cancellation request will be processed immediately and can not be reversed.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const done = page.getByRole('dialog', { name: 'Cancellation Request Complete!' });
    await done.getByText(`You have successfully unregistered for ${REGISTERED}`).waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => event(REGISTERED).count()).toBe(0);
    expect(await event(WAITLISTED).count()).toBeGreaterThan(0);
    const row = (await app.database.db.knex('enrollments').where({ user_id: pro.id, status: 'Unregistered' }).count({ n: '*' }))[0] as { n: number | string };
    expect(Number(row.n)).toBe(1);

    // Upcoming Trainings lists the waitlisted session, which opens the same popup
    await page.getByRole('link', { name: 'Upcoming Trainings' }).click();
    await page.getByRole('button', { name: WAITLISTED }).click();
    await page.getByRole('dialog', { name: WAITLISTED }).getByRole('button', { name: 'Cancel Registration' }).waitFor();
    await bothWidths(page, 'calendar-upcoming-popup');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: REGISTERED }).count()).toBe(0);
    await bothWidths(page, 'calendar-upcoming');
    await signOutAt(page, app.url);
  }, 240_000);

  it('a trainer sees the Upcoming legend and their sessions, without cancel', async () => {
    const { page } = browser;
    await signInAt(page, app.url, trainer.userName);
    await page.goto(`${app.url}/dashboard/calendar/view`);
    await page.getByRole('listitem').filter({ hasText: /^Upcoming$/ }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: /^Registered$/ }).count()).toBe(0);
    const event = page.locator('.fc-event', { hasText: REGISTERED }).first();
    await event.waitFor();
    await bothWidths(page, 'calendar-trainer');
    await event.click();
    const popup = page.getByRole('dialog', { name: REGISTERED });
    await popup.getByText('End').waitFor();
    expect(await popup.getByRole('button', { name: 'Cancel Registration' }).count()).toBe(0);
  }, 120_000);
});
