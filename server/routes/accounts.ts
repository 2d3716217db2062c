import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { UserRow } from '../domain/identity.js';
import { AppError } from '../errors.js';
import { requireUser } from '../plugins/auth.js';
import { answers } from './answer-schemas.js';
import { ProfileAnswer } from './account-schemas.js';

const tags = ['accounts'];

interface RoleRow { role: string; organization_id: number | null; organization_name: string | null }

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  /**
   * The caller's profile (spec part 1 section 3: firstName, lastName, userName, registryId, id) and
   * the roles they hold with their organizations, for the role switcher.
   */
  app.get('/accounts', { schema: { tags, summary: 'The caller: profile and roles with their organizations', 'x-no-input': true, response: answers({ 200: ProfileAnswer }) } }, async (request) => {
    const caller = await requireUser(request);
    const user = (await db.knex('users').where({ id: caller.id }).first()) as UserRow | undefined;
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    const rows = (await db.knex('user_roles').leftJoin('organizations', 'organizations.id', 'user_roles.organization_id')
      .where({ 'user_roles.user_id': user.id, 'user_roles.active': true }).orderBy('user_roles.id')
      .select('user_roles.role', 'user_roles.organization_id', 'organizations.organization_name')) as RoleRow[];
    const roles = new Map<string, { roleName: string; organizations: { organizationId: number; organizationName: string }[] }>();
    for (const r of rows) {
      const entry = roles.get(r.role) ?? { roleName: r.role, organizations: [] };
      if (r.organization_id !== null) entry.organizations.push({ organizationId: r.organization_id, organizationName: r.organization_name ?? '' });
      roles.set(r.role, entry);
    }
    return {
      id: user.id, firstName: user.first_name, lastName: user.last_name, userName: user.user_name, email: user.email,
      registryId: user.registry_id, firstTime: Boolean(user.first_time), roles: [...roles.values()],
    };
  });
};
