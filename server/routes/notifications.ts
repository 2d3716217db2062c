import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { applyNotificationAction, NOTIFICATION_ACTIONS } from '../domain/notifications/notification-actions.js';
import { notificationCount, notificationPage } from '../domain/notifications/notification-rows.js';
import { answers } from './answer-schemas.js';
import { inboxRange, MAX_INBOX_PAGE } from './inbox-range.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const tags = ['notifications'];

const Folder = Type.Union([Type.Literal('Inbox'), Type.Literal('Archive')], { description: 'default Inbox' });
const Filter = (description: string) => Type.Union([Type.Literal('None'), Type.Literal('Starred'), Type.Literal('Unread')], { description });
const Position = (description: string) => Type.Integer({ minimum: 1, maximum: 100_000_000, description });

const ListBody = Type.Object({
  folder: Type.Optional(Folder),
  filter: Type.Optional(Filter('default None')),
  from: Type.Optional(Position('1-based position of the first notification (newest first), default 1')),
  to: Type.Optional(Position(`1-based position of the last one (inclusive, not before from), default from + 4; at most ${MAX_INBOX_PAGE} per call`)),
}, { additionalProperties: false });
const CountBody = Type.Object({
  folder: Type.Optional(Folder),
  filter: Type.Optional(Filter('default Unread (the badge)')),
}, { additionalProperties: false });
const ActionBody = Type.Object({
  action: Type.Union(NOTIFICATION_ACTIONS.map((a) => Type.Literal(a))),
  notificationIds: Type.Array(RowId, { minItems: 1, maxItems: 500 }),
  folder: Type.Optional({ ...Folder, description: 'the folder shown: every id must be in it (404 otherwise); any folder without it' }),
}, { additionalProperties: false });

const NotificationAnswer = Type.Object({
  notificationId: AnsweredId,
  subject: Type.String(),
  body: Type.String({ description: 'HTML' }),
  creationDateTime: Type.String(),
  read: Type.Boolean(),
  starred: Type.Boolean(),
  route: OrNull(Type.String({ description: 'JSON text of the route object: { name, params? }' })),
  linkText: OrNull(Type.String()),
  folder: Folder,
}, { additionalProperties: false });
const ListAnswer = Type.Object({ notifications: Type.Array(NotificationAnswer), total: Type.Integer({ minimum: 0, description: 'the folder and filter\'s total' }) }, { additionalProperties: false });
const ActionAnswer = Type.Object({
  action: Type.String(),
  changed: Type.Integer({ description: "how many of the caller's notifications changed (0 when all were so already)" }),
}, { additionalProperties: false });

/** Notifications (spec part 3 sections 2, 3, 4 and 7): every signed-in role, only one's own. */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/notification', { schema: { 'x-access': 'signedIn', tags, summary: "A page of the caller's notifications, newest first, with the folder's total (like /message)", body: ListBody, response: answers({ 200: ListAnswer }) } }, async (request) => {
    const user = request.caller.user;
    const folder = request.body.folder ?? 'Inbox';
    const filter = request.body.filter ?? 'None';
    const { from, to } = inboxRange(ctx, request.body, 'notification.badRange');
    const [notifications, total] = await Promise.all([
      notificationPage(ctx.db.knex, user.id, folder, filter, from, to),
      notificationCount(ctx.db.knex, user.id, folder, filter),
    ]);
    return { notifications, total };
  });

  app.post('/notification/count', { schema: { 'x-access': 'signedIn', tags, summary: 'How many of the caller\'s notifications a folder and filter hold (default: unread in the Inbox)', body: CountBody, response: answers({ 200: Type.Integer({ minimum: 0 }) }) } }, async (request) => {
    const user = request.caller.user;
    return notificationCount(ctx.db.knex, user.id, request.body.folder ?? 'Inbox', request.body.filter ?? 'Unread');
  });

  app.post('/notification/action', { schema: { 'x-access': 'signedIn', tags, summary: "Star, Unstar, Read, Unread, Archive, Unarchive or Delete (a soft delete) the caller's notifications: all or nothing, 404 when any id is not the caller's", body: ActionBody, response: answers({ 200: ActionAnswer }) } }, async (request) => {
    const user = request.caller.user;
    const changed = await applyNotificationAction(ctx, user.id, request.body.action, request.body.notificationIds, request.body.folder);
    return { action: request.body.action, changed };
  });
};
