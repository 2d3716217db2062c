import type { RuleUser } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { insertedId } from '../../data/inserted-id.js';
import { AppError, invalid } from '../../errors.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { sanitiseRichText } from '../rich-text/sanitise-rich-text.js';
import { groupCondition, messagingPersonCondition } from './group-recipients.js';
import type { MessagePerson } from './message-list.js';
import { groupsFor, requireMessaging } from './messaging-access.js';
import { messageText } from './message-texts.js';

export interface SendRequest {
  subject: string;
  body: string;
  recipients: { id: number | string; name?: string; email?: string }[];
}

export interface SendAnswer {
  messageId: number;
  /** the copies delivered to recipients (the sender's Sent copy not counted) */
  recipientCount: number;
}

const GROUP_ID = /^ALL-/;
const PERSON_ID = /^[1-9][0-9]{0,8}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Sends a message (spec part 3 sections 4 and 5): the body sanitised to the rich-text allow-list,
 * the subject plain text; people by id (those who may use messages) and groups by code (only those
 * the active role may use: 403 otherwise). Stored once; the recipients' copies are written by ONE
 * INSERT ... SELECT over people and groups, with the sender's Sent copy and an audit row, in one
 * transaction; the hub hears MessageReceived and MessageCountChange once it commits.
 */
export async function sendMessage(ctx: AppContext, user: RuleUser, req: SendRequest): Promise<SendAnswer> {
  const messaging = requireMessaging(ctx, user);
  const subject = req.subject.trim();
  if (subject.length > messaging.subjectMaxLength) throw invalid(messageText(ctx, 'messages.subjectTooLong', { max: messaging.subjectMaxLength }), { subject: 'too long' });
  if (CONTROL.test(subject)) throw invalid(messageText(ctx, 'messages.subjectInvalid'), { subject: 'control characters' });
  // refused before sanitising too: the sanitiser's time grows faster than the input on nested markup
  const body = req.body.length > 2 * messaging.bodyMaxLength ? req.body : sanitiseRichText(req.body, { links: true });
  if (body.length > messaging.bodyMaxLength) throw invalid(messageText(ctx, 'messages.bodyTooLong', { max: messaging.bodyMaxLength }), { body: 'too long' });
  if (req.recipients.length === 0) throw invalid(messageText(ctx, 'messages.noRecipient'), { recipients: 'none' });

  const groupCodes = [...new Set(req.recipients.map((r) => String(r.id)).filter((id) => GROUP_ID.test(id)))];
  const personIds = [...new Set(req.recipients.map((r) => String(r.id)).filter((id) => !GROUP_ID.test(id)))];
  if (personIds.some((id) => !PERSON_ID.test(id))) throw invalid(messageText(ctx, 'messages.unknownRecipient'), { recipients: 'unknown id' });
  const allowed = new Map(groupsFor(messaging, user.activeRole).map((g) => [g.id, g]));
  const refused = groupCodes.find((code) => !allowed.has(code));
  if (refused !== undefined) throw new AppError('forbidden', messageText(ctx, 'messages.groupNotAllowed', { group: refused }));
  const groups = groupCodes.map((code) => allowed.get(code)!);

  const knex = ctx.db.knex;
  const canMessage = messagingPersonCondition(messaging.senderRoles);
  const people = personIds.length === 0 ? [] : (await knex('users as u')
    .whereIn('u.id', personIds.map(Number)).andWhere('u.disabled', false)
    .andWhereRaw(canMessage.sql, canMessage.bindings)
    .select('u.id', 'u.first_name', 'u.last_name', 'u.email')) as { id: number; first_name: string; last_name: string; email: string }[];
  if (people.length !== personIds.length) throw invalid(messageText(ctx, 'messages.unknownRecipient'), { recipients: 'unknown id' });

  const shown: MessagePerson[] = [
    ...groups.map((g) => ({ id: g.id, name: messageText(ctx, g.label), email: '' })),
    ...people.map((p) => ({ id: Number(p.id), name: `${p.first_name} ${p.last_name}`, email: p.email })),
  ];
  const sentAt = nowIso();
  const conditions = groups.map((g) => groupCondition(g.recipients, messaging.educationLevels));
  const who: string[] = [];
  const whoBindings: (string | number)[] = [];
  if (people.length > 0) {
    who.push(`u.id in (${people.map(() => '?').join(', ')})`);
    whoBindings.push(...people.map((p) => Number(p.id)));
  }
  if (conditions.length > 0) {
    // the sender is not a recipient of their own group message (their copy is in Sent)
    who.push(`(u.id <> ? and (${conditions.map((c) => c.sql).join(' or ')}))`);
    whoBindings.push(user.id, ...conditions.flatMap((c) => c.bindings));
  }

  return ctx.db.knex.transaction(async (trx) => {
    const messageId = insertedId(await trx('messages').insert({
      sender_id: user.id, subject, body, sent_at: sentAt,
      group_codes: groupCodes.length > 0 ? groupCodes.join(',') : null,
      recipients: JSON.stringify(shown),
    }).returning('id'));
    await trx('message_recipients').insert({ message_id: messageId, user_id: user.id, folder: 'Sent', is_read: true, starred: false, deleted: false, sent_at: sentAt });
    await trx.raw(`insert into message_recipients (message_id, user_id, folder, is_read, starred, deleted, sent_at)
      select m.id, u.id, 'Inbox', false, false, false, m.sent_at
      from messages m, users u
      where m.id = ? and u.disabled = false and (${who.join(' or ')})`, [messageId, ...whoBindings]);
    const [counted] = (await trx('message_recipients').where({ message_id: messageId, folder: 'Inbox' }).count({ n: '*' })) as { n: number | string }[];
    const recipientCount = Number(counted?.n ?? 0);
    await writeAudit(trx, { userId: user.id, action: 'message.send', entityId: messageId, detail: { groups: groupCodes, people: people.map((p) => Number(p.id)), recipientCount } });
    const to = { audience: 'message', id: messageId };
    signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'MessageReceived', to, ref: { messageId } });
    signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'MessageCountChange', to, ref: { messageId } });
    return { messageId, recipientCount };
  });
}
