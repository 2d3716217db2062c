import type { AppContext } from '../../app-context.js';
import { fullName } from '../../data/user-store.js';
import { notify } from './notify.js';

/**
 * The notifications of metadata workflows: a step whose publishEvent effect names a notification
 * (its kind, the person told and the texts' values, computed in the step) tells that person, in
 * real time and by e-mail when the kind's switch (metadata/notifications.json) is on. `name` is the
 * actor's name and `comment` the step's, unless the metadata gives its own. Idempotent as every
 * notification: event id and recipient.
 */
export function subscribeWorkflowNotifications(ctx: AppContext): void {
  ctx.events.subscribe('workflow.transitioned', async (event) => {
    const n = event.payload.notification;
    if (!n) return;
    await ctx.db.knex.transaction(async (trx) => {
      const name = event.actorId === null ? '' : (await fullName(trx, event.actorId)) ?? '';
      await notify(trx, ctx, { recipientId: n.recipientId, kind: n.kind, eventId: event.id, params: { name, comment: event.payload.comment, ...n.params } });
    });
  });
}
