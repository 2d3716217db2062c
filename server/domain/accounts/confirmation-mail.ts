import type { Knex } from 'knex';
import type { AppContext } from '../../app-context.js';
import { queueMail } from '../../mail/outbox.js';
import type { UserRow } from '../identity.js';
import { issueCode, spendCodes } from './account-codes.js';

type MailContext = Pick<AppContext, 'config' | 'registry'>;

export const siteUrl = (ctx: MailContext) => ctx.config.publicUrl.replace(/\/+$/, '');

/** Spends older confirmation codes, issues a new one and writes the confirmation e-mail to the outbox. */
export async function sendConfirmation(trx: Knex.Transaction, ctx: MailContext, user: UserRow): Promise<void> {
  await spendCodes(trx, user.id, 'confirm');
  const code = await issueCode(trx, user.id, 'confirm');
  const link = `${siteUrl(ctx)}/login?confirm=true&userId=${user.id}&code=${encodeURIComponent(code)}`;
  await queueMail(trx, { to: user.email, template: 'confirm-account', data: { firstName: user.first_name, registryId: user.registry_id, link } }, ctx);
}

/** Issues a reset code and writes the set-password e-mail to the outbox. */
export async function sendPasswordReset(trx: Knex.Transaction, ctx: MailContext, user: UserRow): Promise<void> {
  const code = await issueCode(trx, user.id, 'reset');
  const link = `${siteUrl(ctx)}/forgot-password?reset=true&userId=${user.id}&code=${encodeURIComponent(code)}`;
  await queueMail(trx, { to: user.email, template: 'reset-password', data: { firstName: user.first_name, link, validFor: '2 hours' } }, ctx);
}
