import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ status: 'ok', tenant: app.ctx.registry.tenant.code, database: app.ctx.db.dialect }));
}
