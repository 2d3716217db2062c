import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { writeAudit } from '../data/audit.js';
import { loadIdentity, type UserRow } from '../domain/identity.js';
import { activeRoleOf, heldRoles } from '../domain/roles/held-roles.js';
import { AppError, invalid } from '../errors.js';
import { signToken, TOKEN_LIFETIME_SECONDS, TOKEN_REFRESH_SECONDS } from '../plugins/auth.js';
import { RoleSwitchAnswer } from './account-schemas.js';
import { answers } from './answer-schemas.js';

const tags = ['roles'];

const SwitchBody = Type.Object({ role: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

/**
 * POST /api/userorganizationroles/roleswitch: a new active role, remembered, with a new token and
 * the active role's organizations (every organization-level screen follows them).
 */
export const organizationRoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  app.post('/userorganizationroles/roleswitch', { schema: { tags, summary: 'Switch the active role: a new session token', body: SwitchBody, response: answers({ 200: RoleSwitchAnswer }) } }, async (request) => {
    const caller = request.caller.user;
    const { role } = request.body;
    const user = (await db.knex('users').where({ id: caller.id }).first()) as UserRow | undefined;
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    const identity = await loadIdentity(db.knex, app.ctx.registries, user);
    if (!identity.roles.includes(role)) throw invalid(`You do not hold the role ${role}.`, { role: 'Not one of your roles.' });
    await db.knex.transaction(async (trx) => {
      await trx('users').where({ id: user.id }).update({ active_role: role });
      await writeAudit(trx, { userId: user.id, action: 'auth.role-switch', entityTypeId: 1, entityId: user.id, detail: { from: identity.activeRole, to: role } });
    });
    const payload = { ...identity, activeRole: role };
    const active = activeRoleOf(await heldRoles(db.knex, user.id), role);
    return { ...active, jwt: JSON.stringify({ id: user.id, auth_token: signToken(app, payload), expires_in: TOKEN_LIFETIME_SECONDS, refresh_at: TOKEN_REFRESH_SECONDS }) };
  });
};
