import type { Knex } from 'knex';
import { seatsToFill, type Capacity } from '../../../engine/enrollment/capacity.js';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import { changePlace } from './enrollment-changes.js';
import { capacityOf, type LockedSection } from './section-lock.js';

/**
 * Fills free seats from the waitlist, first place first ((waitlisted_at, id)), inside the section's
 * lock: after a cancellation, a removed registration or more seats. The promoted people are
 * notified through the domain event (kind enrollment-promoted, with an e-mail); the places behind
 * them move up, as positions are ranks. Answers the capacity after it.
 */
export async function fillFreeSeats(trx: Knex.Transaction, section: LockedSection, actorId: number, counted?: Capacity): Promise<Capacity> {
  const capacity = counted ?? await capacityOf(trx, section);
  const n = seatsToFill(capacity);
  if (n === 0) return capacity;
  const first = (await trx('enrollments').where({ course_section_id: section.id, status: ENROLLMENT_STATUS.waitlisted })
    .orderBy([{ column: 'waitlisted_at' }, { column: 'id' }]).limit(n).select('id', 'user_id')) as { id: number; user_id: number }[];
  for (const row of first) {
    await changePlace(trx, {
      section, enrollmentId: Number(row.id), userId: Number(row.user_id), actorId, change: 'promoted',
      from: ENROLLMENT_STATUS.waitlisted, to: ENROLLMENT_STATUS.registered,
    });
  }
  return { ...capacity, registered: capacity.registered + first.length, waitlisted: capacity.waitlisted - first.length };
}
