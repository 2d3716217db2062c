import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { confirmUser, userById, userByName } from '../../data/user-store.js';
import { conflict, invalid, notFound, textError } from '../../errors.js';
import { auditSubject } from '../audit-subject.js';
import { verifyPassword } from '../passwords.js';
import { checkCode, claimCode, issueCode, spendCodes } from './account-codes.js';
import { text } from './account-rules.js';
import { sendConfirmation } from './confirmation-mail.js';
import { activeLock, countFailedPassword, lockedError } from '../sessions/sign-in-lock.js';

export interface ConfirmAnswer {
  message: string;
  /** present when the account has no password yet: the browser goes on to set one (reset mode) */
  id?: number;
  email?: string;
  code?: string;
}

const confirmFailed = () => textError('invalid', 'account.confirmFailed', 'Unable to confirm account', 'code');
const linkExpired = () => textError('invalid', 'account.confirmExpired', 'Your confirmation link has expired.', 'code');

/** POST /accounts/confirm: the link of the confirmation e-mail (spec part 1 sections 4 and 8). */
export async function confirmAccount(ctx: AppContext, userId: number | null, code: string): Promise<ConfirmAnswer> {
  if (!userId || !code) throw confirmFailed();
  const user = await userById(ctx.db.knex, userId);
  if (!user) throw linkExpired();
  const check = await checkCode(ctx.db.knex, user.id, 'confirm', code);
  const message = text(ctx.registry, 'account.confirmed');
  if (check.state === 'used' && user.confirmed) return { message }; // the same link opened twice
  if (check.state !== 'valid' || !check.id) throw linkExpired();
  return ctx.db.knex.transaction(async (trx) => {
    if (!(await claimCode(trx, check.id!))) throw linkExpired();
    await confirmUser(trx, user.id, user.id);
    await spendCodes(trx, user.id, 'confirm');
    await writeAudit(trx, { userId: user.id, action: 'account.confirm', ...auditSubject(ctx.registry, 'User', user.id) });
    if (user.password_hash) return { message };
    return { message, id: user.id, email: user.email, code: await issueCode(trx, user.id, 'reset') };
  });
}

/** POST /accounts/sendconfemail: a new confirmation e-mail for the person who knows the password. */
export async function resendBySignIn(ctx: AppContext, userName: string, password: string): Promise<{ message: string }> {
  const { knex } = ctx.db;
  const user = await userByName(knex, userName.trim().toLowerCase());
  const wrong = invalid(text(ctx.registry, 'account.signInIncorrect'), { password: text(ctx.registry, 'account.signInIncorrect') });
  if (!user) {
    await verifyPassword(null, password);
    throw wrong;
  }
  const lock = activeLock(user);
  if (lock) throw lockedError(ctx, lock);
  if (!(await verifyPassword(user.password_hash, password))) {
    const outcome = await countFailedPassword(ctx, user.id, { userId: user.id, action: 'auth.login-failed', detail: { via: 'sendconfemail' } });
    if (!outcome.counted && outcome.lock) throw lockedError(ctx, outcome.lock);
    throw wrong;
  }
  if (user.confirmed) throw conflict(text(ctx.registry, 'account.alreadyConfirmed'));
  await knex.transaction(async (trx) => {
    await sendConfirmation(trx, ctx, user);
    await writeAudit(trx, { userId: user.id, action: 'account.confirm-resent', ...auditSubject(ctx.registry, 'User', user.id), detail: { via: 'sign-in' } });
  });
  return { message: text(ctx.registry, 'account.confirmSent') };
}

/** POST /accounts/resendnotify: a new confirmation e-mail from an expired link (its userId and code). */
export async function resendByLink(ctx: AppContext, userId: number, code: string): Promise<{ message: string }> {
  const user = await userById(ctx.db.knex, userId);
  if (!user) throw confirmFailed();
  const check = await checkCode(ctx.db.knex, user.id, 'confirm', code);
  if (check.state === 'unknown') throw confirmFailed();
  if (user.confirmed) throw conflict(text(ctx.registry, 'account.alreadyConfirmed'));
  if (check.state === 'used') throw confirmFailed(); // a newer link was sent since; only the newest resends
  await ctx.db.knex.transaction(async (trx) => {
    await sendConfirmation(trx, ctx, user);
    await writeAudit(trx, { userId: user.id, action: 'account.confirm-resent', ...auditSubject(ctx.registry, 'User', user.id), detail: { via: 'link' } });
  });
  return { message: text(ctx.registry, 'account.confirmSent') };
}

/** POST /accounts/emailconfirm: a manager confirms an account (the caller's claim is checked by the route). */
export async function confirmByManager(ctx: AppContext, actorId: number, userName: string): Promise<{ id: number; name: string; userName: string; confirmed: true; message: string }> {
  const user = await userByName(ctx.db.knex, userName.trim().toLowerCase());
  if (!user) throw notFound('User');
  const name = `${user.first_name} ${user.last_name}`;
  if (!user.confirmed) {
    await ctx.db.knex.transaction(async (trx) => {
      await confirmUser(trx, user.id, actorId);
      await spendCodes(trx, user.id, 'confirm');
      await writeAudit(trx, { userId: actorId, action: 'account.confirm-by-manager', ...auditSubject(ctx.registry, 'User', user.id) });
    });
  }
  return { id: user.id, name, userName: user.user_name, confirmed: true, message: text(ctx.registry, 'user.confirmed', { name }) };
}
