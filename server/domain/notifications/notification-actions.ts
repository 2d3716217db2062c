import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { notFound } from '../../errors.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { ownNotifications, type NotificationFolder } from './notification-rows.js';

export const NOTIFICATION_ACTIONS = ['Star', 'Unstar', 'Read', 'Unread', 'Archive', 'Unarchive', 'Delete'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

/** What each action sets, and on which rows it changes anything (rows already so stay out of the count). */
const EFFECT: Record<NotificationAction, { set: Record<string, boolean | string>; unless: [string, boolean | string] | null }> = {
  Star: { set: { starred: true }, unless: ['starred', true] },
  Unstar: { set: { starred: false }, unless: ['starred', false] },
  Read: { set: { read: true }, unless: ['read', true] },
  Unread: { set: { read: false }, unless: ['read', false] },
  Archive: { set: { folder: 'Archive' }, unless: ['folder', 'Archive'] },
  Unarchive: { set: { folder: 'Inbox' }, unless: ['folder', 'Inbox'] },
  Delete: { set: {}, unless: null },
};
/** Actions that can change the unread Inbox count of the badge. */
const COUNT_ACTIONS = new Set<NotificationAction>(['Read', 'Unread', 'Archive', 'Unarchive', 'Delete']);

/**
 * Applies an action to the caller's own notifications (like the message actions): all or nothing,
 * so when any id is not one of the caller's live notifications (another person's, deleted, absent,
 * or outside the folder given: not told apart) nothing changes and the answer is 404. Answers how many changed (0 when all were
 * so already); an audit row records the change; the badge hears the new count after the commit.
 */
export async function applyNotificationAction(ctx: AppContext, userId: number, action: NotificationAction, ids: readonly number[], folder?: NotificationFolder): Promise<number> {
  const effect = EFFECT[action];
  return ctx.db.knex.transaction(async (trx) => {
    const wanted = [...new Set(ids)];
    const q = ownNotifications(trx, userId).whereIn('id', wanted);
    if (folder !== undefined) void q.andWhere('folder', folder);
    const own = (await q.clone().count({ c: '*' }).first()) as { c: number | string } | undefined;
    if (Number(own?.c ?? 0) !== wanted.length) throw notFound('Notification');
    if (effect.unless) void q.whereNot(effect.unless[0], effect.unless[1]);
    const changedIds = ((await q.clone().select('id')) as { id: number | string }[]).map((r) => Number(r.id));
    if (changedIds.length === 0) return 0;
    const set = action === 'Delete' ? { deleted_at: nowIso() } : effect.set;
    await trx('notifications').whereIn('id', changedIds).andWhere('recipient_id', userId).update(set);
    await writeAudit(trx, { userId, action: `notification.${action.toLowerCase()}`, detail: { notificationIds: changedIds } });
    if (COUNT_ACTIONS.has(action)) signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'NotificationCountChange', to: { userIds: [userId] } });
    return changedIds.length;
  });
}
