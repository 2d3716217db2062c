import { decideRegistration, decideRequest, decideWaitlist, type Capacity, type RegisterCode, type RequestCode, type WaitlistDecision } from '../../../engine/enrollment/capacity.js';
import { ENROLLMENT_STATUS } from '../../../engine/enrollment/enrollment-status.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { activeEnrollment } from '../../data/enrollment-store.js';
import { forbidden } from '../../errors.js';
import { registeringOrganization, registrationTarget, type OwnOrganization } from './enrollment-access.js';
import type { EnrollmentChange } from '../../events/domain-event.js';
import { insertPlace, type NewPlace } from './enrollment-changes.js';
import { guardOwnRegion, guardOwnWindow, guardUnlocked, optionalComment, requiredComment } from './registration-guards.js';
import { committedState, readSection, withSectionLock, type LockedSection } from './section-lock.js';
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
    await guardOwnWindow(ctx, caller, section);
    if (own === 'region') guardOwnRegion(ctx, section, organization);
  }
  return { section, organization, comment, committed: await committedState(ctx.db.knex, section, input.userId) };
}

type NewStatus = NewPlace['status'];
const placed = (status: NewStatus, change: EnrollmentChange) => ({ status, change });

/** One way to a place: how a state is decided, which place a decision makes (none: the decision is the answer) and what is answered. */
interface Way<D, A> {
  own: 'region' | 'no-region';
  /** the answer when the unique index refuses a second active place */
  duplicate: A;
  decide: (capacity: Capacity, hasActive: boolean) => D;
  place: (decision: D) => { status: NewStatus; change: EnrollmentChange } | null;
  answer: (decision: D, position: number | null) => A;
}

/**
 * Decides from the committed state first: an answer that makes no place needs no lock. A place is
 * decided again inside the section's lock, after free seats went to the waitlist.
 */
async function takePlace<D, A>(ctx: AppContext, caller: RuleContext, input: RegistrationInput, way: Way<D, A>): Promise<A> {
  const { organization, comment, committed } = await check(ctx, caller, input, way.own);
  const first = way.decide(committed.capacity, committed.hasActive);
  if (!way.place(first)) return way.answer(first, null);
  return withSectionLock<A>(ctx, input.courseSectionId, way.duplicate, async (trx, section) => {
    const capacity = await fillFreeSeats(trx, section, caller.user.id);
    const decision = way.decide(capacity, (await activeEnrollment(trx, section.id, input.userId)) !== undefined);
    const made = way.place(decision);
    if (!made) return way.answer(decision, null);
    const { position } = await insertPlace(trx, { section, userId: input.userId, organizationId: organization?.id ?? null, comment, actorId: caller.user.id, ...made });
    return way.answer(decision, position);
  });
}

/** POST /enrollment/register: 1 registered, 2 already registered, 3 full, 4 offer the waitlist (nothing stored). */
export const register = (ctx: AppContext, caller: RuleContext, input: RegistrationInput): Promise<RegisterCode> => takePlace(ctx, caller, input, {
  own: 'region', duplicate: 2, decide: decideRegistration, answer: (d) => d,
  place: (d) => (d === 1 ? placed(ENROLLMENT_STATUS.registered, 'registered') : null),
});

/**
 * POST /enrollment/waitlist: the position (1 is next), -2 already registered or waitlisted, -3
 * waitlist full. A seat freed since the offer (the waitlist is then empty) is taken at once: the
 * person is Registered and the answer is 1, first in line.
 */
export const joinWaitlist = (ctx: AppContext, caller: RuleContext, input: RegistrationInput): Promise<number> => takePlace<WaitlistDecision, number>(ctx, caller, input, {
  own: 'region', duplicate: -2, decide: decideWaitlist,
  place: (d) => (d === 'register' ? placed(ENROLLMENT_STATUS.registered, 'registered') : d === 'waitlist' ? placed(ENROLLMENT_STATUS.waitlisted, 'waitlisted') : null),
  answer: (d, position) => (typeof d === 'number' ? d : position ?? 1),
});

/**
 * POST /enrollment/requestregistration: the person's own out-of-region request, Pending Approval
 * until the course's trainer (or a manager) reviews it: 1 submitted, 2 already registered, 3 full.
 */
export async function requestRegistration(ctx: AppContext, caller: RuleContext, input: RegistrationInput): Promise<RequestCode> {
  if (input.userId !== caller.user.id) throw forbidden();
  return takePlace(ctx, caller, input, {
    own: 'no-region', duplicate: 2, decide: decideRequest, answer: (d) => d,
    place: (d) => (d === 1 ? placed(ENROLLMENT_STATUS.pendingApproval, 'requested') : null),
  });
}
