import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth.js';
import { invalid } from '../errors.js';
import { applyNotificationAction, NOTIFICATION_ACTIONS } from '../domain/notifications/notification-actions.js';
import { notificationCount, notificationPage } from '../domain/notifications/notification-rows.js';
import { answers } from './answer-schemas.js';
import { AnsweredId, OrNull, RowId } from './id-schemas.js';

const tags = ['notifications'];
/** The most notifications one list call answers. */
const MAX_PAGE = 100;

const Folder = Type.Union([Type.Literal('Inbox'), Type.Literal('Archive')], { description: 'default Inbox' });
const Filter = (description: string) => Type.Union([Type.Literal('None'), Type.Literal('Starred'), Type.Literal('Unread')], { description });
const Index = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description });

const ListBody = Type.Object({
  folder: Type.Optional(Folder),
  filter: Type.Optional(Filter('default None')),
  from: Type.Optional(Index('index of the first notification (newest first), default 0')),
  to: Type.Optional(Index(`index after the last one, default from + 5; at most ${MAX_PAGE} per call`)),
}, { additionalProperties: false });
const CountBody = Type.Object({
  folder: Type.Optional(Folder),
  filter: Type.Optional(Filter('default Unread (the badge)')),
}, { additionalProperties: false });
const ActionBody = Type.Object({
  action: Type.Union(NOTIFICATION_ACTIONS.map((a) => Type.Literal(a))),
  notificationIds: Type.Array(RowId, { minItems: 1, maxItems: 500 }),
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
const ActionAnswer = Type.Object({
  action: Type.String(),
  changed: Type.Integer({ description: "how many of the caller's notifications changed; other ids change nothing" }),
}, { additionalProperties: false });

/** Notifications (spec part 3 sections 2, 3, 4 and 7): every signed-in role, only one's own. */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/notification', { schema: { tags, summary: "A page of the caller's notifications, newest first", body: ListBody, response: answers({ 200: Type.Array(NotificationAnswer) }) } }, async (request) => {
    const user = await requireUser(request);
    const from = request.body.from ?? 0;
    const to = request.body.to ?? from + 5;
    if (to < from) throw invalid('to must not be less than from.', { to: 'Must not be less than from.' });
    if (to - from > MAX_PAGE) throw invalid(`At most ${MAX_PAGE} notifications per call.`, { to: `At most ${MAX_PAGE} after from.` });
    return notificationPage(ctx.db.knex, user.id, request.body.folder ?? 'Inbox', request.body.filter ?? 'None', from, to);
  });

  app.post('/notification/count', { schema: { tags, summary: 'How many of the caller\'s notifications a folder and filter hold (default: unread in the Inbox)', body: CountBody, response: answers({ 200: Type.Integer({ minimum: 0 }) }) } }, async (request) => {
    const user = await requireUser(request);
    return notificationCount(ctx.db.knex, user.id, request.body.folder ?? 'Inbox', request.body.filter ?? 'Unread');
  });

  app.post('/notification/action', { schema: { tags, summary: "Star, Unstar, Read, Unread, Archive, Unarchive or Delete the caller's notifications", body: ActionBody, response: answers({ 200: ActionAnswer }) } }, async (request) => {
    const user = await requireUser(request);
    const changed = await applyNotificationAction(ctx, user.id, request.body.action, request.body.notificationIds);
    return { action: request.body.action, changed };
  });
};
