import type { Knex } from 'knex';
import { timestampText } from '../../data/clock.js';
import {
  countNotifications, notificationRows, ownNotificationRow, type NotificationFilter, type NotificationFolder, type NotificationRow,
} from '../../data/notification-store.js';

export type { NotificationFilter, NotificationFolder };

/** A notification as the list, the modal and the live event show it (spec part 3 section 3). */
export interface NotificationView {
  notificationId: number;
  subject: string;
  body: string;
  creationDateTime: string;
  read: boolean;
  starred: boolean;
  /** the JSON text of the route object ({ name, params? }); null: no button */
  route: string | null;
  linkText: string | null;
  folder: 'Inbox' | 'Archive';
}

/** A stored notification as the screens show it. */
export function toView(r: NotificationRow): NotificationView {
  return {
    notificationId: Number(r.id), subject: r.subject, body: r.body, creationDateTime: timestampText(r.created_at),
    read: Boolean(r.read), starred: Boolean(r.starred), route: r.route, linkText: r.link_text, folder: r.folder === 'Archive' ? 'Archive' : 'Inbox',
  };
}

/** A page of a folder, newest first (from and to are 1-based and inclusive, like the messages). */
export async function notificationPage(knex: Knex, userId: number, folder: NotificationFolder, filter: NotificationFilter, from: number, to: number): Promise<NotificationView[]> {
  return (await notificationRows(knex, userId, folder, filter, from, to)).map(toView);
}

/** How many notifications the person's folder holds, narrowed by the filter. */
export const notificationCount = countNotifications;

/** The badge: unread notifications in the Inbox. */
export const unreadCount = (knex: Knex | Knex.Transaction, userId: number) => notificationCount(knex, userId, 'Inbox', 'Unread');

/** One of the caller's notifications, or undefined (someone else's, deleted, absent). */
export async function ownNotification(knex: Knex, userId: number, id: number): Promise<NotificationView | undefined> {
  const row = await ownNotificationRow(knex, userId, id);
  return row ? toView(row) : undefined;
}
