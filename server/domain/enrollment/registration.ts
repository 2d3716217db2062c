import { decideRegistration, decideRequest, decideWaitlist, type RegisterCode, type RequestCode } from '../../../engine/enrollment/capacity.js';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../errors.js';
import { registeringOrganization, registrationTarget, type OwnOrganization } from './enrollment-access.js';
import { insertPlace } from './enrollment-changes.js';
import { guardOwnRegion, guardOwnWindow, guardUnlocked, optionalComment, requiredComment } from './registration-guards.js';
import { activeEnrollment, committedState, readSection, withSectionLock, type LockedSection } from './section-lock.js';
import { fillFreeSeats } from './waitlist-promotion.js';

export interface RegistrationInput {
  courseSectionId: number;
  userId: number;
  organizationId?: number | null;
  comment?: string | null;
}

interface Checked { section: LockedSection; organization: OwnOrganization | null; comment: string | null; committed: Awaited<ReturnType<typeof committedState>> }

/**
 * The checks before a place is decided, outside the lock: the section (404), who it is for (403),
 * the organization (400), a locked section (409); for one's own place the window and the region,
 * for staff enrollment the required registration comment.
 */
async function check(ctx: AppContext, caller: RuleContext, input: RegistrationInput, own: 'region' | 'no-region'): Promise<Checked> {
  const section = await readSection(ctx.db.knex, input.courseSectionId);
  const { self } = await registrationTarget(ctx, caller, section, input.userId);
  const comment = self ? optionalComment(input.comment) : requiredComment(input.comment);
  const organization = await registeringOrganization(ctx, ctx.db.knex, input.userId, input.organizationId);
  guardUnlocked(section);
  if (self) {
    guardOwnWindow(ctx, caller, section);
    if (own === 'region') guardOwnRegion(ctx, section, organization);
  }
  return { section, organization, comment, committed: await committedState(ctx.db.knex, section, input.userId) };
}

/** POST /enrollment/register: 1 registered, 2 already registered, 3 full, 4 offer the waitlist (nothing stored). */
export async function register(ctx: AppContext, caller: RuleContext, input: RegistrationInput): Promise<RegisterCode> {
  const { organization, comment, committed } = await check(ctx, caller, input, 'region');
  const answer = decideRegistration(committed.capacity, committed.hasActive);
  if (answer !== 1) return answer;
  return withSectionLock<RegisterCode>(ctx, input.courseSectionId, 2, async (trx, section) => {
    const capacity = await fillFreeSeats(trx, section, caller.user.id);
    const code = decideRegistration(capacity, (await activeEnrollment(trx, section.id, input.userId)) !== undefined);
    if (code === 1) {
      await insertPlace(trx, { section, userId: input.userId, organizationId: organization?.id ?? null, status: ENROLLMENT_STATUS.registered, comment, actorId: caller.user.id, change: 'registered' });
    }
    return code;
  });
}

/**
 * POST /enrollment/waitlist: the position (1 is next), -2 already registered or waitlisted, -3
 * waitlist full. A seat freed since the offer (the waitlist is then empty) is taken at once: the
 * person is Registered and the answer is 1, first in line.
 */
export async function joinWaitlist(ctx: AppContext, caller: RuleContext, input: RegistrationInput): Promise<number> {
  const { organization, comment, committed } = await check(ctx, caller, input, 'region');
  const answer = decideWaitlist(committed.capacity, committed.hasActive);
  if (typeof answer === 'number') return answer;
  return withSectionLock<number>(ctx, input.courseSectionId, -2, async (trx, section) => {
    const capacity = await fillFreeSeats(trx, section, caller.user.id);
    const decision = decideWaitlist(capacity, (await activeEnrollment(trx, section.id, input.userId)) !== undefined);
    if (typeof decision === 'number') return decision;
    const registered = decision === 'register';
    const place = await insertPlace(trx, {
      section, userId: input.userId, organizationId: organization?.id ?? null, comment, actorId: caller.user.id,
      status: registered ? ENROLLMENT_STATUS.registered : ENROLLMENT_STATUS.waitlisted, change: registered ? 'registered' : 'waitlisted',
    });
    return place.position ?? 1;
  });
}

/**
 * POST /enrollment/requestregistration: the person's own out-of-region request, Pending Approval
 * until the course's trainer (or a manager) reviews it: 1 submitted, 2 already registered, 3 full.
 */
export async function requestRegistration(ctx: AppContext, caller: RuleContext, input: RegistrationInput): Promise<RequestCode> {
  if (input.userId !== caller.user.id) throw forbidden();
  const { organization, comment, committed } = await check(ctx, caller, input, 'no-region');
  const answer = decideRequest(committed.capacity, committed.hasActive);
  if (answer !== 1) return answer;
  return withSectionLock<RequestCode>(ctx, input.courseSectionId, 2, async (trx, section) => {
    const capacity = await fillFreeSeats(trx, section, caller.user.id);
    const code = decideRequest(capacity, (await activeEnrollment(trx, section.id, input.userId)) !== undefined);
    if (code === 1) {
      await insertPlace(trx, { section, userId: input.userId, organizationId: organization?.id ?? null, status: ENROLLMENT_STATUS.pendingApproval, comment, actorId: caller.user.id, change: 'requested' });
    }
    return code;
  });
}
