import type { NotificationKind } from '../../../engine/metadata/notification-schema.js';
import type { AppContext } from '../../app-context.js';
import { trainerReportTitle } from '../../data/trainer-report-store.js';
import { notify } from '../notifications/notify.js';
import { TRAINER_REPORT_ENTITY, TRAINER_REPORT_WORKFLOW } from './trainer-report-steps.js';

/** The event names of the trainer-report workflow's publishEvent effects, and the notification each makes. */
const KIND_OF_EVENT: Readonly<Record<string, NotificationKind>> = {
  'trainerReport.submitted': 'report-submitted',
  'trainerReport.approved': 'report-approved',
  'trainerReport.declined': 'report-declined',
};

/**
 * The submitter of a trainer report is told of each step (spec part 3 section 8: the submitted,
 * approved and declined notices say a notification has been sent to the submitter), the submit
 * step included: it is their receipt. Idempotent as every notification: event id and recipient.
 */
export function subscribeTrainerReportNotifications(ctx: AppContext): void {
  ctx.events.subscribe('workflow.transitioned', async (event) => {
    const p = event.payload;
    const kind = KIND_OF_EVENT[p.event];
    if (p.workflowId !== TRAINER_REPORT_WORKFLOW || p.entityTypeId !== TRAINER_REPORT_ENTITY || !kind || p.ownerId === null) return;
    const ownerId = p.ownerId;
    await ctx.db.knex.transaction(async (trx) => {
      const record = await trainerReportTitle(trx, p.entityId);
      await notify(trx, ctx, { recipientId: ownerId, kind, eventId: event.id, params: { record, comment: p.comment } });
    });
  });
}
