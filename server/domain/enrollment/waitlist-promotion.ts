import type { Knex } from 'knex';
import { seatsToFill, type Capacity } from '../../../engine/enrollment/capacity.js';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import { firstWaitlisted } from '../../data/enrollment-store.js';
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
  const first = await firstWaitlisted(trx, section.id, n);
  for (const row of first) {
    await changePlace(trx, {
      section, enrollmentId: row.id, userId: row.userId, actorId, change: 'promoted',
      from: ENROLLMENT_STATUS.waitlisted, to: ENROLLMENT_STATUS.registered,
    });
  }
  return { ...capacity, registered: capacity.registered + first.length, waitlisted: capacity.waitlisted - first.length };
}
