import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '../data/audit.js';
import { nowIso } from '../data/clock.js';
import { readConfiguration } from '../domain/configuration.js';
import type { UserRow } from '../domain/identity.js';
import { AppError, forbidden } from '../errors.js';
import { answers } from './answer-schemas.js';
import { TermsAcceptedAnswer, UserIdQuery } from './account-schemas.js';

const tags = ['accounts'];

/**
 * POST /api/accounts/acceptterms?userId= (spec part 1 section 7): the caller accepts the current
 * terms version for themselves only; answers the next route ('profile-personal' for a first-time
 * user, else 'default', which the browser reads as dashboard-main with displayWelcome).
 */
export const termsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  app.post('/accounts/acceptterms', { schema: { tags, summary: 'Accept the current terms', querystring: UserIdQuery, response: answers({ 200: TermsAcceptedAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    const userId = Number(request.query.userId);
    if (userId !== caller.id) throw forbidden();
    return db.knex.transaction(async (trx) => {
      const user = (await trx('users').where({ id: userId }).first()) as UserRow | undefined;
      if (!user) throw new AppError('unauthorized', 'Unauthorized');
      const version = Number(await readConfiguration(trx, app.ctx.registry, config, 'TermsVersion'));
      await trx('users').where({ id: userId }).update({ terms_version: version, updated_at: nowIso(), updated_by: userId });
      await writeAudit(trx, { userId, action: 'terms.accept', entityTypeId: 1, entityId: userId, detail: { termsVersion: version, from: request.ip } });
      return { route: user.first_time ? 'profile-personal' : 'default', termsVersion: version };
    });
  });
};
