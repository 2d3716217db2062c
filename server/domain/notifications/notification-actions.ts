import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { notFound } from '../../errors.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { changeNotifications, countOwnAmong, ownIdsToChange, type NotificationChange, type NotificationFolder, type NotificationState } from '../../data/notification-store.js';

export const NOTIFICATION_ACTIONS = ['Star', 'Unstar', 'Read', 'Unread', 'Archive', 'Unarchive', 'Delete'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

/** What each action sets, and on which rows it changes anything (rows already so stay out of the count). */
const EFFECT: Record<NotificationAction, { set: NotificationChange; unless: NotificationState | null }> = {
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
    if (await countOwnAmong(trx, userId, wanted, folder) !== wanted.length) throw notFound('Notification');
    const changedIds = await ownIdsToChange(trx, userId, wanted, folder, effect.unless);
    if (changedIds.length === 0) return 0;
    const set = action === 'Delete' ? { deleted_at: nowIso() } : effect.set;
    await changeNotifications(trx, userId, changedIds, set);
    await writeAudit(trx, { userId, action: `notification.${action.toLowerCase()}`, detail: { notificationIds: changedIds } });
    if (COUNT_ACTIONS.has(action)) signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'NotificationCountChange', to: { userIds: [userId] } });
    return changedIds.length;
  });
}
