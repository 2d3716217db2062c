import type { RuleUser } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { deliverCopies, inboxCopyCount, insertMessage, messagingPeople, type Addressees } from '../../data/message-store.js';
import { AppError, invalid } from '../../errors.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { sanitiseRichText } from '../rich-text/sanitise-rich-text.js';
import type { MessagePerson } from './message-list.js';
import { groupsFor } from './messaging-access.js';
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
  const messaging = ctx.registry.messaging;
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

  const people = await messagingPeople(ctx.db.knex, personIds.map(Number), messaging.senderRoles);
  if (people.length !== personIds.length) throw invalid(messageText(ctx, 'messages.unknownRecipient'), { recipients: 'unknown id' });

  const shown: MessagePerson[] = [
    ...groups.map((g) => ({ id: g.id, name: messageText(ctx, g.label), email: '' })),
    ...people.map((p) => ({ id: Number(p.id), name: `${p.first_name} ${p.last_name}`, email: p.email })),
  ];
  const sentAt = nowIso();
  const addressees: Addressees = {
    personIds: people.map((p) => Number(p.id)), senderId: user.id, groups: groups.map((g) => g.recipients), educationLevels: messaging.educationLevels,
  };

  return ctx.db.knex.transaction(async (trx) => {
    const messageId = await insertMessage(trx, { senderId: user.id, subject, body, sentAt, groupCodes, recipients: JSON.stringify(shown) });
    await deliverCopies(trx, messageId, addressees);
    const recipientCount = await inboxCopyCount(trx, messageId);
    await writeAudit(trx, { userId: user.id, action: 'message.send', entityId: messageId, detail: { groups: groupCodes, people: people.map((p) => Number(p.id)), recipientCount } });
    const to = { audience: 'message', id: messageId };
    signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'MessageReceived', to, ref: { messageId } });
    signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'MessageCountChange', to, ref: { messageId } });
    return { messageId, recipientCount };
  });
}
