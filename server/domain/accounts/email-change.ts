import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { addressTaken, setAddresses, userById, userByName, type UserRow } from '../../data/user-store.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import type { RuleUser } from '../../../engine/rules/rule-context.js';
import { queueMail } from '../../mail/outbox.js';
import { auditSubject } from '../audit-subject.js';
import { checkEmailChange, normalEmail } from '../../../engine/forms/email-address.js';
import { text } from './account-rules.js';
import { sendSecondaryConfirmation, spendSecondaryCodes } from './secondary-email.js';
import { isUniqueViolation } from '../../data/unique-violation.js';
import { ruleContextFor } from '../../app-context.js';
import { lockPerson, requireManagedPerson } from '../roles/managed-person.js';

export interface EmailChangeInput {
  email?: string | null;
  secondaryEmail?: string | null;
  userName: string;
  fullName?: string | null;
}

export interface EmailChangeResult {
  message: string;
  userName: string;
  email: string;
  secondaryEmail: string | null;
  pendingSecondaryEmail: string | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) => normalEmail(a) === normalEmail(b);
export const canManageUsers = (caller: RuleUser) => caller.claims.includes('User.write.all');

/**
 * The person whose addresses change: the caller themself, or, for a holder of User.write.all, a
 * person the caller manages under the level check of User Access Permissions (`managesUserAccess`):
 * a manager (400) changes no 400, 500 or AdminUser address, a 500 no 500 or AdminUser address.
 */
async function targetUser(ctx: AppContext, caller: RuleUser, userName: string): Promise<UserRow> {
  const user = await userByName(ctx.db.knex, normalEmail(userName));
  if (user && user.id === caller.id) return user;
  if (!canManageUsers(caller)) throw forbidden();
  if (!user) throw notFound('User');
  await requireManagedPerson(ctx, ctx.db.knex, ruleContextFor(ctx, caller), user.id);
  return user;
}

/** The spec's checks in its order (engine/forms/email-address, the same the browser runs); '' is "no change". */
function checkInput(ctx: AppContext, user: UserRow, input: EmailChangeInput): { primary: string; secondary: string } {
  const check = checkEmailChange({ email: user.email, secondaryEmail: user.secondary_email }, input);
  if (check.ok) return { primary: check.email, secondary: check.secondaryEmail };
  const message = text(ctx.registry, check.messageKey, check.params);
  if (!check.field) throw invalid(message, {});
  throw invalid(message, { [check.field]: check.titleKey ? text(ctx.registry, check.titleKey) : message });
}

/**
 * POST /accounts/emailchange: a new primary address takes effect at once and becomes the user name
 * (sign-in uses it); a new secondary address waits for its confirmation link. The person is told at
 * the old and the new primary address; mail, audit and change share one transaction.
 */
export async function changeEmail(ctx: AppContext, caller: RuleUser, input: EmailChangeInput): Promise<EmailChangeResult> {
  const user = await targetUser(ctx, caller, input.userName);
  const { primary, secondary } = checkInput(ctx, user, input);
  const result = await ctx.db.knex.transaction(async (trx) => {
    if (user.id !== caller.id) {
      // again under the person's lock: a role granted to them meanwhile may have lifted them above the caller
      await lockPerson(ctx, trx, user.id);
      await requireManagedPerson(ctx, trx, ruleContextFor(ctx, caller), user.id);
    }
    if (primary) {
      if (await addressTaken(trx, primary, user.id)) throw conflict(text(ctx.registry, 'email.inUse', { email: primary }));
    }
    const email = primary || user.email;
    const pending = secondary || (same(user.pending_secondary_email, email) ? null : user.pending_secondary_email);
    try {
      await setAddresses(trx, user.id, { email: primary ? email : null, pendingSecondaryEmail: pending }, caller.id);
    } catch (error) {
      // a concurrent change took the address between the check and the update (unique user_name)
      if (isUniqueViolation(error)) throw conflict(text(ctx.registry, 'email.inUse', { email }));
      throw error;
    }
    if (secondary) await sendSecondaryConfirmation(trx, ctx, { id: user.id, first_name: user.first_name, pending_secondary_email: secondary });
    else if (!pending) await spendSecondaryCodes(trx, user.id);
    const data = {
      firstName: user.first_name, email, oldEmail: user.email,
      secondaryEmail: user.secondary_email ?? 'none',
      pendingSecondary: secondary ? `${secondary} (waiting for confirmation)` : 'unchanged',
      changedBy: caller.id === user.id ? 'you' : 'an administrator',
    };
    const recipients = primary ? [user.email, email] : [user.email];
    for (const to of recipients) await queueMail(trx, { to, template: 'email-changed', data }, ctx);
    await writeAudit(trx, {
      userId: caller.id, action: 'account.email-change', ...auditSubject(ctx.registry, 'User', user.id),
      detail: { oldEmail: user.email, newEmail: primary || null, pendingSecondaryEmail: secondary || null, byAdministrator: caller.id !== user.id },
    });
    return { userName: email, email, secondaryEmail: user.secondary_email, pendingSecondaryEmail: pending };
  });
  return { message: text(ctx.registry, 'email.changed'), ...result };
}

/** GET /accounts/secondaryemail: the person themself, or holders of User.read.all / User.write.all. */
export async function secondaryEmailOf(ctx: AppContext, caller: RuleUser, userId: number | null): Promise<{ userId: number; secondaryEmail: string | null; pendingSecondaryEmail: string | null }> {
  const id = userId ?? caller.id;
  const reader = caller.claims.includes('User.read.all') || canManageUsers(caller);
  if (id !== caller.id && !reader) throw forbidden();
  const user = await userById(ctx.db.knex, id);
  if (!user) throw notFound('User');
  return { userId: user.id, secondaryEmail: user.secondary_email, pendingSecondaryEmail: user.pending_secondary_email };
}
