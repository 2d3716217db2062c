import type { Knex } from 'knex';
import type { GroupSelector } from '../../engine/metadata/messaging-schema.js';
import { insertedId } from './inserted-id.js';
import { groupCondition, messagingPersonCondition } from './message-group-conditions.js';
import { containsPattern } from './text-index.js';

/**
 * messages and message_recipients: a message is stored once; each person's copy of it (the
 * sender's in Sent, each recipient's in Inbox or Archive) is a row of message_recipients, the
 * recipients' written by one INSERT ... SELECT over people and groups. People may use messages
 * when they hold one of the sender roles. Boolean columns come back as 0/1 on SQLite and
 * true/false on PostgreSQL.
 */

export type Folder = 'Inbox' | 'Archive' | 'Sent';
export type Filter = 'None' | 'Starred' | 'Unread';

/** A copy with its message and sender, as the list and the modal read it. */
export interface CopyRow {
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

/** What an action changes on a copy. */
export type CopyChange = Partial<{ starred: boolean; is_read: boolean; folder: Folder; deleted: boolean }>;

/** A new message: the recipient list as the screens show it is stored as JSON text. */
export interface NewMessage {
  senderId: number;
  subject: string;
  body: string;
  sentAt: string;
  groupCodes: readonly string[];
  recipients: string;
}

/** A person as the recipient list names them. */
export interface RecipientPersonRow { id: number; first_name: string; last_name: string; email: string }

/** Who receives a message: people by id and, the sender excepted, the members of groups. */
export interface Addressees {
  personIds: readonly number[];
  senderId: number;
  groups: readonly GroupSelector[];
  educationLevels: readonly string[];
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

const ITEM_COLUMNS = ['c.message_id', 'c.folder', 'c.is_read', 'c.starred', 'm.subject', 'm.body', 'm.sent_at', 'm.recipients', 'm.sender_id',
  's.first_name', 's.last_name', 's.email', 's.disabled as sender_disabled'];

/**
 * One page (from and to are 1-based and inclusive), newest first: the page's message ids are found
 * first by walking the folder's index alone (a deep page skips index entries, not rows), then
 * their copies, messages and senders.
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

/** The copies of one page (see pageQuery). */
export async function copyPage(knex: Knex, userId: number, folder: Folder, filter: Filter, from: number, to: number): Promise<CopyRow[]> {
  return (await pageQuery(knex, userId, folder, filter, from, to)) as CopyRow[];
}

/** The count of the person's live copies of one folder, narrowed by the filter. */
export function countQuery(knex: Knex, userId: number, folder: Folder, filter: Filter): Knex.QueryBuilder {
  return copies(knex, userId, folder, filter).count({ n: '*' });
}

/** How many live copies the person has in one folder, narrowed by the filter. */
export async function countCopies(knex: Knex, userId: number, folder: Folder, filter: Filter): Promise<number> {
  const [row] = (await countQuery(knex, userId, folder, filter)) as { n: number | string }[];
  return Number(row?.n ?? 0);
}

/** The person's live received copy (not the Sent one) of a message, with its message and sender. */
export async function receivedCopy(knex: Knex, userId: number, messageId: number): Promise<CopyRow | undefined> {
  return (await knex('message_recipients as c')
    .join('messages as m', 'm.id', 'c.message_id')
    .leftJoin('users as s', 's.id', 'm.sender_id')
    .where({ 'c.user_id': userId, 'c.message_id': messageId }).andWhereRaw('c.deleted = false')
    .whereNot('c.folder', 'Sent')
    .first(ITEM_COLUMNS)) as CopyRow | undefined;
}

/** Of the given people, those who hold a live received copy of the message. */
export async function recipientsAmong(knex: Knex, messageId: number, userIds: readonly number[]): Promise<number[]> {
  const rows = (await knex('message_recipients')
    .where({ message_id: messageId, deleted: false }).whereNot('folder', 'Sent')
    .whereIn('user_id', [...userIds]).distinct('user_id')) as { user_id: number }[];
  return rows.map((r) => Number(r.user_id));
}

/** The person's live copies of these messages, only those in the folder when one is given. */
function ownCopies(trx: Knex.Transaction, userId: number, messageIds: readonly number[], folder: string | undefined): Knex.QueryBuilder {
  const q = trx('message_recipients').where({ user_id: userId, deleted: false }).whereIn('message_id', [...messageIds]);
  return folder === undefined ? q : q.andWhere('folder', folder);
}

/** The messages among these the person holds a live copy of (in the folder when one is given). */
export async function ownCopyMessageIds(trx: Knex.Transaction, userId: number, messageIds: readonly number[], folder?: string): Promise<number[]> {
  const rows = (await ownCopies(trx, userId, messageIds, folder).distinct('message_id')) as { message_id: number }[];
  return rows.map((r) => Number(r.message_id));
}

/** Changes the person's live copies of these messages that are in one of `folders` (and in the folder when one is given); answers how many. */
export async function changeOwnCopies(trx: Knex.Transaction, userId: number, messageIds: readonly number[], folder: string | undefined, folders: readonly string[], change: CopyChange): Promise<number> {
  return ownCopies(trx, userId, messageIds, folder).whereIn('folder', [...folders]).update(change);
}

/** Stores a message and the sender's copy in Sent (read); answers the message's id. */
export async function insertMessage(trx: Knex.Transaction, m: NewMessage): Promise<number> {
  const messageId = insertedId(await trx('messages').insert({
    sender_id: m.senderId, subject: m.subject, body: m.body, sent_at: m.sentAt,
    group_codes: m.groupCodes.length > 0 ? m.groupCodes.join(',') : null,
    recipients: m.recipients,
  }).returning('id'));
  await trx('message_recipients').insert({ message_id: messageId, user_id: m.senderId, folder: 'Sent', is_read: true, starred: false, deleted: false, sent_at: m.sentAt });
  return messageId;
}

const PERSON_COLUMNS = ['u.id', 'u.first_name', 'u.last_name', 'u.email'];

/** Of these ids, the people (not archived) who may use messages: holders of an active role among the sender roles. */
export async function messagingPeople(knex: Knex, ids: readonly number[], senderRoles: readonly string[]): Promise<RecipientPersonRow[]> {
  if (ids.length === 0) return [];
  const canMessage = messagingPersonCondition(senderRoles);
  return (await knex('users as u')
    .whereIn('u.id', [...ids]).andWhere('u.disabled', false)
    .andWhereRaw(canMessage.sql, canMessage.bindings)
    .select(PERSON_COLUMNS)) as RecipientPersonRow[];
}

/** People who may use messages whose searchable name holds the (lower-case) text, the searcher excepted, by name; at most `limit`. */
export async function searchMessagingPeople(knex: Knex, text: string, exceptId: number, senderRoles: readonly string[], limit: number): Promise<RecipientPersonRow[]> {
  const canMessage = messagingPersonCondition(senderRoles);
  return (await knex('users as u')
    .where('u.disabled', false).andWhereNot('u.id', exceptId)
    .andWhereRaw("u.searchable_name like ? escape '\\'", [containsPattern(text)])
    .andWhereRaw(canMessage.sql, canMessage.bindings)
    .orderBy([{ column: 'u.last_name' }, { column: 'u.first_name' }, { column: 'u.id' }])
    .limit(limit)
    .select(PERSON_COLUMNS)) as RecipientPersonRow[];
}

/** Writes the Inbox copies of a message for its addressees who are not archived, in one statement. */
export async function deliverCopies(trx: Knex.Transaction, messageId: number, a: Addressees): Promise<void> {
  const conditions = a.groups.map((g) => groupCondition(g, a.educationLevels));
  const who: string[] = [];
  const whoBindings: (string | number)[] = [];
  if (a.personIds.length > 0) {
    who.push(`u.id in (${a.personIds.map(() => '?').join(', ')})`);
    whoBindings.push(...a.personIds);
  }
  if (conditions.length > 0) {
    // the sender is not a recipient of their own group message (their copy is in Sent)
    who.push(`(u.id <> ? and (${conditions.map((c) => c.sql).join(' or ')}))`);
    whoBindings.push(a.senderId, ...conditions.flatMap((c) => c.bindings));
  }
  await trx.raw(`insert into message_recipients (message_id, user_id, folder, is_read, starred, deleted, sent_at)
      select m.id, u.id, 'Inbox', false, false, false, m.sent_at
      from messages m, users u
      where m.id = ? and u.disabled = false and (${who.join(' or ')})`, [messageId, ...whoBindings]);
}

/** How many copies of the message are in an Inbox (the recipients'). */
export async function inboxCopyCount(trx: Knex.Transaction, messageId: number): Promise<number> {
  const [counted] = (await trx('message_recipients').where({ message_id: messageId, folder: 'Inbox' }).count({ n: '*' })) as { n: number | string }[];
  return Number(counted?.n ?? 0);
}
