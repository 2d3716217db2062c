import type { RuleUser } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { invalid } from '../../errors.js';
import { messagingPersonCondition } from './group-recipients.js';
import type { MessagePerson } from './message-list.js';
import { groupsFor, requireMessaging } from './messaging-access.js';
import { messageText } from './message-texts.js';

const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The compose form's recipient search (spec part 3 sections 5 and 9): at least 2 characters; the
 * groups the active role may use whose name or code holds the text come first, then people who may
 * use messages (name, user name or registry id), up to 10 options in all.
 */
export async function searchRecipients(ctx: AppContext, user: RuleUser, searchString: string): Promise<MessagePerson[]> {
  const messaging = requireMessaging(ctx, user);
  const text = searchString.trim().toLowerCase();
  if (text.length < messaging.searchMinLength) throw invalid(messageText(ctx, 'messages.searchTooShort'), { searchString: 'too short' });
  const groups = groupsFor(messaging, user.activeRole)
    .map((g) => ({ id: g.id, name: messageText(ctx, g.label), email: '' }))
    .filter((g) => g.name.toLowerCase().includes(text) || g.id.toLowerCase().includes(text))
    .slice(0, messaging.searchResults);
  const room = messaging.searchResults - groups.length;
  if (room === 0) return groups;
  const canMessage = messagingPersonCondition(messaging.senderRoles);
  const people = (await ctx.db.knex('users as u')
    .where('u.disabled', false).andWhereNot('u.id', user.id)
    .andWhereRaw("u.searchable_name like ? escape '\\'", [`%${likeEscaped(text)}%`])
    .andWhereRaw(canMessage.sql, canMessage.bindings)
    .orderBy([{ column: 'u.last_name' }, { column: 'u.first_name' }, { column: 'u.id' }])
    .limit(room)
    .select('u.id', 'u.first_name', 'u.last_name', 'u.email')) as { id: number; first_name: string; last_name: string; email: string }[];
  return [...groups, ...people.map((p) => ({ id: Number(p.id), name: `${p.first_name} ${p.last_name}`, email: p.email }))];
}
