import { recipientsAmong } from '../../data/message-store.js';
import { registerLiveAudience, registerLivePayload } from '../../realtime/live-channel.js';
import { receivedItem, unreadInboxCount } from './message-list.js';

/**
 * Messages on the real-time hub (spec part 3 section 7): audience 'message' is the recipients of a
 * message among the connected people (one query); MessageReceived carries the message as that
 * person's list shows it, MessageCountChange their unread Inbox count.
 */
registerLiveAudience('message', async (knex, messageId, connected) => {
  if (connected.length === 0) return [];
  return recipientsAmong(knex, messageId, connected);
});

registerLivePayload('MessageReceived', async (knex, userId, ref) =>
  (ref?.messageId === undefined ? null : receivedItem(knex, userId, ref.messageId)));

registerLivePayload('MessageCountChange', async (knex, userId) => unreadInboxCount(knex, userId));
