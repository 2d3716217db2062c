import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../domain/identity.js';
import { AppError } from '../errors.js';
import { requireUser } from '../plugins/auth.js';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  /** The caller's profile (spec part 1 section 3: firstName, lastName, userName, registryId, id). */
  app.get('/accounts', async (request) => {
    const caller = await requireUser(request);
    const user = (await app.ctx.db.knex('users').where({ id: caller.id }).first()) as UserRow | undefined;
    if (!user) throw new AppError('unauthorized', 'Unauthorized');
    return { id: user.id, firstName: user.first_name, lastName: user.last_name, userName: user.user_name, email: user.email, registryId: user.registry_id };
  });
}
