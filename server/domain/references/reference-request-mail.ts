import type { Knex } from 'knex';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { referenceRequestsSince, setRequestLink } from '../../data/reference-request-store.js';
import { fullName } from '../../data/user-store.js';
import { textError } from '../../errors.js';
import { queueMail } from '../../mail/outbox.js';
import { hashCode, newCode } from '../accounts/account-codes.js';
import { siteUrl } from '../accounts/confirmation-mail.js';
import { auditSubject } from '../audit-subject.js';

export { REFERENCE_REQUEST_TABLE } from '../../data/reference-request-store.js';

/** A referee's link works this many days. */
export const REFERENCE_LINK_DAYS = 14;
/** The most reference requests one person sends in 24 hours. */
export const REFERENCE_REQUESTS_PER_DAY = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The referee's one-time link: the public page /reference-answer with the request and its code. */
export function referenceLink(ctx: Pick<AppContext, 'config' | 'registry'>, requestId: number, code: string): string {
  return `${siteUrl(ctx)}/reference-answer?request=${requestId}&code=${encodeURIComponent(code)}`;
}

/**
 * After a reference request (form 34) is stored, in the same transaction: refuse more than
 * REFERENCE_REQUESTS_PER_DAY a day, then issue the link's one-time code (only its hash is stored,
 * valid REFERENCE_LINK_DAYS days), write the e-mail to the referee to the outbox and an audit row.
 */
export async function referenceRequested(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, id: number, fields: Record<string, unknown>): Promise<void> {
  const now = Date.now();
  if (await referenceRequestsSince(trx, context.user.id, new Date(now - DAY_MS).toISOString()) > REFERENCE_REQUESTS_PER_DAY) {
    throw textError('too-many', 'reference.requestsPerDay', 'You have sent the most reference requests allowed for one day. Please try again tomorrow.');
  }
  const code = newCode();
  const expiresAt = new Date(now + REFERENCE_LINK_DAYS * DAY_MS).toISOString();
  await setRequestLink(trx, id, hashCode(code), expiresAt);
  const name = (await fullName(trx, context.user.id)) ?? '';
  const message = typeof fields.message === 'string' ? fields.message.trim() : '';
  const mailId = await queueMail(trx, {
    to: String(fields.refereeEmail ?? '').trim(), template: 'reference-request',
    data: { refereeName: String(fields.refereeName ?? '').trim(), name, message: message ? `Their message to you: "${message}"` : '', link: referenceLink(ctx, id, code), validDays: String(REFERENCE_LINK_DAYS) },
  }, ctx);
  await writeAudit(trx, { userId: context.user.id, action: 'referenceRequest.request', ...auditSubject(ctx.registry, 'ReferenceRequest', id), detail: { outboxId: mailId, expiresAt } });
}
