import type { Knex } from 'knex';
import { roleWithDuty } from '../../../engine/access/role-duties.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { addressHoldsRoleAt } from '../../data/held-role-store.js';
import { organizationName } from '../../data/organization-store.js';
import { referralsMadeSince, referredSince } from '../../data/referral-store.js';
import { fullName } from '../../data/user-store.js';
import { textError } from '../../errors.js';
import { queueMail } from '../../mail/outbox.js';
import { siteUrl } from '../accounts/confirmation-mail.js';
import { auditSubject } from '../audit-subject.js';

/** The referral table (entity 17 Referral, form 16): found by its table, as attestations are. */
export { REFERRAL_TABLE } from '../../data/referral-store.js';
/** A second referral of the same e-mail address to the same organization within this many days is refused. */
export const REFERRAL_REPEAT_DAYS = 7;
/** The most referrals one person sends in 24 hours. */
export const REFERRALS_PER_DAY = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The registration link of the invitation: /login/register prefilled with email, fname and lname. */
export function referralLink(ctx: Pick<AppContext, 'config' | 'registry'>, r: { email: string; firstName: string; lastName: string }): string {
  const q = new URLSearchParams({ email: r.email, fname: r.firstName, lname: r.lastName });
  return `${siteUrl(ctx)}/login/register?${q.toString()}`;
}

/**
 * After a referral (form 16) is stored, in the same transaction: refuse a person who already holds
 * the staff role there, a repeat within REFERRAL_REPEAT_DAYS and more than REFERRALS_PER_DAY a day
 * (each throws, so nothing is kept), then write an audit row and the invitation e-mail to the outbox.
 */
export async function referralCreated(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, id: number, fields: Record<string, unknown>): Promise<void> {
  const organizationId = Number(fields.organizationId);
  const email = String(fields.email ?? '').trim();
  const firstName = String(fields.firstName ?? '').trim();
  const lastName = String(fields.lastName ?? '').trim();
  const staffRole = roleWithDuty(ctx.registry.roles, 'staff');
  if (staffRole !== undefined && await addressHoldsRoleAt(trx, organizationId, staffRole, email)) throw textError('conflict', 'referral.alreadyStaff', 'This person already holds the staff role at this organization.', 'email');
  const now = Date.now();
  if (await referredSince(trx, organizationId, email, id, new Date(now - REFERRAL_REPEAT_DAYS * DAY_MS).toISOString())) throw textError('conflict', 'referral.duplicate', 'This person was already referred to this organization in the last 7 days.', 'email');
  if (await referralsMadeSince(trx, context.user.id, new Date(now - DAY_MS).toISOString()) > REFERRALS_PER_DAY) {
    throw textError('too-many', 'referral.tooMany', 'You have sent the most referrals allowed for one day. Please try again tomorrow.');
  }
  const org = await organizationName(trx, organizationId);
  const director = await fullName(trx, context.user.id);
  const link = referralLink(ctx, { email, firstName, lastName });
  const mailId = await queueMail(trx, {
    to: email, template: 'staff-referral',
    data: { firstName, organizationName: org ?? '', directorName: director ?? '', link },
  }, ctx);
  await writeAudit(trx, { userId: context.user.id, action: 'referral.invite', ...auditSubject(ctx.registry, 'Referral', id), detail: { organizationId, outboxId: mailId } });
}
