import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';

const CountBody = Type.Object({
  folder: Type.Optional(Type.String({ maxLength: 20 })),
  filter: Type.Optional(Type.String({ maxLength: 20 })),
}, { additionalProperties: false });

/**
 * Unread counts for the navigation badges (spec part 3 section 7: the answer is a number).
 * Messaging and notifications arrive in a later issue; until then nobody has unread items.
 */
export async function countRoutes(app: FastifyInstance): Promise<void> {
  for (const path of ['/message/count', '/notification/count']) {
    app.post(path, { schema: { body: CountBody } }, async (request) => {
      await requireUser(request);
      return 0;
    });
  }
}
