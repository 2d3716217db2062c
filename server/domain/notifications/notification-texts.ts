import { formatText } from '../../../engine/forms/form-messages.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import type { NotificationKind, NotificationKindSettings } from '../../../engine/metadata/notification-schema.js';
import { escapeHtml } from '../../mail/render-mail.js';

/** Values of a notification's placeholders: {name}, {organization}, {role}, {record}, {training}, {position}, {code}, {comment}. */
export interface NotificationParams {
  name?: string;
  organization?: string;
  role?: string;
  record?: string;
  /** a training session as '{course}: {section}' (enrollment notifications) */
  training?: string;
  /** a waitlist position */
  position?: string;
  /** a certificate's check code, as printed */
  code?: string;
  /** the decision's comment, shown through the text 'notification.comment' when there is one */
  comment?: string | null;
}

export interface RenderedNotification {
  settings: NotificationKindSettings;
  subject: string;
  /** HTML: every value is escaped before it goes into the (trusted) text of the catalogue */
  body: string;
  linkText: string | null;
  /** JSON text of the route object */
  route: string | null;
}

/** The kind's texts of the tenant's catalogue with the values filled in; undefined when the kind is switched off (removed). */
export function renderNotification(registry: Registry, kind: NotificationKind, params: NotificationParams, routeParams: Record<string, string> = {}): RenderedNotification | undefined {
  const settings = registry.notifications.get(kind);
  if (!settings) return undefined;
  const texts = registry.texts;
  const plain: Record<string, string> = {
    name: params.name ?? '', organization: params.organization ?? '', role: params.role ?? '', record: params.record ?? '',
    training: params.training ?? '', position: params.position ?? '', code: params.code ?? '',
  };
  const html: Record<string, string> = Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, escapeHtml(v)]));
  html.comment = params.comment ? formatText(texts, 'notification.comment', { comment: escapeHtml(params.comment) }) : '';
  const route = settings.route ? { name: settings.route.name, ...(settings.route.params || Object.keys(routeParams).length ? { params: { ...settings.route.params, ...routeParams } } : {}) } : null;
  return {
    settings,
    subject: formatText(texts, settings.subject, { ...plain, comment: params.comment ?? '' }).slice(0, 300),
    body: formatText(texts, settings.body, html),
    linkText: settings.linkText === undefined ? null : formatText(texts, settings.linkText, plain).slice(0, 200),
    route: route ? JSON.stringify(route) : null,
  };
}
