import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeEmail, secondaryEmailOf } from '../domain/accounts/email-change.js';
import { confirmSecondaryEmail } from '../domain/accounts/secondary-email.js';
import { ConfirmSecondaryQuery, EmailChangeAnswer, EmailChangeBody, SecondaryConfirmedAnswer, SecondaryEmailAnswer, SecondaryEmailQuery, toUserId } from './account-schemas.js';
import { answers } from './answer-schemas.js';

const tags = ['accounts'];

/** Primary and secondary e-mail addresses (spec part 1 section 7, part 2 sections 5 and 8). */
export const emailAddressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.get('/accounts/secondaryemail', { schema: { 'x-access': 'signedIn', tags, summary: 'A person secondary e-mail address', querystring: SecondaryEmailQuery, response: answers({ 200: SecondaryEmailAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    return secondaryEmailOf(ctx, caller, toUserId(request.query.userId));
  });

  app.post('/accounts/emailchange', { schema: { 'x-access': 'signedIn', tags, summary: 'Change the primary or secondary e-mail address', body: EmailChangeBody, response: answers({ 200: EmailChangeAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    return changeEmail(ctx, caller, request.body);
  });

  app.get('/accounts/confirmSecondaryEmail', { schema: { tags, summary: 'Confirm a secondary e-mail address from the e-mailed link', security: [], querystring: ConfirmSecondaryQuery, response: answers({ 200: SecondaryConfirmedAnswer }) } }, async (request) => confirmSecondaryEmail(ctx, request.query.q));
};
