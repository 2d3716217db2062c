import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { activeEnrollment } from '../../data/enrollment-store.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { takeStep } from '../workflows/fire-transition.js';
import { workflowTarget } from '../workflows/workflow-target.js';
import { managesSection } from './enrollment-access.js';
import { ENROLLMENT_ENTITY } from './enrollment-changes.js';
import { guardUnlocked, requiredComment } from './registration-guards.js';
import { readSection } from './section-lock.js';

export interface ReviewInput {
  accepted: boolean;
  courseSectionId: number;
  userId: number;
  comment?: string | null;
}

/**
 * POST /enrollment/regionoverride: the course's trainer (acting as 250) or a manager accepts or
 * declines a person's out-of-region request, with a required comment: a step of the workflow
 * metadata/workflows/enrollment-review.json, answered as the spec's codes. Accepted: 1 Registered,
 * 2 Waitlisted (seats full, waitlist room); -2 the person already holds a seat or waitlist place
 * (or the request was answered meanwhile); -3 full without a waitlist, -4 seats and waitlist full
 * (the request stays pending). Declined: Denied, answer 1. No request of the person in the section: 404.
 */
export async function reviewRequest(ctx: AppContext, caller: RuleContext, input: ReviewInput): Promise<number> {
  const section = await readSection(ctx.db.knex, input.courseSectionId);
  if (!(await managesSection(ctx, caller, section))) throw forbidden();
  const comment = requiredComment(input.comment);
  guardUnlocked(section);
  const place = await activeEnrollment(ctx.db.knex, section.id, input.userId);
  if (!place) throw notFound('Registration request');
  if (place.status !== ENROLLMENT_STATUS.pendingApproval) return -2;
  try {
    const done = await takeStep(ctx, caller, workflowTarget(ctx, ENROLLMENT_ENTITY), { entityId: place.id, transition: input.accepted ? 'approve' : 'decline', comment });
    return done.to === 'waitlisted' ? 2 : 1;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (typeof e.extra?.code === 'number') return e.extra.code;
    if (e.textKey === 'enrollment.notPending') return -2;
    throw e;
  }
}
