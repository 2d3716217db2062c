import type { Knex } from 'knex';
import type { Capacity } from '../../../engine/enrollment/capacity.js';
import type { AppContext } from '../../app-context.js';
import { dateText } from '../../data/clock.js';
import type { Database } from '../../data/db.js';
import { activeEnrollment, enabledSection, heldPlaceCounts, lockSectionRow } from '../../data/enrollment-store.js';
import { isUniqueViolation } from '../../data/unique-violation.js';
import { notFound } from '../../errors.js';

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

const day = (v: string | Date | null) => (v === null ? null : dateText(v));

/** The section with its course (no lock): 404 when it does not exist or is disabled. */
export async function readSection(knex: Knex | Knex.Transaction, sectionId: number): Promise<LockedSection> {
  const row = await enabledSection(knex, sectionId);
  if (!row) throw notFound('Training session');
  return {
    id: Number(row.id), courseId: Number(row.course_id), courseName: row.course_name, sectionName: row.section_name, trainerId: Number(row.trainer_id),
    region: row.region, regStartDate: day(row.reg_start_date), regDeadlineDate: day(row.reg_deadline_date), locked: Boolean(row.locked),
    seats: Number(row.seats), waitlistSeats: Number(row.waitlist_seats),
  };
}

/** Seats and waitlist seats taken: inside the section's lock for a decision, or a committed snapshot for an answer that changes nothing. */
export async function capacityOf(trx: Knex | Knex.Transaction, section: Pick<LockedSection, 'id' | 'seats' | 'waitlistSeats'>): Promise<Capacity> {
  return { seats: section.seats, waitlistSeats: section.waitlistSeats, ...(await heldPlaceCounts(trx, section.id)) };
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
  await lockSectionRow(db, trx, sectionId);
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
