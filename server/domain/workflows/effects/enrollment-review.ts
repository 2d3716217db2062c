import { decideAcceptance } from '../../../../engine/enrollment/capacity.js';
import type { EnrollmentChange } from '../../../events/domain-event.js';
import { publishEvent } from '../../../events/event-bus.js';
import { AppError } from '../../../errors.js';
import { nextWaitlistTime } from '../../enrollment/enrollment-changes.js';
import { lockSection, readSection } from '../../enrollment/section-lock.js';
import { fillFreeSeats } from '../../enrollment/waitlist-promotion.js';
import { textOf } from '../workflow-target.js';
import type { EffectHandler } from './effect-input.js';

/** The answers of a review that finds no room (spec part 3 section 4: -3 full without a waitlist, -4 seats and waitlist full). */
const NO_ROOM = { [-3]: 'enrollment.reviewNoSeat', [-4]: 'enrollment.reviewNoPlace' } as const;

/**
 * The answer to an out-of-region request, inside its session's lock: accepted, the person takes a
 * seat (free seats are first filled from the waitlist), else a place at the end of the waitlist
 * (the step lands in `waitlisted`), else the step is refused and the request stays pending;
 * declined, nothing is taken. The reviewer's comment is kept; the person is told (enrollment.changed).
 */
export const enrollmentReviewEffect: EffectHandler<'enrollmentReview'> = async (i) => {
  const sectionId = Number(i.row.courseSectionId);
  await lockSection(i.trx, i.ctx.db, sectionId);
  const section = await readSection(i.trx, sectionId);
  let change: EnrollmentChange = 'denied';
  let position: number | null = null;
  if (i.params.accept) {
    const after = await fillFreeSeats(i.trx, section, i.actorId);
    const outcome = decideAcceptance(after);
    if (outcome === -3 || outcome === -4) {
      const refused = new AppError('conflict', textOf(i.ctx.registry, NO_ROOM[outcome]));
      refused.textKey = NO_ROOM[outcome];
      refused.extra = { code: outcome };
      throw refused;
    }
    change = 'approved';
    if (outcome === 2) {
      i.landIn('waitlisted');
      i.setFields({ waitlistedAt: await nextWaitlistTime(i.trx, sectionId) });
      // the new place is the last one
      position = after.waitlisted + 1;
      change = 'approvedWaitlisted';
    }
  }
  i.setFields({ reviewComment: i.comment });
  await publishEvent(i.trx, {
    type: 'enrollment.changed', actorId: i.actorId,
    payload: { enrollmentId: i.entityId, userId: Number(i.row.userId), courseSectionId: sectionId, trainerId: section.trainerId, change, position, comment: i.comment },
  });
};
