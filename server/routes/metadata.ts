import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';

/** GET /api/metadata: the tenant's compiled metadata, from which the browser builds every screen. */
export async function metadataRoutes(app: FastifyInstance): Promise<void> {
  const r = app.ctx.registry;
  const body: ClientMetadata = {
    tenant: r.tenant,
    routes: [...r.routes],
    roles: [...r.roles.values()],
    texts: r.texts,
    entities: [...r.entities.values()],
    forms: [...r.forms.values()],
    grids: [...r.grids.values()],
    session: { ...app.ctx.config.session },
    files: { maxBytes: app.ctx.config.fileMaxBytes },
  };
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  app.get('/metadata', async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
