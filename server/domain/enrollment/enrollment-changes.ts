import type { Knex } from 'knex';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso, timestampText } from '../../data/clock.js';
import { insertEnrollment, lastWaitlistTime, updateEnrollmentStatus, waitlistPosition } from '../../data/enrollment-store.js';
import type { EnrollmentChange } from '../../events/domain-event.js';
import { publishEvent } from '../../events/event-bus.js';
import type { LockedSection } from './section-lock.js';

/** The entity type of enrollments (spec part 3 section 3: Student details 26). */
export const ENROLLMENT_ENTITY = 26;

/** What happened to a place, for the audit row and the domain event (the person's notification). */
export interface PlaceChange {
  enrollmentId: number;
  userId: number;
  section: LockedSection;
  change: EnrollmentChange;
  actorId: number;
  from: string | null;
  to: string;
  comment?: string | null;
  position?: number | null;
}

/** One audit row and one domain event per change, in the change's transaction. */
async function record(trx: Knex.Transaction, c: PlaceChange): Promise<void> {
  const detail = { courseSectionId: c.section.id, userId: c.userId, from: c.from, to: c.to, comment: c.comment ?? null, position: c.position ?? null };
  await writeAudit(trx, { userId: c.actorId, action: `enrollment.${c.change}`, entityTypeId: ENROLLMENT_ENTITY, entityId: c.enrollmentId, detail });
  await publishEvent(trx, {
    type: 'enrollment.changed', actorId: c.actorId,
    payload: { enrollmentId: c.enrollmentId, userId: c.userId, courseSectionId: c.section.id, trainerId: c.section.trainerId, change: c.change, position: c.position ?? null, comment: c.comment ?? null },
  });
}

/**
 * The time that puts a new waitlist place last: now, or just after the latest place when a clock
 * is behind (positions follow (waitlisted_at, id), so the order is the order of the decisions).
 */
export async function nextWaitlistTime(trx: Knex.Transaction, sectionId: number): Promise<string> {
  const last = await lastWaitlistTime(trx, sectionId);
  const now = nowIso();
  return last && timestampText(last) > now ? timestampText(last) : now;
}

export interface NewPlace {
  section: LockedSection;
  userId: number;
  organizationId: number | null;
  status: typeof ENROLLMENT_STATUS.registered | typeof ENROLLMENT_STATUS.waitlisted | typeof ENROLLMENT_STATUS.pendingApproval;
  comment: string | null;
  actorId: number;
  change: EnrollmentChange;
}

/** Inserts a person's place (the unique index refuses a second active one) and records it; answers its id and, when waitlisted, the position. */
export async function insertPlace(trx: Knex.Transaction, p: NewPlace): Promise<{ id: number; position: number | null }> {
  const now = nowIso();
  const waitlistedAt = p.status === ENROLLMENT_STATUS.waitlisted ? await nextWaitlistTime(trx, p.section.id) : null;
  const id = await insertEnrollment(trx, {
    sectionId: p.section.id, userId: p.userId, organizationId: p.organizationId, status: p.status, waitlistedAt, comment: p.comment, actorId: p.actorId, now,
  });
  const position = waitlistedAt ? await waitlistPosition(trx, p.section.id, id) : null;
  await record(trx, { enrollmentId: id, userId: p.userId, section: p.section, change: p.change, actorId: p.actorId, from: null, to: p.status, comment: p.comment, position });
  return { id, position };
}

export interface StatusChange {
  section: LockedSection;
  enrollmentId: number;
  userId: number;
  from: string;
  to: string;
  actorId: number;
  change: EnrollmentChange;
  comment?: string | null;
  /** the reviewer's comment (out-of-region review) instead of the registration comment */
  reviewComment?: string | null;
}

/** Moves a place from one status to another (only if it still has the first), records it; answers the waitlist position when it joined the waitlist. */
export async function changePlace(trx: Knex.Transaction, c: StatusChange): Promise<number | null> {
  const now = nowIso();
  const waitlistedAt = c.to === ENROLLMENT_STATUS.waitlisted ? await nextWaitlistTime(trx, c.section.id) : undefined;
  const changed = await updateEnrollmentStatus(trx, c.enrollmentId, c.from, { to: c.to, actorId: c.actorId, now, waitlistedAt, reviewComment: c.reviewComment });
  if (!changed) throw new Error(`enrollment ${c.enrollmentId} is no longer ${c.from}`);
  const position = c.to === ENROLLMENT_STATUS.waitlisted ? await waitlistPosition(trx, c.section.id, c.enrollmentId) : null;
  await record(trx, { enrollmentId: c.enrollmentId, userId: c.userId, section: c.section, change: c.change, actorId: c.actorId, from: c.from, to: c.to, comment: c.reviewComment ?? c.comment ?? null, position });
  return position;
}
