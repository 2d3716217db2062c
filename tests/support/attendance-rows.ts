import { insertedId } from '../../server/data/inserted-id.js';
import type { TestApp } from './test-app.js';

/** Rows of migration 031 written directly, until the real course screens and registration exist in these tests. */
const now = () => new Date().toISOString();
const stamps = (by: number) => ({ created_at: now(), updated_at: now(), created_by: by, updated_by: by, disabled: false });

export async function addCourse(t: TestApp, trainerId: number, name = 'Supporting Early Literacy', hours = 3.5): Promise<number> {
  return insertedId(await t.database.db.knex('courses').insert({
    trainer_id: trainerId, course_name: name, training_hours: hours, core_knowledge_area: 'LEE', delivery_method: 'Classroom', ...stamps(trainerId),
  }).returning('id'));
}

/** A session of the course; `endsInHours` negative: it has ended. */
export async function addSection(t: TestApp, courseId: number, by: number, opts: { name?: string; endsInHours?: number; locked?: boolean } = {}): Promise<number> {
  const end = new Date(Date.now() + (opts.endsInHours ?? -24) * 3_600_000);
  return insertedId(await t.database.db.knex('course_sections').insert({
    course_id: courseId, section_name: opts.name ?? 'Spring Session', training_start_date: new Date(end.getTime() - 3 * 3_600_000).toISOString(),
    training_end_date: end.toISOString(), seats: 20, waitlist_seats: 5, locked: opts.locked ?? false, region: 'Birmingham', ...stamps(by),
  }).returning('id'));
}

export async function addEnrollment(t: TestApp, sectionId: number, userId: number, status = 'Registered', attendance: number | null = null): Promise<number> {
  return insertedId(await t.database.db.knex('enrollments').insert({
    course_section_id: sectionId, user_id: userId, status, attendance, waitlisted_at: status === 'Waitlisted' ? now() : null, ...stamps(userId),
  }).returning('id'));
}
