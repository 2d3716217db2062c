import type { Knex } from 'knex';

/**
 * notifications: each person's notifications, in Inbox or Archive; a deleted one keeps its row
 * with deleted_at set. Boolean columns come back as 0/1 on SQLite and true/false on PostgreSQL.
 */

type Db = Knex | Knex.Transaction;

export type NotificationFolder = 'Inbox' | 'Archive';
export type NotificationFilter = 'None' | 'Starred' | 'Unread';

/** A notification's columns as the list, the modal and the live event read them. */
export interface NotificationRow {
  id: number | string; subject: string; body: string; created_at: string | Date; read: boolean | number;
  starred: boolean | number; route: string | null; link_text: string | null; folder: string;
}

/** What an action changes on a notification. */
export type NotificationChange = Partial<{ starred: boolean; read: boolean; folder: NotificationFolder; deleted_at: string }>;

/** A column an action changes, with the value it sets. */
export type NotificationState = { [K in 'starred' | 'read' | 'folder']: [K, NonNullable<NotificationChange[K]>] }['starred' | 'read' | 'folder'];

/** A new notification, its texts rendered. */
export interface NewNotificationRow {
  recipientId: number;
  kind: string;
  /** the domain event it comes from: with the recipient, its idempotency key */
  eventId: number;
  subject: string;
  body: string;
  linkText: string | null;
  route: string | null;
  createdAt: string;
}

const VIEW_COLUMNS = ['id', 'subject', 'body', 'created_at', 'read', 'starred', 'route', 'link_text', 'folder'];

/** The person's notifications that are not deleted: every list, count and action starts here (deny by default in SQL). */
function ownNotifications(db: Db, userId: number): Knex.QueryBuilder {
  return db('notifications').where('recipient_id', userId).whereNull('deleted_at');
}

/** One folder narrowed by the filter (None: all of it). */
function inFolder(db: Db, userId: number, folder: NotificationFolder, filter: NotificationFilter): Knex.QueryBuilder {
  const q = ownNotifications(db, userId).andWhere('folder', folder);
  if (filter === 'Starred') void q.andWhere('starred', true);
  if (filter === 'Unread') void q.andWhere('read', false);
  return q;
}

/** Of these ids, the person's notifications that are not deleted (only those in the folder when one is given). */
function ownAmong(db: Db, userId: number, ids: readonly number[], folder: NotificationFolder | undefined): Knex.QueryBuilder {
  const q = ownNotifications(db, userId).whereIn('id', [...ids]);
  if (folder !== undefined) void q.andWhere('folder', folder);
  return q;
}

/** A page of a folder, newest first (from and to are 1-based and inclusive). */
export async function notificationRows(knex: Knex, userId: number, folder: NotificationFolder, filter: NotificationFilter, from: number, to: number): Promise<NotificationRow[]> {
  return (await inFolder(knex, userId, folder, filter).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .offset(from - 1).limit(Math.max(0, to - from + 1)).select(VIEW_COLUMNS)) as NotificationRow[];
}

/** How many notifications a folder holds, narrowed by the filter. */
export async function countNotifications(db: Db, userId: number, folder: NotificationFolder, filter: NotificationFilter): Promise<number> {
  const row = (await inFolder(db, userId, folder, filter).count({ c: '*' }).first()) as { c: number | string } | undefined;
  return Number(row?.c ?? 0);
}

/** One of the person's notifications that is not deleted, or undefined. */
export async function ownNotificationRow(knex: Knex, userId: number, id: number): Promise<NotificationRow | undefined> {
  return (await ownNotifications(knex, userId).andWhere('id', id).first(VIEW_COLUMNS)) as NotificationRow | undefined;
}

/** How many of these ids are the person's notifications that are not deleted (in the folder when one is given). */
export async function countOwnAmong(trx: Knex.Transaction, userId: number, ids: readonly number[], folder?: NotificationFolder): Promise<number> {
  const own = (await ownAmong(trx, userId, ids, folder).count({ c: '*' }).first()) as { c: number | string } | undefined;
  return Number(own?.c ?? 0);
}

/** Of these ids, the person's notifications that are not deleted (in the folder when one is given) and not already in the state `unless` names. */
export async function ownIdsToChange(trx: Knex.Transaction, userId: number, ids: readonly number[], folder: NotificationFolder | undefined, unless: NotificationState | null): Promise<number[]> {
  const q = ownAmong(trx, userId, ids, folder);
  if (unless) void q.whereNot(unless[0], unless[1]);
  return ((await q.select('id')) as { id: number | string }[]).map((r) => Number(r.id));
}

/** Changes the person's notifications with these ids. */
export async function changeNotifications(trx: Knex.Transaction, userId: number, ids: readonly number[], change: NotificationChange): Promise<void> {
  await trx('notifications').whereIn('id', [...ids]).andWhere('recipient_id', userId).update(change);
}

/** Stores a notification (unread, in the Inbox) unless its event already made one for the person; answers the new id, or null. */
export async function insertNotification(trx: Knex.Transaction, n: NewNotificationRow): Promise<number | null> {
  const inserted = (await trx('notifications').insert({
    recipient_id: n.recipientId, kind: n.kind, event_id: n.eventId, subject: n.subject, body: n.body,
    link_text: n.linkText, route: n.route, created_at: n.createdAt, read: false, starred: false, folder: 'Inbox',
  }).onConflict(['event_id', 'recipient_id']).ignore().returning('id')) as ({ id: number | string } | number)[];
  const first = inserted[0];
  if (first === undefined) return null;
  return Number(typeof first === 'object' ? first.id : first);
}
