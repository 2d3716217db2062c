import type { RuleUser } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { changeOwnCopies, ownCopyMessageIds, type CopyChange } from '../../data/message-store.js';
import { AppError } from '../../errors.js';
import { signalAfterCommit } from '../../realtime/live-channel.js';
import { messageText } from './message-texts.js';

export const MESSAGE_ACTIONS = ['Star', 'Unstar', 'Read', 'Unread', 'Archive', 'Unarchive', 'Delete'] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];

/** What each action changes, on which of the caller's copies (Sent copies are starred or deleted only). */
const EFFECT: Record<MessageAction, { set: CopyChange; folders: readonly string[] }> = {
  Star: { set: { starred: true }, folders: ['Inbox', 'Archive', 'Sent'] },
  Unstar: { set: { starred: false }, folders: ['Inbox', 'Archive', 'Sent'] },
  Read: { set: { is_read: true }, folders: ['Inbox', 'Archive'] },
  Unread: { set: { is_read: false }, folders: ['Inbox', 'Archive'] },
  Archive: { set: { folder: 'Archive' }, folders: ['Inbox'] },
  Unarchive: { set: { folder: 'Inbox' }, folders: ['Archive'] },
  Delete: { set: { deleted: true }, folders: ['Inbox', 'Archive', 'Sent'] },
};

export interface ActionAnswer {
  action: MessageAction;
  /** the caller's copies the action changed */
  changed: number;
}

/**
 * An action on the caller's own copies of messages (spec part 3 section 4). All or nothing: when
 * any id is not a message the caller holds a copy of, nothing changes and the answer is 404 (which
 * does not tell another person's message from one that does not exist). With a folder (the one the
 * screen shows), only the copies in it change: a message to oneself is in Inbox and Sent, and
 * deleting it from one keeps the other.
 */
export async function messageAction(ctx: AppContext, user: RuleUser, action: MessageAction, messageIds: readonly number[], folder?: string): Promise<ActionAnswer> {
  const ids = [...new Set(messageIds)];
  const effect = EFFECT[action];
  const folders = folder === undefined ? effect.folders : effect.folders.filter((f) => f === folder);
  return ctx.db.knex.transaction(async (trx) => {
    const own = await ownCopyMessageIds(trx, user.id, ids, folder);
    if (own.length !== ids.length) throw new AppError('not-found', messageText(ctx, 'messages.notFound'));
    const changed = folders.length === 0 ? 0 : await changeOwnCopies(trx, user.id, ids, folder, folders, effect.set);
    await writeAudit(trx, { userId: user.id, action: 'message.action', detail: { action, messageIds: ids, changed } });
    if (changed > 0) signalAfterCommit(trx, ctx.live, { kind: 'event', event: 'MessageCountChange', to: { userIds: [user.id] } });
    return { action, changed: Number(changed) };
  });
}
