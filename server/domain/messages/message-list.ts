import type { Knex } from 'knex';
import { timestampText } from '../../data/clock.js';

export type Folder = 'Inbox' | 'Archive' | 'Sent';
export type Filter = 'None' | 'Starred' | 'Unread';

export interface MessagePerson { id: number | string; name: string; email: string }

/** A message as the list and the modal show it, for the person whose copy it is (spec part 3 section 3). */
export interface MessageItem {
  messageId: number;
  subject: string;
  body: string;
  sentDate: string;
  read: boolean;
  starred: boolean;
  folder: string;
  /** null when the sender is no longer usable (the list shows 'Error') */
  fromUser: { id: number; name: string; email: string } | null;
  recipients: MessagePerson[];
}

interface CopyRow {
  message_id: number;
  folder: string;
  is_read: number | boolean;
  starred: number | boolean;
  subject: string;
  body: string;
  sent_at: string | Date;
  recipients: string;
  sender_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  sender_disabled: number | boolean | null;
}

/**
 * The person's live copies of one folder, narrowed by the filter (in Sent the filter does not apply:
 * it is hidden there). `deleted = false` and `is_read = false` are literals: they select the
 * partial indexes of migration 024.
 */
function copies(knex: Knex, userId: number, folder: Folder, filter: Filter): Knex.QueryBuilder {
  const q = knex('message_recipients as c').where({ 'c.user_id': userId, 'c.folder': folder }).andWhereRaw('c.deleted = false');
  if (folder !== 'Sent' && filter === 'Unread') q.andWhereRaw('c.is_read = false');
  if (folder !== 'Sent' && filter === 'Starred') q.andWhere('c.starred', true);
  return q;
}

/** The recipient list as sent (stored as JSON text); an unreadable one is empty (the list shows 'Error'). */
function parsedRecipients(text: string): MessagePerson[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as MessagePerson[]) : [];
  } catch {
    return [];
  }
}

function itemFrom(r: CopyRow): MessageItem {
  const usable = r.first_name !== null && !r.sender_disabled;
  return {
    messageId: Number(r.message_id),
    subject: r.subject,
    body: r.body,
    sentDate: timestampText(r.sent_at),
    read: Boolean(r.is_read),
    starred: Boolean(r.starred),
    folder: r.folder,
    fromUser: usable ? { id: Number(r.sender_id), name: `${r.first_name} ${r.last_name}`, email: r.email ?? '' } : null,
    recipients: parsedRecipients(r.recipients),
  };
}

const ITEM_COLUMNS = ['c.message_id', 'c.folder', 'c.is_read', 'c.starred', 'm.subject', 'm.body', 'm.sent_at', 'm.recipients', 'm.sender_id',
  's.first_name', 's.last_name', 's.email', 's.disabled as sender_disabled'];

/** One page (from and to are 1-based and inclusive), newest first: an index seek on the person's folder. */
/**
 * One page, newest first: the page's message ids are found first by walking the folder's index
 * alone (a deep page skips index entries, not rows), then their copies, messages and senders.
 */
export function pageQuery(knex: Knex, userId: number, folder: Folder, filter: Filter, from: number, to: number): Knex.QueryBuilder {
  const ids = copies(knex, userId, folder, filter)
    .select('c.message_id', 'c.sent_at')
    .orderBy([{ column: 'c.sent_at', order: 'desc' }, { column: 'c.message_id', order: 'desc' }])
    .limit(Math.max(0, to - from + 1)).offset(from - 1);
  return knex.from(ids.as('p'))
    .join('message_recipients as c', (j) => j.on('c.message_id', 'p.message_id').andOnVal('c.user_id', userId).andOnVal('c.folder', folder))
    .join('messages as m', 'm.id', 'p.message_id')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .select(ITEM_COLUMNS)
    .orderBy([{ column: 'p.sent_at', order: 'desc' }, { column: 'p.message_id', order: 'desc' }]);
}

export async function messagePage(knex: Knex, userId: number, folder: Folder, filter: Filter, from: number, to: number): Promise<MessageItem[]> {
  return ((await pageQuery(knex, userId, folder, filter, from, to)) as CopyRow[]).map(itemFrom);
}

export function countQuery(knex: Knex, userId: number, folder: Folder, filter: Filter): Knex.QueryBuilder {
  return copies(knex, userId, folder, filter).count({ n: '*' });
}

export async function messageCount(knex: Knex, userId: number, folder: Folder, filter: Filter): Promise<number> {
  const [row] = (await countQuery(knex, userId, folder, filter)) as { n: number | string }[];
  return Number(row?.n ?? 0);
}

/** The badge: unread messages in the Inbox. */
export const unreadInboxCount = (knex: Knex, userId: number) => messageCount(knex, userId, 'Inbox', 'Unread');

/** The person's received copy of one message (for the MessageReceived event), or null. */
export async function receivedItem(knex: Knex, userId: number, messageId: number): Promise<MessageItem | null> {
  const row = (await knex('message_recipients as c')
    .join('messages as m', 'm.id', 'c.message_id')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .where({ 'c.user_id': userId, 'c.message_id': messageId }).andWhereRaw('c.deleted = false')
    .whereNot('c.folder', 'Sent')
    .first(ITEM_COLUMNS)) as CopyRow | undefined;
  return row ? itemFrom(row) : null;
}
