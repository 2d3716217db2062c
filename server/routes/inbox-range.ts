import type { AppContext } from '../app-context.js';
import { messageText } from '../domain/messages/message-texts.js';
import { invalid } from '../errors.js';

/** The most messages or notifications one list request may ask for. */
export const MAX_INBOX_PAGE = 100;

/**
 * The positions a message or notification list asks for: 1-based and inclusive, by default the
 * first five; a range whose last is before its first, or longer than MAX_INBOX_PAGE, is a 400 with
 * the text `badRangeKey` names.
 */
export function inboxRange(ctx: AppContext, body: { from?: number; to?: number }, badRangeKey: string): { from: number; to: number } {
  const from = body.from ?? 1;
  const to = body.to ?? from + 4;
  if (to < from || to - from + 1 > MAX_INBOX_PAGE) throw invalid(messageText(ctx, badRangeKey, { max: MAX_INBOX_PAGE }), { to: 'out of range' });
  return { from, to };
}
