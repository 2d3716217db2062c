import type { Knex } from 'knex';
import { ENROLLMENT_STATUS } from '../../engine/enrollment/enrollment-status.js';
import type { Database } from './db.js';
import { insertedId } from './inserted-id.js';

/**
 * enrollments and the course_sections they are in: people's places in training sessions, as
 * registration, the waitlist and cancellation read and write them. Boolean columns come back as
 * 0/1 on SQLite and true/false on PostgreSQL.
 */

type Db = Knex | Knex.Transaction;

/** A section with its course, as registration decides on it. */
export interface SectionRow {
  id: number; course_id: number; course_name: string; section_name: string; trainer_id: number; region: string | null;
  reg_start_date: string | Date | null; reg_deadline_date: string | Date | null; locked: boolean | number; seats: number; waitlist_seats: number;
}

/** A place as cancellation and the waitlist read it. */
export interface PlaceRow { id: number; userId: number; status: string }

/** An enabled section of an enabled course, with its course. */
export async function enabledSection(db: Db, sectionId: number): Promise<SectionRow | undefined> {
  return (await db('course_sections as s').join('courses as c', 'c.id', 's.course_id')
    .where({ 's.id': sectionId, 's.disabled': false, 'c.disabled': false })
    .first('s.id', 's.course_id', 'c.course_name', 's.section_name', 'c.trainer_id', 's.region', 's.reg_start_date', 's.reg_deadline_date', 's.locked', 's.seats', 's.waitlist_seats')) as SectionRow | undefined;
}

/** Locks the section's row until the transaction ends (PostgreSQL only: SQLite runs one writer at a time). */
export async function lockSectionRow(db: Database, trx: Knex.Transaction, sectionId: number): Promise<void> {
  if (db.dialect === 'pg') await trx('course_sections').where({ id: sectionId }).forUpdate().first('id');
}

/** The course and section names of a section (any, enabled or not). */
export async function sectionNames(db: Db, sectionId: number): Promise<{ courseName: string; sectionName: string } | undefined> {
  const row = (await db('course_sections as s').join('courses as c', 'c.id', 's.course_id').where('s.id', sectionId).first('c.course_name', 's.section_name')) as { course_name: string; section_name: string } | undefined;
  return row && { courseName: row.course_name, sectionName: row.section_name };
}

/** How many Registered and how many Waitlisted places the section has. */
export async function heldPlaceCounts(db: Db, sectionId: number): Promise<{ registered: number; waitlisted: number }> {
  const rows = (await db('enrollments').where({ course_section_id: sectionId })
    .whereIn('status', [ENROLLMENT_STATUS.registered, ENROLLMENT_STATUS.waitlisted])
    .groupBy('status').select('status').count({ n: '*' })) as { status: string; n: number | string }[];
  const taken = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { registered: taken(ENROLLMENT_STATUS.registered), waitlisted: taken(ENROLLMENT_STATUS.waitlisted) };
}

/** The person's active enrollment (Registered, Waitlisted or Pending Approval) in the section, if any. */
export async function activeEnrollment(db: Db, sectionId: number, userId: number): Promise<{ id: number; status: string } | undefined> {
  const row = (await db('enrollments').where({ course_section_id: sectionId, user_id: userId })
    .whereIn('status', [ENROLLMENT_STATUS.registered, ENROLLMENT_STATUS.waitlisted, ENROLLMENT_STATUS.pendingApproval])
    .first('id', 'status')) as { id: number; status: string } | undefined;
  return row ? { id: Number(row.id), status: row.status } : undefined;
}

/** The held places (Registered or Waitlisted) of these people in the section. */
export async function heldPlacesOf(trx: Knex.Transaction, sectionId: number, userIds: readonly number[]): Promise<PlaceRow[]> {
  const rows = (await trx('enrollments').where({ course_section_id: sectionId }).whereIn('user_id', [...userIds])
    .whereIn('status', [ENROLLMENT_STATUS.registered, ENROLLMENT_STATUS.waitlisted]).select('id', 'user_id', 'status')) as { id: number; user_id: number; status: string }[];
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), status: r.status }));
}

/** The first `n` waitlist places of the section, in waitlist order (waitlisted_at, id). */
export async function firstWaitlisted(trx: Knex.Transaction, sectionId: number, n: number): Promise<Omit<PlaceRow, 'status'>[]> {
  const rows = (await trx('enrollments').where({ course_section_id: sectionId, status: ENROLLMENT_STATUS.waitlisted })
    .orderBy([{ column: 'waitlisted_at' }, { column: 'id' }]).limit(n).select('id', 'user_id')) as { id: number; user_id: number }[];
  return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) }));
}

/** The latest waitlisted_at of the section's waitlist places, or null when it has none. */
export async function lastWaitlistTime(trx: Knex.Transaction, sectionId: number): Promise<string | Date | null> {
  const last = (await trx('enrollments').where({ course_section_id: sectionId, status: ENROLLMENT_STATUS.waitlisted }).max({ at: 'waitlisted_at' }).first()) as { at: string | Date | null } | undefined;
  return last?.at ?? null;
}

/** The rank of a waitlist place in its section's order (waitlisted_at, id): 1 is next. */
export async function waitlistPosition(db: Db, sectionId: number, enrollmentId: number): Promise<number> {
  const mine = db('enrollments').where({ id: enrollmentId }).select('waitlisted_at');
  const row = (await db('enrollments').where({ course_section_id: sectionId, status: ENROLLMENT_STATUS.waitlisted })
    .where((q) => { void q.where('waitlisted_at', '<', mine.clone()).orWhere((r) => { void r.where('waitlisted_at', '=', mine.clone()).andWhere('id', '<=', enrollmentId); }); })
    .count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** A new place as stored. */
export interface NewEnrollmentRow {
  sectionId: number;
  userId: number;
  organizationId: number | null;
  status: string;
  waitlistedAt: string | null;
  comment: string | null;
  actorId: number;
  now: string;
}

/** Inserts a place (the unique index refuses a second active one); answers its id. */
export async function insertEnrollment(trx: Knex.Transaction, p: NewEnrollmentRow): Promise<number> {
  return insertedId(await trx('enrollments').insert({
    course_section_id: p.sectionId, user_id: p.userId, organization_id: p.organizationId, status: p.status, waitlisted_at: p.waitlistedAt,
    comment: p.comment, created_at: p.now, updated_at: p.now, created_by: p.actorId, updated_by: p.actorId,
  }).returning('id'));
}

/** A place's new status, with its waitlist time and reviewer's comment when given. */
export interface StatusUpdate {
  to: string;
  actorId: number;
  now: string;
  waitlistedAt?: string;
  reviewComment?: string | null;
}

/** Moves a place to a new status only if it still has `from`; false when it no longer has it. */
export async function updateEnrollmentStatus(trx: Knex.Transaction, enrollmentId: number, from: string, u: StatusUpdate): Promise<boolean> {
  const set: Record<string, unknown> = { status: u.to, updated_at: u.now, updated_by: u.actorId };
  if (u.waitlistedAt !== undefined) set.waitlisted_at = u.waitlistedAt;
  if (u.reviewComment !== undefined) set.review_comment = u.reviewComment;
  return (await trx('enrollments').where({ id: enrollmentId, status: from }).update(set)) === 1;
}

/** The check code of the enrollment's certificate, or null when it has none. */
export async function certificateCodeOf(db: Db, enrollmentId: number): Promise<string | null> {
  const row = (await db('enrollments').where({ id: enrollmentId }).first('certificate_code')) as { certificate_code: string | null } | undefined;
  return row?.certificate_code ?? null;
}
