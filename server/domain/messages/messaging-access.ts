import type { MessageGroup, Messaging } from '../../../engine/metadata/messaging-schema.js';
import type { RuleUser } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../errors.js';
import { messageText } from './message-texts.js';

/**
 * Who may use messages (spec part 3 section 6, "Messaging access"): the caller's active role is one
 * of the tenant's messaging.json senderRoles. The access 'sendsMessages' of every message route,
 * checked before its input (server/plugins/route-access.ts; 403 otherwise).
 */
export function requireMessaging(ctx: AppContext, user: RuleUser): Messaging {
  const messaging = ctx.registry.messaging;
  if (!messaging.senderRoles.includes(user.activeRole)) throw new AppError('forbidden', messageText(ctx, 'messages.notAllowed'));
  return messaging;
}

/** The group recipients the active role may use in this tenant (the table of spec part 3 section 6). */
export function groupsFor(messaging: Messaging, activeRole: string): MessageGroup[] {
  if (!messaging.senderRoles.includes(activeRole)) return [];
  return messaging.groups.filter((g) => g.senders.includes(activeRole));
}
