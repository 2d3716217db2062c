import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../data/audit.js';
import { nowIso } from '../data/clock.js';
import type { UserRow } from '../domain/identity.js';
import { hashPassword, verifyPassword } from '../domain/passwords.js';
import { followsPasswordRules, MIN_PASSWORD_LENGTH } from '../../engine/rules/account-rules.js';
import { AppError, forbidden, invalid, notFound, textError } from '../errors.js';
import { requireUser } from '../plugins/auth.js';

const UnlockQuery = Type.Object({ userId: Type.String({ pattern: '^[0-9]{1,10}$' }) }, { additionalProperties: false });
const ChangeBody = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  currentPassword: Type.String({ minLength: 1, maxLength: 1000 }),
  newPassword: Type.String({ maxLength: 1000 }),
}, { additionalProperties: false });

/** POST /api/accounts/unlock?userId= (User.write.all) and POST /api/accounts/changepassword (the caller only). */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const { db, registry } = app.ctx;

  app.post('/accounts/unlock', { schema: { querystring: UnlockQuery } }, async (request) => {
    const caller = await requireUser(request);
    if (!caller.claims.includes('User.write.all')) throw forbidden();
    const userId = Number((request.query as { userId: string }).userId);
    return db.knex.transaction(async (trx) => {
      const user = (await trx('users').where({ id: userId }).first()) as UserRow | undefined;
      if (!user) throw notFound('User');
      await trx('users').where({ id: userId }).update({ locked: false, failed_logins: 0, updated_at: nowIso(), updated_by: caller.id });
      await writeAudit(trx, { userId: caller.id, action: 'auth.unlock', entityTypeId: 1, entityId: userId, detail: { ip: request.ip, wasLocked: Boolean(user.locked), failedLogins: user.failed_logins } });
      return { id: userId, locked: false };
    });
  });

  app.post('/accounts/changepassword', { schema: { body: ChangeBody } }, async (request) => {
    const caller = await requireUser(request);
    const { userId, currentPassword, newPassword } = request.body as { userId: number; currentPassword: string; newPassword: string };
    if (userId !== caller.id) throw forbidden();
    if (newPassword.length < MIN_PASSWORD_LENGTH) throw textError('invalid', 'password.tooShort', 'New password must be at least 8 characters long', 'newPassword');
    if (!followsPasswordRules(registry.tenant, newPassword)) throw textError('invalid', 'password.invalid', 'Password is not valid. See rules above.', 'newPassword');
    const user = (await db.knex('users').where({ id: userId }).first()) as UserRow | undefined;
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      await writeAudit(db.knex, { userId, action: 'password.change-failed', entityTypeId: 1, entityId: userId, detail: { ip: request.ip, outcome: 'wrong-current-password' } });
      throw invalid('The current password is incorrect.', { currentPassword: 'The current password is incorrect.' });
    }
    const passwordHash = await hashPassword(newPassword);
    await db.knex.transaction(async (trx) => {
      await trx('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: nowIso(), updated_by: userId });
      await writeAudit(trx, { userId, action: 'password.change', entityTypeId: 1, entityId: userId, detail: { ip: request.ip, outcome: 'success' } });
    });
    return { message: 'Password changed successfully' };
  });
}
