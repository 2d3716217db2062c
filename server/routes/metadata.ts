import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createHash } from 'node:crypto';
import type { ClientMetadata } from '../../engine/metadata/client-metadata.js';
import { answers } from './answer-schemas.js';

/** The compiled metadata is sent as prepared JSON text (with its ETag), so its schema only describes it. */
const MetadataAnswer = Type.Unsafe<string>({ type: 'object', description: 'the tenant metadata: tenant, routes, roles, texts, entities, forms, grids, inboxes, session, hub, files' });
const NotModified = Type.Unsafe<undefined>({ type: 'null', description: 'not modified (If-None-Match matched the ETag)' });

/** GET /api/metadata: the tenant's compiled metadata, from which the browser builds every screen. */
export const metadataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const r = app.ctx.registry;
  const body: ClientMetadata = {
    tenant: r.tenant,
    routes: [...r.routes],
    roles: [...r.roles.values()],
    texts: r.texts,
    entities: [...r.entities.values()],
    forms: [...r.forms.values()],
    grids: [...r.grids.values()],
    inboxes: [...r.inboxes.values()],
    session: { ...app.ctx.config.session },
    hub: { ...app.ctx.config.hub },
    files: { maxBytes: app.ctx.config.fileMaxBytes },
  };
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  app.get('/metadata', { schema: { tags: ['system'], summary: 'The tenant metadata from which the browser builds every screen', security: [], 'x-no-input': true, response: answers({ 200: MetadataAnswer, 304: NotModified }) } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
};
