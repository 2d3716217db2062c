import type { Knex } from 'knex';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso, timestampText } from '../../data/clock.js';
import { insertedId } from '../../data/inserted-id.js';
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
  const last = (await trx('enrollments').where({ course_section_id: sectionId, status: ENROLLMENT_STATUS.waitlisted }).max({ at: 'waitlisted_at' }).first()) as { at: string | Date | null } | undefined;
  const now = nowIso();
  return last?.at && timestampText(last.at) > now ? timestampText(last.at) : now;
}

/** The rank of a waitlist place in its section's order (waitlisted_at, id): 1 is next. */
export async function positionOf(trx: Knex | Knex.Transaction, sectionId: number, enrollmentId: number): Promise<number> {
  const mine = trx('enrollments').where({ id: enrollmentId }).select('waitlisted_at');
  const row = (await trx('enrollments').where({ course_section_id: sectionId, status: ENROLLMENT_STATUS.waitlisted })
    .where((q) => { void q.where('waitlisted_at', '<', mine.clone()).orWhere((r) => { void r.where('waitlisted_at', '=', mine.clone()).andWhere('id', '<=', enrollmentId); }); })
    .count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
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
  const id = insertedId(await trx('enrollments').insert({
    course_section_id: p.section.id, user_id: p.userId, organization_id: p.organizationId, status: p.status, waitlisted_at: waitlistedAt,
    comment: p.comment, created_at: now, updated_at: now, created_by: p.actorId, updated_by: p.actorId,
  }).returning('id'));
  const position = waitlistedAt ? await positionOf(trx, p.section.id, id) : null;
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
  const set: Record<string, unknown> = { status: c.to, updated_at: nowIso(), updated_by: c.actorId };
  if (c.to === ENROLLMENT_STATUS.waitlisted) set.waitlisted_at = await nextWaitlistTime(trx, c.section.id);
  if (c.reviewComment !== undefined) set.review_comment = c.reviewComment;
  const changed = await trx('enrollments').where({ id: c.enrollmentId, status: c.from }).update(set);
  if (changed !== 1) throw new Error(`enrollment ${c.enrollmentId} is no longer ${c.from}`);
  const position = c.to === ENROLLMENT_STATUS.waitlisted ? await positionOf(trx, c.section.id, c.enrollmentId) : null;
  await record(trx, { enrollmentId: c.enrollmentId, userId: c.userId, section: c.section, change: c.change, actorId: c.actorId, from: c.from, to: c.to, comment: c.reviewComment ?? c.comment ?? null, position });
  return position;
}
