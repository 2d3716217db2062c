import type { AppContext } from '../../app-context.js';
import { referenceRequestById } from '../../data/reference-request-store.js';
import { notify } from '../notifications/notify.js';

/**
 * A referee's answer tells the professional (issue 28): the workflow step `answer` of
 * metadata/workflows/reference-request.json publishes referenceRequest.answered; the professional
 * gets the notification reference-received (live, and by e-mail when its switch is on).
 */
export function subscribeReferenceNotifications(ctx: AppContext): void {
  ctx.events.subscribe('workflow.transitioned', async (event) => {
    const p = event.payload;
    if (p.workflowId !== 'reference-request' || p.event !== 'referenceRequest.answered') return;
    await ctx.db.knex.transaction(async (trx) => {
      const request = await referenceRequestById(trx, p.entityId);
      if (!request) return;
      await notify(trx, ctx, { recipientId: request.userId, kind: 'reference-received', eventId: event.id, params: { name: request.refereeName } });
    });
  });
}
