import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { confirmAccount, confirmByManager, resendByLink, resendBySignIn } from '../domain/accounts/confirmation.js';
import { registerAccount } from '../domain/accounts/registration.js';
import { forbidden } from '../errors.js';
import { requireUser } from '../plugins/auth.js';
import { ConfirmBody, LinkBody, RegisterBody, SignInBody, toUserId, UserNameBody } from './account-schemas.js';

/** Registration and account confirmation (spec part 1 sections 4, 5, 7 and 8). */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post('/accounts', { schema: { body: RegisterBody } }, async (request) => {
    const b = request.body as Static<typeof RegisterBody>;
    return registerAccount(ctx, { ...b, termsAccepted: b.termsAccepted === true });
  });

  app.post('/accounts/confirm', { schema: { body: ConfirmBody } }, async (request) => {
    const b = request.body as Static<typeof ConfirmBody>;
    return confirmAccount(ctx, toUserId(b.userId), b.code ?? '');
  });

  app.post('/accounts/sendconfemail', { schema: { body: SignInBody } }, async (request) => {
    const b = request.body as Static<typeof SignInBody>;
    return resendBySignIn(ctx, b.userName, b.password);
  });

  app.post('/accounts/resendnotify', { schema: { body: LinkBody } }, async (request) => {
    const b = request.body as Static<typeof LinkBody>;
    return resendByLink(ctx, toUserId(b.userId) ?? 0, b.code);
  });

  app.post('/accounts/emailconfirm', { schema: { body: UserNameBody } }, async (request) => {
    const caller = await requireUser(request);
    if (!caller.claims.includes('User.write.all')) throw forbidden();
    return confirmByManager(ctx, caller.id, (request.body as Static<typeof UserNameBody>).userName);
  });
}
