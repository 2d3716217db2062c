import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forgotPassword, resetPassword } from '../domain/accounts/password-reset.js';
import { ForgotBody, ResetAnswer, ResetBody, toUserId } from './account-schemas.js';
import { answers, MessageAnswer } from './answer-schemas.js';

const tags = ['registration'];

/** Forgot / set password by an e-mailed link (spec part 1 sections 4, 7 and 8). */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/accounts/forgotpassword', { schema: { tags, summary: 'E-mail a link to set a new password', security: [], body: ForgotBody, response: answers({ 200: MessageAnswer }) } }, async (request) => forgotPassword(ctx, request.body.email));

  app.post('/accounts/resetpassword', { schema: { tags, summary: 'Set a new password from the e-mailed link', security: [], body: ResetBody, response: answers({ 200: ResetAnswer }) } }, async (request) => {
    const b = request.body;
    return resetPassword(ctx, { userId: toUserId(b.userId), code: b.code, password: b.password, confirmPassword: b.confirmPassword });
  });
};
