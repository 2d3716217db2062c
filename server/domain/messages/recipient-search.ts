import type { RuleUser } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { searchMessagingPeople } from '../../data/message-store.js';
import { invalid } from '../../errors.js';
import type { MessagePerson } from './message-list.js';
import { groupsFor } from './messaging-access.js';
import { messageText } from './message-texts.js';

/**
 * The compose form's recipient search (spec part 3 sections 5 and 9): at least 2 characters; the
 * groups the active role may use whose name or code holds the text come first, then people who may
 * use messages (name, user name or registry id), up to 10 options in all.
 */
export async function searchRecipients(ctx: AppContext, user: RuleUser, searchString: string): Promise<MessagePerson[]> {
  const messaging = ctx.registry.messaging;
  const text = searchString.trim().toLowerCase();
  if (text.length < messaging.searchMinLength) throw invalid(messageText(ctx, 'messages.searchTooShort'), { searchString: 'too short' });
  const groups = groupsFor(messaging, user.activeRole)
    .map((g) => ({ id: g.id, name: messageText(ctx, g.label), email: '' }))
    .filter((g) => g.name.toLowerCase().includes(text) || g.id.toLowerCase().includes(text))
    .slice(0, messaging.searchResults);
  const room = messaging.searchResults - groups.length;
  if (room === 0) return groups;
  const people = await searchMessagingPeople(ctx.db.knex, text, user.id, messaging.senderRoles, room);
  return [...groups, ...people.map((p) => ({ id: Number(p.id), name: `${p.first_name} ${p.last_name}`, email: p.email }))];
}
