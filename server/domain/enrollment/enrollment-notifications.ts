import type { Knex } from 'knex';
import { displayCertificateCode } from '../../../engine/training/certificate-code.js';
import type { NotificationKind } from '../../../engine/metadata/notification-schema.js';
import type { AppContext } from '../../app-context.js';
import { certificateCodeOf, sectionNames } from '../../data/enrollment-store.js';
import { fullName } from '../../data/user-store.js';
import type { EnrollmentChange, PublishedEvent } from '../../events/domain-event.js';
import { notify } from '../notifications/notify.js';

/** The person's notification for each change of their place (kinds in metadata/notifications.json). */
const PERSON_KIND: Record<EnrollmentChange, NotificationKind> = {
  registered: 'enrollment-registered', waitlisted: 'enrollment-waitlisted', promoted: 'enrollment-promoted',
  requested: 'enrollment-requested', approved: 'enrollment-approved', approvedWaitlisted: 'enrollment-approved-waitlisted',
  denied: 'enrollment-denied', unregistered: 'enrollment-unregistered', completed: 'enrollment-completed',
};

async function sessionName(trx: Knex.Transaction, sectionId: number): Promise<string> {
  const names = await sectionNames(trx, sectionId);
  return names ? `${names.courseName}: ${names.sectionName}` : '';
}

/** The check code of the enrollment's certificate, as printed ('' when it has none). */
async function certificateCode(trx: Knex.Transaction, enrollmentId: number): Promise<string> {
  const code = await certificateCodeOf(trx, enrollmentId);
  return code ? displayCertificateCode(code) : '';
}

/**
 * Every change of a place notifies its person, also when they made it themself (the confirmation
 * of a registration or a waitlist place); a new out-of-region request also notifies the course's
 * trainer, who reviews it; a Completed attendance tells the person their record and certificate
 * are ready, with the certificate's check code. Idempotent as every notification (event id and recipient are unique).
 */
async function onEnrollmentChanged(ctx: AppContext, event: PublishedEvent<'enrollment.changed'>): Promise<void> {
  const p = event.payload;
  await ctx.db.knex.transaction(async (trx) => {
    const params = {
      training: await sessionName(trx, p.courseSectionId), position: p.position === null ? '' : String(p.position), comment: p.comment, name: (await fullName(trx, p.userId)) ?? '',
      code: p.change === 'completed' ? await certificateCode(trx, p.enrollmentId) : '',
    };
    await notify(trx, ctx, { recipientId: p.userId, kind: PERSON_KIND[p.change], eventId: event.id, params });
    if (p.change === 'requested' && p.trainerId !== p.userId) {
      await notify(trx, ctx, { recipientId: p.trainerId, kind: 'enrollment-request-received', eventId: event.id, params });
    }
  });
}

export function subscribeEnrollmentNotifications(ctx: AppContext): void {
  ctx.events.subscribe('enrollment.changed', (e) => onEnrollmentChanged(ctx, e));
}
