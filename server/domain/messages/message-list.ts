import type { Knex } from 'knex';
import { timestampText } from '../../data/clock.js';
import { copyPage, countCopies, receivedCopy, type CopyRow, type Filter, type Folder } from '../../data/message-store.js';

export type { Filter, Folder };

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

/** One page of the person's folder (from and to are 1-based and inclusive), newest first. */
export async function messagePage(knex: Knex, userId: number, folder: Folder, filter: Filter, from: number, to: number): Promise<MessageItem[]> {
  return (await copyPage(knex, userId, folder, filter, from, to)).map(itemFrom);
}

/** How many messages the person's folder holds, narrowed by the filter. */
export const messageCount = countCopies;

/** The badge: unread messages in the Inbox. */
export const unreadInboxCount = (knex: Knex, userId: number) => messageCount(knex, userId, 'Inbox', 'Unread');

/** The person's received copy of one message (for the MessageReceived event), or null. */
export async function receivedItem(knex: Knex, userId: number, messageId: number): Promise<MessageItem | null> {
  const row = await receivedCopy(knex, userId, messageId);
  return row ? itemFrom(row) : null;
}
