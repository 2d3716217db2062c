import type { Locator, Page } from 'playwright-core';

/** Manage Training's Add New: the course form filled (Classroom, 3 hours, CGD, toddlers), not saved. */
export async function fillCourseForm(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: /^Add New/ }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Course Name').fill(name);
  await form.getByLabel('Delivery Method').selectOption({ label: 'Classroom' });
  await form.getByLabel('Training Hours').fill('3');
  await form.getByText('CGD - Child Growth and Development', { exact: true }).click();
  await form.getByText('Toddlers 1 and 2', { exact: true }).click();
  return form;
}

export interface SessionValues {
  course: string;
  session: string;
  /** datetime-local values, the tenant's wall clock */
  start: string;
  end: string;
  regStart: string;
  regDeadline: string;
  seats: number;
  waitlistSeats?: number;
}

/** Manage Schedule's Add New: the session form filled (Birmingham, a location and a contact), not saved. */
export async function fillSessionForm(schedule: Locator, page: Page, v: SessionValues): Promise<Locator> {
  await schedule.getByRole('button', { name: /^Add New/ }).click();
  const form = page.getByRole('dialog', { name: /Session/ }).last();
  await form.getByRole('combobox', { name: 'Training' }).fill(v.course.slice(0, 4));
  await form.getByRole('option', { name: v.course }).click();
  await form.getByLabel('Session Name').fill(v.session);
  await form.getByLabel(/^Start\b/).fill(v.start);
  await form.getByLabel(/^End\b/).fill(v.end);
  await form.getByLabel('Registration Start Date').fill(v.regStart);
  await form.getByLabel('Registration Deadline').fill(v.regDeadline);
  await form.getByLabel('Region').selectOption({ label: 'Birmingham' });
  await form.getByLabel('Delivery Location Name').fill('Community Center');
  await form.getByLabel('Location Phone').fill('2055550100');
  await form.getByLabel('Contact Name').fill('Trina Tester');
  await form.getByLabel('Contact Email').fill('trina@example.org');
  await form.getByLabel(/^Seats/).fill(String(v.seats));
  if (v.waitlistSeats !== undefined) await form.getByLabel(/^Waitlist Seats/).fill(String(v.waitlistSeats));
  return form;
}
