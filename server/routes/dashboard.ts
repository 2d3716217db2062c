import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { workOf } from '../domain/dashboard/work-counts.js';
import { answers } from './answer-schemas.js';

const WorkResponse = Type.Object({
  activeRole: Type.String(),
  items: Type.Array(Type.Object({
    id: Type.String(),
    title: Type.String({ description: 'text key of the heading' }),
    counted: Type.Boolean({ description: 'false: a slot a later release fills' }),
    counts: Type.Array(Type.Object({
      id: Type.String(),
      label: Type.String({ description: 'text key of the link, with {count}' }),
      route: Type.String({ description: 'route id of the screen showing the rows' }),
      query: Type.Optional(Type.Record(Type.String(), Type.String(), { description: "the link's query parameters" })),
      count: Type.Integer({ minimum: 0 }),
      capped: Type.Boolean(),
    }, { additionalProperties: false })),
  }, { additionalProperties: false })),
}, { additionalProperties: false });

/** GET /api/dashboard/work: what waits for the caller in the active role, as counts of rows they may see. */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dashboard/work', { schema: { 'x-access': 'signedIn', tags: ['dashboard'], summary: 'What waits for the caller in the active role, as counts', 'x-no-input': true, response: answers({ 200: WorkResponse }) } }, async (request) => {
    const context = request.caller;
    return { activeRole: context.user.activeRole, items: await workOf(app.ctx, context) };
  });
};
