import { ENROLLMENT_STATUS, isCancellable } from '../../../engine/enrollment/enrollment-status.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { heldPlacesOf } from '../../data/enrollment-store.js';
import { forbidden, textError } from '../../errors.js';
import { managesSection } from './enrollment-access.js';
import { changePlace } from './enrollment-changes.js';
import { optionalComment } from './registration-guards.js';
import { readSection, withSectionLock } from './section-lock.js';
import { fillFreeSeats } from './waitlist-promotion.js';

export interface CancelInput {
  courseSectionId: number;
  userIds: number[];
  comment?: string | null;
}

const noneEligible = () => textError('conflict', 'enrollment.noneEligibleForCancellation', 'No chosen users are eligible for cancellation.');

/**
 * POST /enrollment/cancelregistration: the person cancels their own place, the course's trainer
 * (or a manager) one or many people's. Only held places in an unlocked section are cancelled
 * (Registered or Waitlisted; spec part 3 section 6); they become Unregistered, the section is not
 * registered for them again. Freed seats go to the first people on the waitlist in the same
 * transaction. Answers how many places were cancelled; none eligible: 409 with the spec's text.
 */
export async function cancelRegistrations(ctx: AppContext, caller: RuleContext, input: CancelInput): Promise<number> {
  const section = await readSection(ctx.db.knex, input.courseSectionId);
  const userIds = [...new Set(input.userIds)];
  const onlySelf = userIds.length === 1 && userIds[0] === caller.user.id;
  if (!onlySelf && !(await managesSection(ctx, caller, section))) throw forbidden();
  const comment = optionalComment(input.comment);
  const cancelled = await withSectionLock<number>(ctx, section.id, 0, async (trx, locked) => {
    const places = await heldPlacesOf(trx, locked.id, userIds);
    const eligible = places.filter((p) => isCancellable(p.status, locked.locked));
    if (eligible.length === 0) throw noneEligible();
    for (const p of eligible) {
      await changePlace(trx, { section: locked, enrollmentId: p.id, userId: p.userId, actorId: caller.user.id, from: p.status, to: ENROLLMENT_STATUS.unregistered, change: 'unregistered', comment });
    }
    await fillFreeSeats(trx, locked, caller.user.id);
    return eligible.length;
  });
  return cancelled;
}
