import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers } from './answer-schemas.js';

const HealthAnswer = Type.Object({ status: Type.String(), tenant: Type.String(), database: Type.String({ description: 'sqlite or pg' }) }, { additionalProperties: false });

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { tags: ['system'], summary: 'The server is up: tenant and database kind', security: [], 'x-no-input': true, response: answers({ 200: HealthAnswer }) } }, async () => ({ status: 'ok', tenant: app.ctx.registry.tenant.code, database: app.ctx.db.dialect }));
};
