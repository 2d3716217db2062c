import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../plugins/auth.js';
import { answers } from './answer-schemas.js';

const tags = ['dashboard'];
const CountAnswer = Type.Integer({ minimum: 0, description: 'the number of unread items' });
const CountBody = Type.Object({
  folder: Type.Optional(Type.String({ maxLength: 20 })),
  filter: Type.Optional(Type.String({ maxLength: 20 })),
}, { additionalProperties: false });

/**
 * Unread counts for the navigation badges (spec part 3 section 7: the answer is a number).
 * Messaging and notifications arrive in a later issue; until then nobody has unread items.
 */
export const countRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const path of ['/message/count', '/notification/count']) {
    app.post(path, { schema: { tags, summary: 'Unread items for a navigation badge', body: CountBody, response: answers({ 200: CountAnswer }) } }, async (request) => {
      await requireUser(request);
      return 0;
    });
  }
};
