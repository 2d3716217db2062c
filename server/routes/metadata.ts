import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { preparedMetadata } from '../metadata/client-metadata.js';
import { answers } from './answer-schemas.js';
import { featuresOn } from '../domain/features.js';

/** The compiled metadata is sent as prepared JSON text (with its ETag), so its schema only describes it. */
const MetadataAnswer = Type.Unsafe<string>({ type: 'object', description: 'the tenant metadata: tenant, routes, roles, texts, entities, forms, grids, inboxes, session, hub, files' });
const NotModified = Type.Unsafe<undefined>({ type: 'null', description: 'not modified (If-None-Match matched the ETag)' });

/** GET /api/metadata: the tenant's compiled metadata (the request's registry: a publish answers a new ETag), from which the browser builds every screen. */
export const metadataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/metadata', { schema: { tags: ['system'], summary: 'The tenant metadata from which the browser builds every screen', security: [], 'x-no-input': true, response: answers({ 200: MetadataAnswer, 304: NotModified }) } }, async (request, reply) => {
    const { json, etag } = preparedMetadata(app.ctx.registry, app.ctx.config, await featuresOn(app.ctx));
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
};
