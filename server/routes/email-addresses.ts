import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { changeEmail, secondaryEmailOf } from '../domain/accounts/email-change.js';
import { confirmSecondaryEmail } from '../domain/accounts/secondary-email.js';
import { requireUser } from '../plugins/auth.js';
import { ConfirmSecondaryQuery, EmailChangeBody, SecondaryEmailQuery, toUserId } from './account-schemas.js';

/** Primary and secondary e-mail addresses (spec part 1 section 7, part 2 sections 5 and 8). */
export async function emailAddressRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/accounts/secondaryemail', { schema: { querystring: SecondaryEmailQuery } }, async (request) => {
    const caller = await requireUser(request);
    return secondaryEmailOf(ctx, caller, toUserId((request.query as Static<typeof SecondaryEmailQuery>).userId));
  });

  app.post('/accounts/emailchange', { schema: { body: EmailChangeBody } }, async (request) => {
    const caller = await requireUser(request);
    return changeEmail(ctx, caller, request.body as Static<typeof EmailChangeBody>);
  });

  app.get('/accounts/confirmSecondaryEmail', { schema: { querystring: ConfirmSecondaryQuery } }, async (request) => confirmSecondaryEmail(ctx, (request.query as Static<typeof ConfirmSecondaryQuery>).q));
}
