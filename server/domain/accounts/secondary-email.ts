import type { Knex } from 'knex';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { confirmSecondaryAddress, userById, type UserRow } from '../../data/user-store.js';
import { textError } from '../../errors.js';
import { queueMail } from '../../mail/outbox.js';
import { auditSubject } from '../audit-subject.js';
import { checkCode, claimCode, issueCode, spendCodes } from './account-codes.js';
import { text } from './account-rules.js';
import { siteUrl } from './confirmation-mail.js';

type MailContext = Pick<AppContext, 'config' | 'registry'>;
type PendingUser = Pick<UserRow, 'id' | 'first_name' | 'pending_secondary_email'>;

/** The link's token `q`: the user id and the one-time code, so the link alone names the account. */
export const secondaryToken = (userId: number, code: string) => `${userId}.${code}`;

export async function spendSecondaryCodes(trx: Knex.Transaction, userId: number): Promise<void> {
  await spendCodes(trx, userId, 'secondary');
}

/** Spends older links and mails a new confirmation link to the pending secondary address (only to it). */
export async function sendSecondaryConfirmation(trx: Knex.Transaction, ctx: MailContext, user: PendingUser): Promise<void> {
  const address = user.pending_secondary_email;
  if (!address) return;
  await spendSecondaryCodes(trx, user.id);
  const code = await issueCode(trx, user.id, 'secondary');
  const link = `${siteUrl(ctx)}/login?confirmSecondaryEmail=true&q=${encodeURIComponent(secondaryToken(user.id, code))}`;
  await queueMail(trx, { to: address, template: 'confirm-secondary-email', data: { firstName: user.first_name, secondaryEmail: address, link, validFor: '24 hours' } }, ctx);
}

/**
 * GET /accounts/confirmSecondaryEmail?q=: the token is the proof (no sign-in); a valid, unused
 * code moves the pending address into secondary_email. Expired, used or unknown links get a 400.
 */
export async function confirmSecondaryEmail(ctx: AppContext, q: string): Promise<{ message: string; secondaryEmail: string }> {
  const bad = () => textError('invalid', 'email.secondaryLinkInvalid', 'This secondary email confirmation link is not valid or has already been used.', 'q');
  const match = /^([0-9]{1,12})\.([A-Za-z0-9_-]{1,100})$/.exec(q.trim());
  if (!match) throw bad();
  const userId = Number(match[1]);
  const user = await userById(ctx.db.knex, userId);
  if (!user) throw bad();
  const check = await checkCode(ctx.db.knex, userId, 'secondary', match[2]!);
  if (check.state === 'expired') throw textError('invalid', 'email.secondaryLinkExpired', 'Your secondary email confirmation link has expired.', 'q');
  if (check.state !== 'valid' || !check.id || !user.pending_secondary_email) throw bad();
  const address = user.pending_secondary_email;
  await ctx.db.knex.transaction(async (trx) => {
    if (!(await claimCode(trx, check.id!))) throw bad();
    await confirmSecondaryAddress(trx, userId, address);
    await writeAudit(trx, { userId, action: 'account.secondary-email-confirm', ...auditSubject(ctx.registry, 'User', userId), detail: { secondaryEmail: address } });
  });
  return { message: text(ctx.registry, 'email.secondaryConfirmed', { email: address }), secondaryEmail: address };
}
