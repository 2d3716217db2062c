import type { NotificationKind } from '../../../engine/metadata/notification-schema.js';
import type { AppContext } from '../../app-context.js';
import { coachingParties } from '../../data/coaching-store.js';
import { fullName } from '../../data/user-store.js';
import { notify } from '../notifications/notify.js';
import { COACH_RELATIONSHIP_ENTITY } from './coaching-actions.js';

/** The workflow whose steps notify (metadata/workflows/coaching.json). */
const COACHING_WORKFLOW = 'coaching';

/** The event names of the coaching workflow's publishEvent effects, and the notification each makes. */
const KIND_OF_EVENT: Readonly<Record<string, NotificationKind>> = {
  'coaching.requested': 'coaching-requested',
  'coaching.withdrawn': 'coaching-withdrawn',
  'coaching.accepted': 'coaching-accepted',
  'coaching.declined': 'coaching-declined',
  'coaching.ended': 'coaching-ended',
  'coaching.pdpShared': 'coaching-pdp-shared',
  'coaching.pdpUnshared': 'coaching-pdp-unshared',
};

/**
 * Each coaching step tells the other side (issue 27): the person of the coach's steps, the coach of
 * the person's; in real time (the notification's live events) and by e-mail when the kind's switch
 * (metadata/notifications.json) is on. Idempotent as every notification: event id and recipient.
 */
export function subscribeCoachingNotifications(ctx: AppContext): void {
  ctx.events.subscribe('workflow.transitioned', async (event) => {
    const p = event.payload;
    const kind = KIND_OF_EVENT[p.event];
    if (p.workflowId !== COACHING_WORKFLOW || p.entityTypeId !== COACH_RELATIONSHIP_ENTITY || !kind) return;
    await ctx.db.knex.transaction(async (trx) => {
      const sides = await coachingParties(trx, p.entityId);
      if (!sides) return;
      const recipientId = event.actorId === sides.coachId ? sides.personId : sides.coachId;
      if (recipientId === event.actorId) return;
      const name = event.actorId === null ? '' : (await fullName(trx, event.actorId)) ?? '';
      await notify(trx, ctx, { recipientId, kind, eventId: event.id, params: { name, comment: p.comment } });
    });
  });
}
