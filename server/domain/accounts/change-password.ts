import type { FastifyInstance, FastifyRequest } from 'fastify';
import { followsPasswordRules, MIN_PASSWORD_LENGTH } from '../../../engine/rules/account-rules.js';
import { writeAudit } from '../../data/audit.js';
import { setPassword, userById } from '../../data/user-store.js';
import { AppError, forbidden, invalid, textError } from '../../errors.js';
import type { RuleUser } from '../../../engine/rules/rule-context.js';
import { auditSubject } from '../audit-subject.js';
import { hashPassword, verifyPassword } from '../passwords.js';
import { endSessions } from '../sessions/session-generation.js';
import { countFailedPassword, lockedError } from '../sessions/sign-in-lock.js';
import { text } from './account-rules.js';

export interface ChangePasswordInput { userId: number; currentPassword: string; newPassword: string }

/**
 * POST /api/accounts/changepassword (the caller only). A wrong current password counts toward
 * the sign-in lock. A change ends the person's other sessions; this one goes on with a new token
 * in the `x-auth-token` header (the browser's client takes it, as after a heartbeat).
 */
export async function changePassword(app: FastifyInstance, request: FastifyRequest, caller: Pick<RuleUser, 'id'>, input: ChangePasswordInput): Promise<{ message: string }> {
  const ctx = app.ctx;
  const { userId, currentPassword, newPassword } = input;
  if (userId !== caller.id) throw forbidden();
  if (newPassword.length < MIN_PASSWORD_LENGTH) throw textError('invalid', 'password.tooShort', 'New password must be at least 8 characters long', 'newPassword');
  if (!followsPasswordRules(ctx.registry.tenant, newPassword)) throw textError('invalid', 'password.invalid', 'Password is not valid. See rules above.', 'newPassword');
  const user = await userById(ctx.db.knex, userId);
  if (!user) throw new AppError('unauthorized', 'Unauthorized');
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    const outcome = await countFailedPassword(ctx, userId, { userId, action: 'password.change-failed', detail: { ip: request.ip, outcome: 'wrong-current-password' } });
    if (!outcome.counted && outcome.lock) throw lockedError(ctx, outcome.lock);
    // the lock reached now ended this session too: the answer says so
    if (outcome.counted && outcome.lockedNow) throw new AppError('unauthorized', 'Unauthorized');
    const message = text(ctx.registry, 'security.currentPasswordIncorrect');
    throw invalid(message, { currentPassword: message });
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.knex.transaction(async (trx) => {
    await setPassword(trx, userId, passwordHash, userId);
    await writeAudit(trx, { userId, action: 'password.change', ...auditSubject(ctx.registry, 'User', userId), detail: { ip: request.ip, outcome: 'success' } });
    await endSessions(trx, ctx, userId, 'password-change', userId);
  });
  return { message: 'Password changed successfully' };
}
