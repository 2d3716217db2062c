import { roleActionById } from '../../data/role-store.js';
import { registerLivePayload } from '../../realtime/live-channel.js';
import { ownNotification, unreadCount } from './notification-rows.js';

const STATUS: Record<number, string> = { 1: 'Requested', 2: 'Approved', 3: 'Rejected', 10: 'Withdrawn' };

/**
 * The payloads of the notification events for one person (built by the instance that sends them):
 * NotificationReceived is the notification as the list shows it (null when it is not theirs or
 * gone), NotificationCountChange the unread Inbox count of the badge, RolePromotionActionReceived
 * the person the request is about with the request's id, employment record and status.
 */
export function registerNotificationPayloads(): void {
  registerLivePayload('NotificationReceived', async (knex, userId, ref) =>
    (ref?.notificationId === undefined ? null : (await ownNotification(knex, userId, ref.notificationId)) ?? null));
  registerLivePayload('NotificationCountChange', async (knex, userId) => unreadCount(knex, userId));
  registerLivePayload('RolePromotionActionReceived', async (knex, _userId, ref) => {
    if (ref?.rolePromotionActionId === undefined) return null;
    return {
      userId: ref.userId ?? null,
      rolePromotionActionId: ref.rolePromotionActionId,
      employmentRecordId: (await roleActionById(knex, ref.rolePromotionActionId))?.employmentRecordId ?? null,
      status: STATUS[ref.actionType ?? 0] ?? null,
    };
  });
}
