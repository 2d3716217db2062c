import type { InboxAction, InboxFilter, InboxFolderId, InboxSource } from '../../../engine/metadata/inbox-schema.js';
import { api } from '../../app/api-client.js';
import type { LiveEventName } from '../../app/live-hub.js';

export interface InboxPerson { id: number | string; name: string; email: string }

/** A message or a notification as the inbox list and its modals show it. */
export interface InboxItem {
  id: number;
  subject: string;
  /** sanitised HTML */
  body: string;
  /** ISO instant: sent (messages) or created (notifications) */
  date: string;
  read: boolean;
  starred: boolean;
  folder: string;
  /** messages: the sender, null when unusable (the list shows 'Error') */
  from: InboxPerson | null;
  recipients: InboxPerson[];
  /** notifications: the JSON text of the route object and its button's text */
  route: string | null;
  linkText: string | null;
}

export interface InboxPage { items: InboxItem[]; total: number }

interface MessageAnswer {
  messageId: number; subject: string; body: string; sentDate: string; read: boolean; starred: boolean; folder: string;
  fromUser: InboxPerson | null; recipients: InboxPerson[];
}
interface NotificationAnswer {
  notificationId: number; subject: string; body: string; creationDateTime: string; read: boolean; starred: boolean; folder: string;
  route: string | null; linkText: string | null;
}

const fromMessage = (m: MessageAnswer): InboxItem => ({
  id: m.messageId, subject: m.subject, body: m.body, date: m.sentDate, read: m.read, starred: m.starred, folder: m.folder,
  from: m.fromUser, recipients: m.recipients, route: null, linkText: null,
});
const fromNotification = (n: NotificationAnswer): InboxItem => ({
  id: n.notificationId, subject: n.subject, body: n.body, date: n.creationDateTime, read: n.read, starred: n.starred, folder: n.folder,
  from: null, recipients: [], route: n.route, linkText: n.linkText,
});

/** The calls and hub events of each source (spec part 3 section 7): the two follow one convention. */
const SOURCES = {
  messages: { path: '/message', ids: 'messageIds', list: 'messages', received: 'MessageReceived', toItem: (x: unknown) => fromMessage(x as MessageAnswer) },
  notifications: { path: '/notification', ids: 'notificationIds', list: 'notifications', received: 'NotificationReceived', toItem: (x: unknown) => fromNotification(x as NotificationAnswer) },
} as const satisfies Record<InboxSource, { path: string; ids: string; list: string; received: LiveEventName; toItem: (x: unknown) => InboxItem }>;

/** A toolbar or modal action, or a star toggled off. */
export type ItemAction = InboxAction | 'unstar';

/** The server's action name for each toolbar and modal action. */
const ACTION_CALL: Record<ItemAction, string> = {
  star: 'Star', unstar: 'Unstar', markRead: 'Read', markUnread: 'Unread', archive: 'Archive', unarchive: 'Unarchive', delete: 'Delete',
};

/** One page and the folder's total: from and to are 1-based and inclusive. */
export async function inboxPage(source: InboxSource, folder: InboxFolderId, filter: InboxFilter, from: number, to: number, signal?: AbortSignal): Promise<InboxPage> {
  const s = SOURCES[source];
  const answer = await api<Record<string, unknown>>('POST', s.path, { folder, filter, from, to }, { signal });
  return { items: (answer[s.list] as unknown[]).map(s.toItem), total: Number(answer.total) };
}

/** An action on items of the folder shown (only its copies change: a message to oneself is in Inbox and Sent). */
export async function inboxAction(source: InboxSource, action: ItemAction, ids: readonly number[], folder: InboxFolderId): Promise<void> {
  const s = SOURCES[source];
  await api('POST', `${s.path}/action`, { action: ACTION_CALL[action], [s.ids]: ids, folder });
}
