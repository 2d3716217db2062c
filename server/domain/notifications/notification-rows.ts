import type { Knex } from 'knex';
import { timestampText } from '../../data/clock.js';

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

export type NotificationFolder = 'Inbox' | 'Archive';
export type NotificationFilter = 'None' | 'Starred' | 'Unread';

interface NotificationRow {
  id: number | string; subject: string; body: string; created_at: string | Date; read: boolean | number;
  starred: boolean | number; route: string | null; link_text: string | null; folder: string;
}

export const VIEW_COLUMNS = ['id', 'subject', 'body', 'created_at', 'read', 'starred', 'route', 'link_text', 'folder'];

export function toView(r: NotificationRow): NotificationView {
  return {
    notificationId: Number(r.id), subject: r.subject, body: r.body, creationDateTime: timestampText(r.created_at),
    read: Boolean(r.read), starred: Boolean(r.starred), route: r.route, linkText: r.link_text, folder: r.folder === 'Archive' ? 'Archive' : 'Inbox',
  };
}

/** The caller's notifications that are not deleted: every list, count and action starts here (deny by default in SQL). */
export function ownNotifications(knex: Knex | Knex.Transaction, userId: number): Knex.QueryBuilder {
  return knex('notifications').where('recipient_id', userId).whereNull('deleted_at');
}

/** One folder narrowed by the filter (None: all of it). */
export function inFolder(knex: Knex | Knex.Transaction, userId: number, folder: NotificationFolder, filter: NotificationFilter): Knex.QueryBuilder {
  const q = ownNotifications(knex, userId).andWhere('folder', folder);
  if (filter === 'Starred') void q.andWhere('starred', true);
  if (filter === 'Unread') void q.andWhere('read', false);
  return q;
}

/** A page of a folder, newest first (from and to are 1-based and inclusive, like the messages). */
export async function notificationPage(knex: Knex, userId: number, folder: NotificationFolder, filter: NotificationFilter, from: number, to: number): Promise<NotificationView[]> {
  const rows = (await inFolder(knex, userId, folder, filter).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .offset(from - 1).limit(Math.max(0, to - from + 1)).select(VIEW_COLUMNS)) as NotificationRow[];
  return rows.map(toView);
}

export async function notificationCount(knex: Knex | Knex.Transaction, userId: number, folder: NotificationFolder, filter: NotificationFilter): Promise<number> {
  const row = (await inFolder(knex, userId, folder, filter).count({ c: '*' }).first()) as { c: number | string } | undefined;
  return Number(row?.c ?? 0);
}

/** The badge: unread notifications in the Inbox. */
export const unreadCount = (knex: Knex | Knex.Transaction, userId: number) => notificationCount(knex, userId, 'Inbox', 'Unread');

/** One of the caller's notifications, or undefined (someone else's, deleted, absent). */
export async function ownNotification(knex: Knex, userId: number, id: number): Promise<NotificationView | undefined> {
  const row = (await ownNotifications(knex, userId).andWhere('id', id).first(VIEW_COLUMNS)) as NotificationRow | undefined;
  return row ? toView(row) : undefined;
}
