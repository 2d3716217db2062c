import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { userById } from '../data/user-store.js';
import { heldRoles } from '../domain/roles/held-roles.js';
import { AppError } from '../errors.js';
import { answers } from './answer-schemas.js';
import { ProfileAnswer } from './account-schemas.js';

const tags = ['accounts'];

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  /**
   * The caller's profile (spec part 1 section 3: firstName, lastName, userName, registryId, id) and
   * the roles they hold with their organizations, for the role switcher.
   */
  app.get('/accounts', { schema: { 'x-access': 'signedIn', tags, summary: 'The caller: profile and roles with their organizations', 'x-no-input': true, response: answers({ 200: ProfileAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    const user = await userById(db.knex, caller.id);
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    return {
      id: user.id, firstName: user.first_name, lastName: user.last_name, userName: user.user_name, email: user.email,
      registryId: user.registry_id, firstTime: Boolean(user.first_time), roles: await heldRoles(db.knex, user.id),
    };
  });
};
