import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { confirmAccount, confirmByManager, resendByLink, resendBySignIn } from '../domain/accounts/confirmation.js';
import { registerAccount } from '../domain/accounts/registration.js';
import { ConfirmAnswer, ConfirmBody, LinkBody, ManagerConfirmAnswer, RegisterBody, SignInBody, toUserId, UserNameBody } from './account-schemas.js';
import { answers, MessageAnswer } from './answer-schemas.js';

const tags = ['registration'];

/** Registration and account confirmation (spec part 1 sections 4, 5, 7 and 8). */
export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/accounts', { schema: { tags, summary: 'Register an account (a confirmation e-mail follows)', security: [], body: RegisterBody, response: answers({ 200: MessageAnswer }) } }, async (request) => {
    const b = request.body;
    return registerAccount(ctx, { ...b, termsAccepted: b.termsAccepted === true });
  });

  app.post('/accounts/confirm', { schema: { tags, summary: 'Confirm an account from the e-mailed link', security: [], body: ConfirmBody, response: answers({ 200: ConfirmAnswer }) } }, async (request) => {
    const b = request.body;
    return confirmAccount(ctx, toUserId(b.userId), b.code ?? '');
  });

  app.post('/accounts/sendconfemail', { schema: { tags, summary: 'Send the confirmation e-mail again (by sign-in)', security: [], body: SignInBody, response: answers({ 200: MessageAnswer }) } }, async (request) => {
    const b = request.body;
    return resendBySignIn(ctx, b.userName, b.password);
  });

  app.post('/accounts/resendnotify', { schema: { tags, summary: 'Send the confirmation e-mail again (by link)', security: [], body: LinkBody, response: answers({ 200: MessageAnswer }) } }, async (request) => {
    const b = request.body;
    return resendByLink(ctx, toUserId(b.userId) ?? 0, b.code);
  });

  app.post('/accounts/emailconfirm', { schema: { 'x-access': 'mayWriteUsers', tags, summary: 'Confirm an account for its owner (user managers)', body: UserNameBody, response: answers({ 200: ManagerConfirmAnswer }) } }, async (request) => {
    return confirmByManager(ctx, request.caller.user.id, request.body.userName);
  });
};
