import type { Knex } from 'knex';
import type { NotificationKind } from '../../../engine/metadata/notification-schema.js';
import type { AppContext } from '../../app-context.js';
import { nowIso } from '../../data/clock.js';
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

interface Recipient { id: number; email: string; first_name: string }

/**
 * Stores one notification in the caller's transaction, unless this event already made one for this
 * person (a redelivered event); then the e-mail when the kind's switch is on, and after the commit
 * the live events NotificationReceived and NotificationCountChange. Answers the new id, or null.
 */
export async function notify(trx: Knex.Transaction, ctx: AppContext, n: NewNotification): Promise<number | null> {
  const rendered = renderNotification(ctx.registry, n.kind, n.params, n.routeParams);
  if (!rendered) return null;
  const person = (await trx('users').where({ id: n.recipientId }).first('id', 'email', 'first_name')) as Recipient | undefined;
  if (!person) return null;
  const inserted = (await trx('notifications').insert({
    recipient_id: n.recipientId, kind: n.kind, event_id: n.eventId, subject: rendered.subject, body: rendered.body,
    link_text: rendered.linkText, route: rendered.route, created_at: nowIso(), read: false, starred: false, folder: 'Inbox',
  }).onConflict(['event_id', 'recipient_id']).ignore().returning('id')) as ({ id: number | string } | number)[];
  const first = inserted[0];
  if (first === undefined) return null;
  const id = Number(typeof first === 'object' ? first.id : first);
  if (rendered.settings.email && person.email) {
    const base = ctx.config.publicUrl.replace(/\/+$/, '');
    await queueMail(trx, {
      to: person.email, template: 'notification',
      data: {
        firstName: person.first_name, subject: rendered.subject, message: htmlToText(rendered.body).replace(/\s+/g, ' ').trim(),
        link: `${base}/dashboard/notifications`, linkText: ctx.registry.texts['notification.email.button'] ?? 'Open your notifications',
      },
    }, ctx);
  }
  signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'NotificationReceived', to: { userIds: [n.recipientId] }, ref: { notificationId: id } });
  signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'NotificationCountChange', to: { userIds: [n.recipientId] } });
  return id;
}
