import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MESSAGE_ACTIONS, messageAction } from '../domain/messages/message-actions.js';
import { messageCount, messagePage, type Filter, type Folder } from '../domain/messages/message-list.js';
import '../domain/messages/message-live.js';
import { searchRecipients } from '../domain/messages/recipient-search.js';
import { sendMessage } from '../domain/messages/message-send.js';
import { answers } from './answer-schemas.js';
import { inboxRange } from './inbox-range.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const tags = ['messages'];
const FolderSchema = Type.Union([Type.Literal('Inbox'), Type.Literal('Archive'), Type.Literal('Sent')]);
const FilterSchema = Type.Union([Type.Literal('None'), Type.Literal('Starred'), Type.Literal('Unread')]);
const RecipientId = Type.Union([RowId, Type.String({ minLength: 1, maxLength: 60 })]);
const Person = Type.Object({ id: Type.Union([AnsweredId, Type.String()]), name: Type.String(), email: Type.String() }, { additionalProperties: false });

const ListBody = Type.Object({
  folder: Type.Optional(FolderSchema),
  filter: Type.Optional(FilterSchema),
  from: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  to: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
}, { additionalProperties: false });
const CountBody = Type.Object({ folder: Type.Optional(FolderSchema), filter: Type.Optional(FilterSchema) }, { additionalProperties: false });
const MessageItem = Type.Object({
  messageId: AnsweredId,
  subject: Type.String(),
  body: Type.String({ description: 'sanitised HTML' }),
  sentDate: Type.String(),
  read: Type.Boolean(),
  starred: Type.Boolean(),
  folder: Type.String(),
  fromUser: OrNull(Type.Object({ id: AnsweredId, name: Type.String(), email: Type.String() }, { additionalProperties: false })),
  recipients: Type.Array(Person, { description: "as sent; ids starting with 'ALL-' are group distributions" }),
}, { additionalProperties: false });
const ListAnswer = Type.Object({ messages: Type.Array(MessageItem), total: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
const ActionBody = Type.Object({
  action: Type.Union(MESSAGE_ACTIONS.map((a) => Type.Literal(a))),
  messageIds: Type.Array(RowId, { minItems: 1, maxItems: 500 }),
  folder: Type.Optional({ ...FolderSchema, description: 'only the copies in this folder (the one shown); all of the caller\'s copies without it' }),
}, { additionalProperties: false });
const ActionAnswer = Type.Object({ action: Type.String(), changed: Type.Integer({ minimum: 0, description: 'the caller\'s copies changed' }) }, { additionalProperties: false });
const SendBody = Type.Object({
  subject: Type.String({ maxLength: 10_000 }),
  body: Type.String({ maxLength: 200_000 }),
  recipients: Type.Array(Type.Object({
    id: RecipientId,
    name: Type.Optional(Type.String({ maxLength: 300 })),
    email: Type.Optional(Type.String({ maxLength: 300 })),
  }, { additionalProperties: false }), { maxItems: 500 }),
}, { additionalProperties: false });
const SendAnswer = Type.Object({ messageId: AnsweredId, recipientCount: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
const SearchBody = Type.Object({ searchString: Type.String({ maxLength: 200 }) }, { additionalProperties: false });

/** Messages (spec part 3 sections 2 to 7): the caller's folders, counts, actions, sending and recipient search. */
export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/message', { schema: { 'x-access': 'sendsMessages', tags, summary: 'A page of the caller\'s messages in a folder, with the folder\'s total', body: ListBody, response: answers({ 200: ListAnswer }) } }, async (request) => {
    const user = request.caller.user;
    const folder: Folder = request.body.folder ?? 'Inbox';
    const filter: Filter = request.body.filter ?? 'None';
    const { from, to } = inboxRange(ctx, request.body, 'messages.badRange');
    const [messages, total] = await Promise.all([
      messagePage(ctx.db.knex, user.id, folder, filter, from, to),
      messageCount(ctx.db.knex, user.id, folder, filter),
    ]);
    return { messages, total };
  });

  app.post('/message/count', { schema: { 'x-access': 'sendsMessages', tags, summary: 'The caller\'s messages in a folder and filter (default Inbox, Unread): a number', body: CountBody, response: answers({ 200: Type.Integer({ minimum: 0 }) }) } }, async (request) => {
    const user = request.caller.user;
    return messageCount(ctx.db.knex, user.id, request.body?.folder ?? 'Inbox', request.body?.filter ?? 'Unread');
  });

  app.post('/message/action', { schema: { 'x-access': 'sendsMessages', tags, summary: 'Star, Unstar, Read, Unread, Archive, Unarchive or Delete the caller\'s own copies', body: ActionBody, response: answers({ 200: ActionAnswer }) } }, async (request) =>
    messageAction(ctx, request.caller.user, request.body.action, request.body.messageIds, request.body.folder));

  app.post('/message/send', { schema: { 'x-access': 'sendsMessages', tags, summary: 'Send a message to people and group distributions', body: SendBody, response: answers({ 200: SendAnswer }) } }, async (request) =>
    sendMessage(ctx, request.caller.user, request.body));

  app.post('/message/usersearch', { schema: { 'x-access': 'sendsMessages', tags, summary: 'Recipients whose name holds the text: groups first, then people (10 shown)', body: SearchBody, response: answers({ 200: Type.Array(Person) }) } }, async (request) =>
    searchRecipients(ctx, request.caller.user, request.body.searchString));
};
