import type { FastifyInstance } from 'fastify';
import { callerContext } from '../app-context.js';
import { completeFirstProfile, notifyProfileSaved } from '../domain/accounts/first-profile.js';
import { UserIdBody } from './account-schemas.js';

/**
 * The calls after a profile save (spec part 1 section 4: "notify and seed calls are made"):
 * POST /api/accounts/notify sends the welcome e-mail once; POST /api/accounts/seed ends the
 * first-time state once the personal profile is complete. Both only for the caller themself.
 */
export async function firstProfileRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.post('/accounts/notify', { schema: { body: UserIdBody } }, async (request) => {
    const context = await callerContext(request);
    return notifyProfileSaved(ctx, context, Number((request.body as { userId: number | string }).userId));
  });
  app.post('/accounts/seed', { schema: { body: UserIdBody } }, async (request) => {
    const context = await callerContext(request);
    return completeFirstProfile(ctx, context, Number((request.body as { userId: number | string }).userId));
  });
}
