import { Type, type FastifyPluginAsyncTypebox, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { KindSchema } from '../../engine/metadata/admin-contract.js';
import { shapeOf } from '../../engine/metadata/admin-documents.js';
import { METADATA_KINDS, type MetadataKind } from '../../engine/metadata/registry.js';
import { KIND_SCHEMAS } from '../../engine/metadata/validate.js';
import { preparedMetadata } from '../metadata/client-metadata.js';
import { featuresOn } from '../domain/features.js';
import { diffVersions, dropDrafts, exportLayer, getDocument, importLayer, listAllDocuments, listDrafts, previewOf, putDraft, validateDrafts } from '../domain/metadata-admin/metadata-drafts.js';
import { tenantOf } from '../domain/metadata-admin/metadata-layer.js';
import { publishDrafts, rollback } from '../domain/metadata-admin/metadata-publish.js';
import { listVersions } from '../data/metadata-store.js';
import { answers } from './answer-schemas.js';

const Kind = Type.Unsafe<MetadataKind>({ type: 'string', enum: Object.keys(METADATA_KINDS), description: 'the kind of metadata' });
const DocId = Type.String({ minLength: 1, maxLength: 100, description: 'the document id (the kind\'s name for kinds held in one file)' });
const Tenant = Type.String({ pattern: '^[a-z][a-z0-9]{0,19}$', description: 'a tenant code (default: the server\'s)' });
const Version = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
const VersionText = Type.String({ pattern: '^(0|[1-9][0-9]{0,8})$' });
const Comment = Type.String({ maxLength: 2000 });

const TenantQuery = Type.Object({ tenant: Type.Optional(Tenant) }, { additionalProperties: false });
const TenantBody = Type.Object({ tenant: Type.Optional(Tenant) }, { additionalProperties: false });
const KeyQuery = Type.Object({ kind: Kind, id: DocId, tenant: Type.Optional(Tenant) }, { additionalProperties: false });
const DraftBody = Type.Object({ kind: Kind, id: DocId, tenant: Type.Optional(Tenant), value: Type.Optional(Type.Unknown()), remove: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
const PublishBody = Type.Object({ tenant: Type.Optional(Tenant), comment: Comment, confirmWidening: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
const RollbackBody = Type.Object({ tenant: Type.Optional(Tenant), number: Version, comment: Comment }, { additionalProperties: false });
const DiffQuery = Type.Object({ from: VersionText, to: VersionText, tenant: Type.Optional(Tenant) }, { additionalProperties: false });
const ImportBody = Type.Object({ tenant: Type.Optional(Tenant), files: Type.Record(Type.String({ maxLength: 200 }), Type.Unknown()) }, { additionalProperties: false });

/** Answers holding metadata documents (any JSON): described, written with JSON.stringify. */
const Json = (description: string) => Type.Unsafe<unknown>({ description });
const Key = { kind: Kind, id: Type.String() };
const Problem = Type.Object({ file: Type.String(), pointer: Type.String(), message: Type.String(), document: Type.Optional(Type.Object(Key, { additionalProperties: false })) }, { additionalProperties: false });
const ValidationAnswer = Type.Object({ problems: Type.Array(Problem) }, { additionalProperties: false });
const VersionAnswer = Type.Object({
  number: Type.Integer(),
  author: Type.Object({ id: Type.Integer(), name: Type.String() }, { additionalProperties: false }),
  createdAt: Type.String(),
  comment: Type.String(),
  action: Type.Union([Type.Literal('publish'), Type.Literal('rollback'), Type.Literal('import')]),
  restored: Type.Optional(Type.Integer()),
  changed: Type.Array(Type.Object(Key, { additionalProperties: false })),
}, { additionalProperties: false });
const Refused = Type.Object({ message: Type.String(), errors: Type.Optional(Type.Record(Type.String(), Type.String())), problems: Type.Optional(Type.Array(Problem)) }, { additionalProperties: false, description: 'invalid: the problems of the merged registry, the first as the message' });
const Widening = Type.Object({ message: Type.String(), widened: Type.Optional(Type.Array(Type.Object({ ...Key, pointer: Type.String() }, { additionalProperties: false }))) }, { additionalProperties: false, description: 'a rule would let every role read every row: confirmWidening needed' });
const publishAnswers = { ...answers({ 200: VersionAnswer }), 400: Refused, 409: Widening };
const Deleted = Type.Object({ deleted: Type.Integer() }, { additionalProperties: false });
const MetadataAnswer = Type.Unsafe<string>({ type: 'object', description: 'the tenant metadata with the caller\'s drafts applied (as GET /api/metadata)' });

const tags = ['metadata administration'];

/** The kinds with the JSON Schema of one document (a route, a role: one item of their files). */
function kindSchemas(): KindSchema[] {
  return (Object.keys(METADATA_KINDS) as MetadataKind[]).map((kind) => {
    const schema: TSchema = KIND_SCHEMAS[kind];
    return { kind, schema: shapeOf(kind) === 'items' ? (schema as TSchema & { items: TSchema }).items : schema };
  });
}

/**
 * The administrators' metadata layer (issue 13), /api/admin/metadata/*: every call needs Metadata.write
 * on the active role (rule administersMetadata, checked before the input by server/plugins/caller.ts).
 */
export const metadataAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const caller = (request: FastifyRequest, tenant: string | undefined) => ({ userId: request.caller.user.id, tenant: tenantOf(ctx, tenant) });

  app.get('/kinds', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Each kind of metadata with its JSON Schema', 'x-no-input': true, response: answers({ 200: Json('[{ kind, schema }]') }) } }, async () => kindSchemas());

  app.get('/documents', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Every document by kind, with its layers', querystring: TenantQuery, response: answers({ 200: Json('DocumentSummary[]') }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return listAllDocuments(ctx, c.userId, c.tenant);
  });

  app.get('/document', { schema: { 'x-access': 'administersMetadata', tags, summary: 'One document: merged value, draft, layers and each value\'s origin', querystring: KeyQuery, response: answers({ 200: Json('DocumentDetail') }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return getDocument(ctx, c.userId, c.tenant, { kind: request.query.kind, id: request.query.id });
  });

  app.put('/draft', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Save a draft of a whole document (or of its deletion)', body: DraftBody, response: answers({ 200: ValidationAnswer }) } }, async (request) => {
    const c = caller(request, request.body.tenant);
    return putDraft(ctx, c.userId, c.tenant, request.body);
  });

  app.delete('/draft', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Drop one draft', querystring: KeyQuery, response: answers({ 200: Deleted }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return dropDrafts(ctx, c.userId, c.tenant, { kind: request.query.kind, id: request.query.id });
  });

  app.delete('/drafts', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Drop every draft of the caller', querystring: TenantQuery, response: answers({ 200: Deleted }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return dropDrafts(ctx, c.userId, c.tenant);
  });

  app.get('/drafts', { schema: { 'x-access': 'administersMetadata', tags, summary: 'The caller\'s drafts', querystring: TenantQuery, response: answers({ 200: Json('[{ kind, id, value }]') }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return listDrafts(ctx, c.userId, c.tenant);
  });

  app.post('/validate', { schema: { 'x-access': 'administersMetadata', tags, summary: 'The problems of the merged registry with the caller\'s drafts', body: TenantBody, response: answers({ 200: ValidationAnswer }) } }, async (request) => {
    const c = caller(request, request.body.tenant);
    return validateDrafts(ctx, c.userId, c.tenant);
  });

  app.post('/publish', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Publish the caller\'s drafts as a new version', body: PublishBody, response: publishAnswers } }, async (request) => {
    const c = caller(request, request.body.tenant);
    return publishDrafts(ctx, c.userId, c.tenant, request.body.comment, request.body.confirmWidening === true);
  });

  app.get('/versions', { schema: { 'x-access': 'administersMetadata', tags, summary: 'The published versions, newest first', querystring: TenantQuery, response: answers({ 200: Type.Array(VersionAnswer) }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return listVersions(ctx.db.knex, c.tenant);
  });

  app.get('/diff', { schema: { 'x-access': 'administersMetadata', tags, summary: 'The documents that differ between two versions (0: the files alone)', querystring: DiffQuery, response: answers({ 200: Json('DiffAnswer') }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return diffVersions(ctx, c.tenant, Number(request.query.from), Number(request.query.to));
  });

  app.post('/rollback', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Publish an earlier version\'s layer again as a new version', body: RollbackBody, response: publishAnswers } }, async (request) => {
    const c = caller(request, request.body.tenant);
    return rollback(ctx, c.userId, c.tenant, request.body.number, request.body.comment);
  });

  app.get('/export', { schema: { 'x-access': 'administersMetadata', tags, summary: 'The published layer as files of the tenant folder\'s layout', querystring: TenantQuery, response: answers({ 200: Json('{ tenant, files }') }) } }, async (request) => {
    const c = caller(request, request.query.tenant);
    return exportLayer(ctx, c.tenant);
  });

  app.post('/import', { schema: { 'x-access': 'administersMetadata', tags, summary: 'Files of the tenant folder\'s layout into the caller\'s drafts', body: ImportBody, response: { ...answers({ 200: ValidationAnswer }), 400: Refused } } }, async (request) => {
    const c = caller(request, request.body.tenant);
    return importLayer(ctx, c.userId, c.tenant, request.body.files);
  });

  app.get('/preview', { schema: { 'x-access': 'administersMetadata', tags, summary: 'The browser metadata with the caller\'s drafts applied', querystring: TenantQuery, response: { ...answers({ 200: MetadataAnswer }), 400: Refused } } }, async (request, reply) => {
    const c = caller(request, request.query.tenant);
    const { json } = preparedMetadata(await previewOf(ctx, c.userId, c.tenant), ctx.config, await featuresOn(ctx));
    return reply.type('application/json; charset=utf-8').send(json);
  });
};


