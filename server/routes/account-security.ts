import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changePassword } from '../domain/accounts/change-password.js';
import { unlockAccount } from '../domain/sessions/sign-in-lock.js';
import { notFound } from '../errors.js';
import { answers, MessageAnswer } from './answer-schemas.js';
import { UnlockAnswer, UserIdQuery } from './account-schemas.js';
import { RowId } from './id-schemas.js';

const tags = ['accounts'];
const ChangeBody = Type.Object({
  userId: RowId,
  currentPassword: Type.String({ minLength: 1, maxLength: 1000 }),
  newPassword: Type.String({ maxLength: 1000 }),
}, { additionalProperties: false });

/** POST /api/accounts/unlock?userId= (User.write.all) and POST /api/accounts/changepassword (the caller only). */
export const accountSecurityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/accounts/unlock', { schema: { 'x-access': 'mayWriteUsers', tags, summary: 'Unlock an account locked by failed sign-ins', querystring: UserIdQuery, response: answers({ 200: UnlockAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    const unlocked = await unlockAccount(app.ctx, caller.id, Number(request.query.userId), request.ip);
    if (!unlocked) throw notFound('User');
    return unlocked;
  });

  app.post('/accounts/changepassword', { schema: { 'x-access': 'signedIn', tags, summary: 'Change the caller password', body: ChangeBody, response: answers({ 200: MessageAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    return changePassword(app, request, caller, request.body);
  });
};
