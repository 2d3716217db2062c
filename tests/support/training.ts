import type { LightMyRequestResponse } from 'fastify';
import { insertedId } from '../../server/data/inserted-id.js';
import { addDays } from '../../engine/rules/dates.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../../engine/rules/today.js';
import type { TestApp } from './test-app.js';

/** Form element ids of the Training form (21) and the Session form (22). */
export const COURSE_FORM = { id: 21, name: 21001, description: 21002, delivery: 21003, hours: 21004, cka: 21005, ages: 21006, dhr: 21007, cda: 21008, ccdf: 21009 } as const;
export const SECTION_FORM = {
  id: 22, course: 22001, name: 22002, start: 22003, end: 22004, regStart: 22005, regDeadline: 22006, region: 22007,
  locationName: 22008, locationPhone: 22009, locationExt: 22010, address: 22011, contactName: 22012, contactEmail: 22013,
  contactPhone: 22014, contactExt: 22015, seats: 22016, waitlistSeats: 22017,
} as const;

type Value = string | string[];
const responses = (values: Record<number, Value>) => Object.entries(values).map(([id, v]) =>
  Array.isArray(v) ? { formElementId: Number(id), multiValue: v } : { formElementId: Number(id), value: v });

/** Saves the Training form (new course, or the course `id`) as the caller. */
export function saveCourse(t: TestApp, token: string, values: Record<number, Value>, id?: number): Promise<LightMyRequestResponse> {
  return t.post('/api/form/formresponse', { response: { formId: COURSE_FORM.id, elementResponses: responses(values) }, ...(id ? { entities: [{ Id: id, EntityTypeId: 23 }] } : {}) }, token);
}

/** Saves the Session form (new section, or the section `id`) as the caller. */
export function saveSection(t: TestApp, token: string, values: Record<number, Value>, id?: number): Promise<LightMyRequestResponse> {
  return t.post('/api/form/formresponse', { response: { formId: SECTION_FORM.id, elementResponses: responses(values) }, ...(id ? { entities: [{ Id: id, EntityTypeId: 24 }] } : {}) }, token);
}

/** A session's values for the Session form: upcoming, one region choice, seats. */
export function sectionValues(courseId: number, over: Record<number, Value> = {}): Record<number, Value> {
  return {
    [SECTION_FORM.course]: String(courseId), [SECTION_FORM.name]: 'Morning session', [SECTION_FORM.start]: '2099-03-10T09:00',
    [SECTION_FORM.end]: '2099-03-10T12:00', [SECTION_FORM.regStart]: '2099-02-01', [SECTION_FORM.regDeadline]: '2099-03-09',
    [SECTION_FORM.region]: '1', [SECTION_FORM.locationName]: 'Community Center', [SECTION_FORM.locationPhone]: '(205) 555-0100',
    [SECTION_FORM.locationExt]: '12', [SECTION_FORM.contactName]: 'Terry Trainer', [SECTION_FORM.contactEmail]: 'terry@example.org',
    [SECTION_FORM.seats]: '20', [SECTION_FORM.waitlistSeats]: '5', ...over,
  };
}

/** A course of `trainerId` with one session, written straight to the tables (for access tests). */
export async function addCourseWithSection(t: TestApp, trainerId: number, courseName = 'Secret Course'): Promise<{ courseId: number; sectionId: number }> {
  const knex = t.database.db.knex;
  const now = new Date().toISOString();
  const stamp = { created_at: now, updated_at: now, created_by: trainerId, updated_by: trainerId, disabled: false };
  const [c] = await knex('courses').insert({ trainer_id: trainerId, course_name: courseName, delivery_method: 'Classroom', ...stamp }).returning('id');
  const courseId = Number(typeof c === 'object' ? (c as { id: number }).id : c);
  const [s] = await knex('course_sections').insert({
    course_id: courseId, section_name: 'Secret Session', training_start_date: '2099-03-10T09:00:00Z', training_end_date: '2099-03-10T12:00:00Z',
    seats: 10, waitlist_seats: 0, locked: false, ...stamp,
  }).returning('id');
  return { courseId, sectionId: Number(typeof s === 'object' ? (s as { id: number }).id : s) };
}

/** Courses and sessions for the registration tests, inserted as rows (the forms above write them as a trainer does). */
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

const stamps = (by: number) => {
  const now = new Date().toISOString();
  return { created_at: now, updated_at: now, created_by: by, updated_by: by, disabled: false };
};

export async function addCourse(t: TestApp, trainerId: number, name = 'Supporting Early Literacy', hours = 3.5): Promise<number> {
  return insertedId(await t.database.db.knex('courses').insert({
    trainer_id: trainerId, course_name: name, training_hours: hours, core_knowledge_area: 'LEE', delivery_method: 'Classroom', ...stamps(trainerId),
  }).returning('id'));
}

/** A session of the course in Birmingham; `endsInHours` negative (default: a day ago): it has ended. */
export async function addSessionOfCourse(t: TestApp, courseId: number, by: number, opts: { name?: string; endsInHours?: number; locked?: boolean } = {}): Promise<number> {
  const end = new Date(Date.now() + (opts.endsInHours ?? -24) * 3_600_000);
  return insertedId(await t.database.db.knex('course_sections').insert({
    course_id: courseId, section_name: opts.name ?? 'Spring Session', training_start_date: new Date(end.getTime() - 3 * 3_600_000).toISOString(),
    training_end_date: end.toISOString(), seats: 20, waitlist_seats: 5, locked: opts.locked ?? false, region: 'Birmingham', ...stamps(by),
  }).returning('id'));
}

/** An enrollment row with a status (and attendance), as registration would have left it. */
export async function addEnrollment(t: TestApp, sectionId: number, userId: number, status = 'Registered', attendance: number | null = null): Promise<number> {
  return insertedId(await t.database.db.knex('enrollments').insert({
    course_section_id: sectionId, user_id: userId, status, attendance, waitlisted_at: status === 'Waitlisted' ? new Date().toISOString() : null, ...stamps(userId),
  }).returning('id'));
}

/** A course with one session; answers the session's id. Dates default to a session next month with an open window. */
export async function addSection(t: TestApp, o: SectionOptions): Promise<number> {
  seq += 1;
  const now = new Date();
  const courseId = await addCourse(t, o.trainerId, o.courseName ?? `Course ${seq}`);
  return insertedId(await t.database.db.knex('course_sections').insert({
    course_id: courseId, section_name: o.sectionName ?? `Session ${seq}`,
    training_start_date: new Date(now.getTime() + 30 * 86_400_000).toISOString(), training_end_date: new Date(now.getTime() + 30 * 86_400_000 + 7_200_000).toISOString(),
    reg_start_date: o.regStartDate === undefined ? dayOffset(-10) : o.regStartDate, reg_deadline_date: o.regDeadlineDate === undefined ? dayOffset(20) : o.regDeadlineDate,
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

/** The day `days` from the tenant's today (every tenant keeps the registry's default time zone). */
export const dayOffset = (days: number): string => addDays(todayIn(DEFAULT_TIME_ZONE), days);
