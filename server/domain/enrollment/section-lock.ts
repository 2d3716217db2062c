import type { Knex } from 'knex';
import type { Capacity } from '../../../engine/enrollment/capacity.js';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation } from '../../data/unique-violation.js';
import { notFound } from '../../errors.js';
import type { Database } from '../../data/db.js';

/** A section as registration decides on it: its course, trainer, window, region and capacity. */
export interface LockedSection {
  id: number;
  courseId: number;
  courseName: string;
  sectionName: string;
  trainerId: number;
  region: string | null;
  regStartDate: string | null;
  regDeadlineDate: string | null;
  locked: boolean;
  seats: number;
  waitlistSeats: number;
}

interface SectionRow {
  id: number; course_id: number; course_name: string; section_name: string; trainer_id: number; region: string | null;
  reg_start_date: string | Date | null; reg_deadline_date: string | Date | null; locked: boolean | number; seats: number; waitlist_seats: number;
}

const day = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The section with its course (no lock): 404 when it does not exist or is disabled. */
export async function readSection(knex: Knex | Knex.Transaction, sectionId: number): Promise<LockedSection> {
  const row = (await knex('course_sections as s').join('courses as c', 'c.id', 's.course_id')
    .where({ 's.id': sectionId, 's.disabled': false, 'c.disabled': false })
    .first('s.id', 's.course_id', 'c.course_name', 's.section_name', 'c.trainer_id', 's.region', 's.reg_start_date', 's.reg_deadline_date', 's.locked', 's.seats', 's.waitlist_seats')) as SectionRow | undefined;
  if (!row) throw notFound('Training session');
  return {
    id: Number(row.id), courseId: Number(row.course_id), courseName: row.course_name, sectionName: row.section_name, trainerId: Number(row.trainer_id),
    region: row.region, regStartDate: day(row.reg_start_date), regDeadlineDate: day(row.reg_deadline_date), locked: Boolean(row.locked),
    seats: Number(row.seats), waitlistSeats: Number(row.waitlist_seats),
  };
}

/** Seats and waitlist seats taken: inside the section's lock for a decision, or a committed snapshot for an answer that changes nothing. */
export async function capacityOf(trx: Knex | Knex.Transaction, section: Pick<LockedSection, 'id' | 'seats' | 'waitlistSeats'>): Promise<Capacity> {
  const rows = (await trx('enrollments').where({ course_section_id: section.id })
    .whereIn('status', [ENROLLMENT_STATUS.registered, ENROLLMENT_STATUS.waitlisted])
    .groupBy('status').select('status').count({ n: '*' })) as { status: string; n: number | string }[];
  const taken = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { seats: section.seats, waitlistSeats: section.waitlistSeats, registered: taken(ENROLLMENT_STATUS.registered), waitlisted: taken(ENROLLMENT_STATUS.waitlisted) };
}

/**
 * Runs a registration decision inside the section's lock: on PostgreSQL `select ... for update`
 * on the section row (every decision on the section waits for the one before it); on SQLite the
 * one connection serialises transactions already. A unique violation of the one-active-enrollment
 * index (the backstop) answers `onDuplicate`.
 */
export async function withSectionLock<T>(ctx: AppContext, sectionId: number, onDuplicate: T, decide: (trx: Knex.Transaction, section: LockedSection) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.knex.transaction(async (trx) => {
      await lockSection(trx, ctx.db, sectionId);
      return decide(trx, await readSection(trx, sectionId));
    });
  } catch (e) {
    if (isUniqueViolation(e)) return onDuplicate;
    throw e;
  }
}

/** Holds the section's row until the transaction ends (PostgreSQL; SQLite runs one writer at a time): every decision on it waits for the one before. */
export async function lockSection(trx: Knex.Transaction, db: Database, sectionId: number): Promise<void> {
  if (db.dialect === 'pg') await trx('course_sections').where({ id: sectionId }).forUpdate().first('id');
}

/** The person's active enrollment (Registered, Waitlisted or Pending Approval) in the section, if any. */
export async function activeEnrollment(trx: Knex | Knex.Transaction, sectionId: number, userId: number): Promise<{ id: number; status: string } | undefined> {
  const row = (await trx('enrollments').where({ course_section_id: sectionId, user_id: userId })
    .whereIn('status', [ENROLLMENT_STATUS.registered, ENROLLMENT_STATUS.waitlisted, ENROLLMENT_STATUS.pendingApproval])
    .first('id', 'status')) as { id: number; status: string } | undefined;
  return row ? { id: Number(row.id), status: row.status } : undefined;
}

/**
 * The section as committed, without the lock: an answer that changes nothing (already placed,
 * full, the waitlist offer) is true of this state and needs no lock; a change is decided again
 * inside it. Under a rush, the people who find the session full do not queue for the lock.
 */
export async function committedState(knex: Knex, section: LockedSection, userId: number): Promise<{ capacity: Capacity; hasActive: boolean }> {
  const [capacity, active] = await Promise.all([capacityOf(knex, section), activeEnrollment(knex, section.id, userId)]);
  return { capacity, hasActive: active !== undefined };
}
