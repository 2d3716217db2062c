import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { clearFailures, setPassword, userById, userByName } from '../../data/user-store.js';
import { textError } from '../../errors.js';
import { auditSubject } from '../audit-subject.js';
import { hashPassword } from '../passwords.js';
import { endSessions } from '../sessions/session-generation.js';
import { activeLock } from '../sessions/sign-in-lock.js';
import { checkCode, claimCode, spendCodes } from './account-codes.js';
import { EMAIL_PATTERN, invalidInput, passwordProblem, text } from './account-rules.js';
import { sendPasswordReset } from './confirmation-mail.js';

/**
 * POST /accounts/forgotpassword: always the same answer; an existing (non API-only) account gets
 * a set-password link by e-mail, written to the outbox with its audit row.
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<{ message: string }> {
  const address = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(address)) throw invalidInput({ email: text(ctx.registry, 'email.invalid', { email: email.trim() }) });
  const user = await userByName(ctx.db.knex, address);
  if (user && !user.api_only) {
    await ctx.db.knex.transaction(async (trx) => {
      await sendPasswordReset(trx, ctx, user);
      await writeAudit(trx, { userId: user.id, action: 'account.password-reset-requested', ...auditSubject(ctx.registry, 'User', user.id) });
    });
  }
  return { message: text(ctx.registry, 'password.forgotSent') };
}

export interface ResetInput { userId: number | null; code: string; password: string; confirmPassword?: string }

/**
 * POST /accounts/resetpassword: a valid, unused code sets the password (tenant rules apply),
 * spends every reset code of the account and confirms it (the link proved the mailbox).
 */
export async function resetPassword(ctx: AppContext, r: ResetInput): Promise<{ message: string; email: string }> {
  const bad = () => textError('invalid', 'password.invalidToken', 'Invalid token.', 'code');
  if (!r.userId || !r.code) throw bad();
  const user = await userById(ctx.db.knex, r.userId);
  if (!user) throw bad();
  const check = await checkCode(ctx.db.knex, user.id, 'reset', r.code);
  if (check.state !== 'valid' || !check.id) throw bad();
  const problem = passwordProblem(ctx.registry, r.password);
  if (problem) throw invalidInput({ password: problem });
  if (r.confirmPassword !== undefined && r.confirmPassword !== r.password) throw invalidInput({ confirmPassword: text(ctx.registry, 'register.passwordsDiffer') });
  const passwordHash = await hashPassword(r.password);
  await ctx.db.knex.transaction(async (trx) => {
    if (!(await claimCode(trx, check.id!))) throw bad();
    await setPassword(trx, user.id, passwordHash, user.id, true);
    await spendCodes(trx, user.id, 'reset');
    // the mailbox is proven: an automatic lock is lifted (the administrator's lock stays)
    const liftedLock = activeLock(user)?.kind === 'automatic';
    await clearFailures(trx, user.id);
    await writeAudit(trx, { userId: user.id, action: 'account.password-reset', ...auditSubject(ctx.registry, 'User', user.id), detail: { confirmedNow: !user.confirmed, liftedAutomaticLock: liftedLock } });
    await endSessions(trx, ctx, user.id, 'password-reset', user.id);
  });
  return { message: text(ctx.registry, 'password.resetDone'), email: user.email };
}
