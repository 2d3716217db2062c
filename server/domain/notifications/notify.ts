import type { Knex } from 'knex';
import type { NotificationKind } from '../../../engine/metadata/notification-schema.js';
import type { AppContext } from '../../app-context.js';
import { nowIso } from '../../data/clock.js';
import { insertNotification } from '../../data/notification-store.js';
import { personById } from '../../data/user-store.js';
import { htmlToText } from '../../mail/html-to-text.js';
import { queueMail } from '../../mail/outbox.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { renderNotification, type NotificationParams } from './notification-texts.js';

export interface NewNotification {
  recipientId: number;
  kind: NotificationKind;
  /** the domain event it comes from: with the recipient, its idempotency key */
  eventId: number;
  params: NotificationParams;
  routeParams?: Record<string, string>;
}

/**
 * Stores one notification in the caller's transaction, unless this event already made one for this
 * person (a redelivered event); then the e-mail when the kind's switch is on, and after the commit
 * the live events NotificationReceived and NotificationCountChange. Answers the new id, or null.
 */
export async function notify(trx: Knex.Transaction, ctx: AppContext, n: NewNotification): Promise<number | null> {
  const rendered = renderNotification(ctx.registry, n.kind, n.params, n.routeParams);
  if (!rendered) return null;
  const person = await personById(trx, n.recipientId);
  if (!person) return null;
  const id = await insertNotification(trx, {
    recipientId: n.recipientId, kind: n.kind, eventId: n.eventId, subject: rendered.subject, body: rendered.body,
    linkText: rendered.linkText, route: rendered.route, createdAt: nowIso(),
  });
  if (id === null) return null;
  if (rendered.settings.email && person.email) {
    const base = ctx.config.publicUrl.replace(/\/+$/, '');
    await queueMail(trx, {
      to: person.email, template: 'notification',
      data: {
        firstName: person.firstName, subject: rendered.subject, message: htmlToText(rendered.body).replace(/\s+/g, ' ').trim(),
        link: `${base}/dashboard/notifications`, linkText: ctx.registry.texts['notification.email.button'] ?? 'Open your notifications',
      },
    }, ctx);
  }
  signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'NotificationReceived', to: { userIds: [n.recipientId] }, ref: { notificationId: id } });
  signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'NotificationCountChange', to: { userIds: [n.recipientId] } });
  return id;
}
