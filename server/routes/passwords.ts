import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { forgotPassword, resetPassword } from '../domain/accounts/password-reset.js';
import { ForgotBody, ResetBody, toUserId } from './account-schemas.js';

/** Forgot / set password by an e-mailed link (spec part 1 sections 4, 7 and 8). */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post('/accounts/forgotpassword', { schema: { body: ForgotBody } }, async (request) => forgotPassword(ctx, (request.body as Static<typeof ForgotBody>).email));

  app.post('/accounts/resetpassword', { schema: { body: ResetBody } }, async (request) => {
    const b = request.body as Static<typeof ResetBody>;
    return resetPassword(ctx, { userId: toUserId(b.userId), code: b.code, password: b.password, confirmPassword: b.confirmPassword });
  });
}
