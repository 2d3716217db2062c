import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag } from './schema-common.js';

/** The kinds of notification the server makes from domain events (server/domain/notifications). */
export const NOTIFICATION_KINDS = [
  'role-requested', 'role-granted', 'role-rejected', 'role-removed', 'role-withdrawn',
  'verification-requested', 'verification-verified', 'verification-declined', 'verification-removed',
  'report-submitted', 'report-approved', 'report-declined',
  'enrollment-registered', 'enrollment-waitlisted', 'enrollment-promoted', 'enrollment-requested', 'enrollment-request-received',
  'enrollment-approved', 'enrollment-approved-waitlisted', 'enrollment-denied', 'enrollment-unregistered', 'enrollment-completed',
  'coaching-requested', 'coaching-withdrawn', 'coaching-accepted', 'coaching-declined', 'coaching-ended', 'coaching-pdp-shared', 'coaching-pdp-unshared',
  'reference-received',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One kind of notification (spec part 3 sections 2 and 3): the text keys of its subject, HTML
 * body and link text (placeholders such as {organization}, {role}, {name}), the route its button
 * opens (a route name with optional params), and whether it also goes out as an e-mail.
 */
export const NotificationKindSchema = Type.Object({
  id: Type.Union(NOTIFICATION_KINDS.map((k) => Type.Literal(k))),
  subject: Type.String({ description: 'text key of the subject' }),
  body: Type.String({ description: 'text key of the HTML body' }),
  linkText: Type.Optional(Type.String({ description: 'text key of the button; absent: no button' })),
  route: Type.Optional(Type.Object({
    name: Type.String({ description: 'a route id (routes.json)' }),
    params: Type.Optional(Type.Record(Type.String(), Type.String())),
  }, { additionalProperties: false })),
  email: Type.Boolean({ description: 'also send the notification as an e-mail through the outbox' }),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type NotificationKindSettings = Static<typeof NotificationKindSchema>;
export const NotificationsFileSchema = Type.Array(NotificationKindSchema);
