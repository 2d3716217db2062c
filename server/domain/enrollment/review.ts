import { decideAcceptance } from '../../../engine/enrollment/capacity.js';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { forbidden, notFound } from '../../errors.js';
import { managesSection } from './enrollment-access.js';
import { changePlace } from './enrollment-changes.js';
import { guardUnlocked, requiredComment } from './registration-guards.js';
import { activeEnrollment, readSection, withSectionLock } from './section-lock.js';
import { fillFreeSeats } from './waitlist-promotion.js';

export interface ReviewInput {
  accepted: boolean;
  courseSectionId: number;
  userId: number;
  comment?: string | null;
}

/**
 * POST /enrollment/regionoverride: the course's trainer (acting as 250) or a manager accepts or
 * declines a person's out-of-region request, with a required comment. Accepted: 1 Registered, 2
 * Waitlisted (seats full, waitlist room); -2 the person already holds a seat or waitlist place;
 * -3 full without a waitlist, -4 seats and waitlist full (the request stays pending). Declined:
 * Denied, answer 1. No pending request of the person in the section: 404.
 */
export async function reviewRequest(ctx: AppContext, caller: RuleContext, input: ReviewInput): Promise<number> {
  const section = await readSection(ctx.db.knex, input.courseSectionId);
  if (!(await managesSection(ctx, caller, section))) throw forbidden();
  const comment = requiredComment(input.comment);
  guardUnlocked(section);
  return withSectionLock<number>(ctx, section.id, -2, async (trx, locked) => {
    const place = await activeEnrollment(trx, locked.id, input.userId);
    if (!place) throw notFound('Registration request');
    if (place.status !== ENROLLMENT_STATUS.pendingApproval) return -2;
    const base = { section: locked, enrollmentId: place.id, userId: input.userId, actorId: caller.user.id, from: place.status, reviewComment: comment };
    if (!input.accepted) {
      await changePlace(trx, { ...base, to: ENROLLMENT_STATUS.denied, change: 'denied' });
      return 1;
    }
    const outcome = decideAcceptance(await fillFreeSeats(trx, locked, caller.user.id));
    if (outcome === 1) await changePlace(trx, { ...base, to: ENROLLMENT_STATUS.registered, change: 'approved' });
    if (outcome === 2) await changePlace(trx, { ...base, to: ENROLLMENT_STATUS.waitlisted, change: 'approvedWaitlisted' });
    return outcome;
  });
}
