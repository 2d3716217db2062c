import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { changePassword, type ChangePasswordInput } from '../domain/accounts/change-password.js';
import { unlockAccount } from '../domain/sessions/sign-in-lock.js';
import { forbidden, notFound } from '../errors.js';
import { requireUser } from '../plugins/auth.js';

const UnlockQuery = Type.Object({ userId: Type.String({ pattern: '^[0-9]{1,10}$' }) }, { additionalProperties: false });
const ChangeBody = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  currentPassword: Type.String({ minLength: 1, maxLength: 1000 }),
  newPassword: Type.String({ maxLength: 1000 }),
}, { additionalProperties: false });

/** POST /api/accounts/unlock?userId= (User.write.all) and POST /api/accounts/changepassword (the caller only). */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  app.post('/accounts/unlock', { schema: { querystring: UnlockQuery } }, async (request) => {
    const caller = await requireUser(request);
    if (!caller.claims.includes('User.write.all')) throw forbidden();
    const userId = Number((request.query as { userId: string }).userId);
    const unlocked = await unlockAccount(app.ctx, caller.id, userId, request.ip);
    if (!unlocked) throw notFound('User');
    return unlocked;
  });

  app.post('/accounts/changepassword', { schema: { body: ChangeBody } }, async (request) => {
    const caller = await requireUser(request);
    return changePassword(app, request, caller, request.body as ChangePasswordInput);
  });
}
