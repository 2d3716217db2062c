import { insertedId } from '../../server/data/inserted-id.js';
import type { TestApp } from './test-app.js';

/**
 * Courses and sessions for the registration tests, inserted as rows (the course and session forms
 * come with the training metadata; the tests will switch to them then).
 */
export interface SectionOptions {
  trainerId: number;
  seats: number;
  waitlistSeats?: number;
  region?: string | null;
  regStartDate?: string | null;
  regDeadlineDate?: string | null;
  locked?: boolean;
  courseName?: string;
  sectionName?: string;
}

let seq = 0;

export async function addCourse(t: TestApp, trainerId: number, courseName: string): Promise<number> {
  const now = new Date().toISOString();
  return insertedId(await t.database.db.knex('courses').insert({ trainer_id: trainerId, course_name: courseName, training_hours: 2, created_at: now, updated_at: now, created_by: trainerId }).returning('id'));
}

/** A course with one session; answers the session's id. Dates default to a session next month with an open window. */
export async function addSection(t: TestApp, o: SectionOptions): Promise<number> {
  seq += 1;
  const now = new Date();
  const day = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const courseId = await addCourse(t, o.trainerId, o.courseName ?? `Course ${seq}`);
  return insertedId(await t.database.db.knex('course_sections').insert({
    course_id: courseId, section_name: o.sectionName ?? `Session ${seq}`,
    training_start_date: new Date(now.getTime() + 30 * 86_400_000).toISOString(), training_end_date: new Date(now.getTime() + 30 * 86_400_000 + 7_200_000).toISOString(),
    reg_start_date: o.regStartDate === undefined ? day(-10) : o.regStartDate, reg_deadline_date: o.regDeadlineDate === undefined ? day(20) : o.regDeadlineDate,
    region: o.region === undefined ? null : o.region, seats: o.seats, waitlist_seats: o.waitlistSeats ?? 0, locked: o.locked ?? false,
    created_at: now.toISOString(), updated_at: now.toISOString(), created_by: o.trainerId,
  }).returning('id'));
}

/** The people of a section with a status: the waitlist in its order ((waitlisted_at, id): index + 1 is the position), others by when their place was made. */
export async function peopleWith(t: TestApp, sectionId: number, status: string): Promise<number[]> {
  const order = status === 'Waitlisted' ? [{ column: 'waitlisted_at' }, { column: 'id' }] : [{ column: 'id' }];
  const rows = (await t.database.db.knex('enrollments').where({ course_section_id: sectionId, status }).orderBy(order).select('user_id')) as { user_id: number }[];
  return rows.map((r) => Number(r.user_id));
}

export const dayOffset = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
