import type { InboxItem, InboxPerson } from '../inbox/inbox-api.js';

/** What the compose modal opens with: empty for Compose, filled for Reply and Reply All. */
export interface ComposeDraft {
  reply: boolean;
  recipients: InboxPerson[];
  subject: string;
  /** HTML */
  body: string;
}

export const EMPTY_DRAFT: ComposeDraft = { reply: false, recipients: [], subject: '', body: '' };

/** Group distributions are recipients whose id starts with 'ALL-' (spec part 3 section 3). */
export const isGroup = (p: InboxPerson) => String(p.id).startsWith('ALL-');

/** Reply is disabled when the message went to a group distribution (spec part 3 section 5). */
export const sentToGroup = (item: InboxItem) => item.recipients.some(isGroup);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 'RE: ' before the subject, once (a reply to a reply is not 'RE: RE: '). */
export function replySubject(subject: string, prefix: string): string {
  return subject.toLowerCase().startsWith(prefix.trim().toLowerCase()) ? subject : `${prefix}${subject}`;
}

/**
 * A reply (spec part 3 section 4): the subject prefixed 'RE: ', an empty paragraph to write in,
 * then the quoted original under a line naming its date and sender; recipients the sender, and for
 * Reply All the other recipients too, without the person replying (nor anyone twice).
 */
export function replyDraft(item: InboxItem, all: boolean, me: number, o: { prefix: string; header: string }): ComposeDraft {
  const people = [...(item.from ? [item.from] : []), ...(all ? item.recipients : [])];
  const seen = new Set<string>();
  const recipients = people.filter((p) => {
    const key = String(p.id);
    if (key === String(me) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    reply: true,
    recipients,
    subject: replySubject(item.subject, o.prefix),
    body: `<p></p><p>${escapeHtml(o.header)}</p>${item.body}`,
  };
}
