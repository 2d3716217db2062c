import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptTerms } from '../domain/accounts/terms-acceptance.js';
import { forbidden } from '../errors.js';
import { answers } from './answer-schemas.js';
import { TermsAcceptedAnswer, UserIdQuery } from './account-schemas.js';

const tags = ['accounts'];

/**
 * POST /api/accounts/acceptterms?userId= (spec part 1 section 7): the caller accepts the current
 * terms version for themselves only; answers the next route ('profile-personal' for a first-time
 * user, else 'default', which the browser reads as dashboard-main with displayWelcome).
 */
export const termsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/accounts/acceptterms', { schema: { 'x-access': 'signedIn', tags, summary: 'Accept the current terms', querystring: UserIdQuery, response: answers({ 200: TermsAcceptedAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    const userId = Number(request.query.userId);
    if (userId !== caller.id) throw forbidden();
    return acceptTerms(app.ctx, userId, request.ip);
  });
};
