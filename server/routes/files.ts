import multipart from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../engine/files/file-name.js';
import { invalid, notFound } from '../errors.js';
import { visibleFile } from '../domain/files/file-access.js';
import { deleteFile } from '../domain/files/file-delete.js';
import { keyExists, openKey, removeQuietly } from '../domain/files/file-disk.js';
import { logDownload } from '../domain/files/file-downloads.js';
import { fileInfo, type FileLookup, type FileRow, type StoredKind } from '../domain/files/file-rows.js';
import { uploadFile } from '../domain/files/file-upload.js';
import { multipartLimits, readUpload } from './file-multipart.js';
import { answers, BinaryAnswer, FileInfoAnswer } from './answer-schemas.js';
import { OrNull, RowId as Id, RowIdText } from './id-schemas.js';

const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });
const IdParams = Type.Object({ fileId: RowIdText });
const tags = ['files'];
/**
 * The parts of POST /api/file/upload, for the description only: the multipart plugin streams them
 * and readUpload checks them (one file, these three fields, nothing else), so the route skips
 * schema validation of its body.
 */
const UploadParts = Type.Object({
  file: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'the file: one, up to the size cap' }),
  fileSetId: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'the form session file set' }),
  entityTypeId: Type.String({ pattern: '^[1-9][0-9]*$' }),
  formElementId: Type.String({ pattern: '^[1-9][0-9]*$', description: 'a file upload element of a form of that entity type' }),
}, { additionalProperties: false });
const checkedByReadUpload = () => () => true;
const KIND_NAMES: Record<'u' | 's' | 'r', string> = { u: 'a file on a person record', s: 'a system file', r: 'a generated report' };
const FileAnswer = BinaryAnswer('the file, with its content type and name');
const LinkedFileAnswer = Type.Object({ ...FileInfoAnswer.properties, url: Type.String({ description: 'where the file is downloaded' }) }, { additionalProperties: false });
const FileDeletedAnswer = Type.Object({ fileId: Type.Integer(), fileKey: Type.String(), deleted: Type.Boolean() }, { additionalProperties: false });
const DeleteBody = Type.Object({
  fileKey: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  fileId: Type.Optional(Id),
  entityTypeId: Id,
  primaryEntityId: Type.Optional(OrNull(Id)),
}, { additionalProperties: false });

/** Where each kind of file is downloaded (GET /api/file/{u|s|r}/{key}). */
const downloadPath = (f: Pick<FileRow, 'kind' | 'key'>): string => `/api/file/${f.kind}/${f.key}`;

/**
 * Files (spec part 2 sections 3, 5 and 7). u: a file on a person's record, s: a system file for
 * everyone signed in, r: a generated report, l: a file's details and download address (JSON, any
 * kind), c: a file by id shown inline (a certificate opened in a new window).
 */
export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  await app.register(multipart, { limits: multipartLimits(ctx.config.fileMaxBytes), throwFileSizeLimit: false });

  app.post('/file/upload', { schema: { 'x-access': 'signedIn', tags, summary: 'Upload a file for a form (multipart/form-data)', consumes: ['multipart/form-data'], body: UploadParts, response: answers({ 200: FileInfoAnswer }) }, validatorCompiler: checkedByReadUpload }, async (request) => {
    const context = request.caller;
    const upload = await readUpload(request, ctx.config.dataDir);
    try {
      return await uploadFile(ctx, context, upload);
    } finally {
      if (upload.file) await removeQuietly(upload.file.temp.path);
    }
  });

  /** Sends a file's bytes with its type and name; every send is logged (system files excepted). */
  async function send(reply: FastifyReply, userId: number, file: FileRow, disposition: 'attachment' | 'inline') {
    if (!(await keyExists(ctx.config.dataDir, file.key))) {
      reply.log.error({ fileId: file.id }, 'the bytes of a stored file are missing');
      throw notFound('File');
    }
    if (file.kind !== 's') await logDownload(ctx.db.knex, userId, file, disposition === 'inline' ? 'view' : 'download');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition(file.originalName, disposition))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(openKey(ctx.config.dataDir, file.key));
  }

  for (const kind of ['u', 's', 'r'] as const satisfies readonly StoredKind[]) {
    app.get(`/file/${kind}/:key`, { schema: { 'x-access': 'signedIn', tags, summary: `Download ${KIND_NAMES[kind]}`, params: KeyParams, produces: ['application/octet-stream'], response: answers({ 200: FileAnswer }) } }, async (request, reply) => {
      const context = request.caller;
      const file = await visibleFile(ctx, context, { key: request.params.key });
      if (file.kind !== kind) throw notFound('File');
      return send(reply, context.user.id, file, 'attachment');
    });
  }

  app.get('/file/l/:key', { schema: { 'x-access': 'signedIn', tags, summary: 'A file details and download address', params: KeyParams, response: answers({ 200: LinkedFileAnswer }) } }, async (request) => {
    const context = request.caller;
    const file = await visibleFile(ctx, context, { key: request.params.key });
    return { ...fileInfo(file), url: downloadPath(file) };
  });

  app.get('/file/c/:fileId', { schema: { 'x-access': 'signedIn', tags, summary: 'Show a file inline (a certificate)', produces: ['application/octet-stream'], params: IdParams, response: answers({ 200: FileAnswer }) } }, async (request, reply) => {
    const context = request.caller;
    const file = await visibleFile(ctx, context, { id: Number(request.params.fileId) });
    return send(reply, context.user.id, file, 'inline');
  });

  app.delete('/file', { schema: { 'x-access': 'signedIn', tags, summary: 'Delete a file', body: DeleteBody, response: answers({ 200: FileDeletedAnswer }) } }, async (request) => {
    const context = request.caller;
    const body = request.body;
    if (!body.fileKey === !body.fileId) throw invalid('Give either fileKey or fileId.', { fileKey: 'Give either fileKey or fileId.' });
    const lookup: FileLookup = body.fileKey ? { key: body.fileKey } : { id: body.fileId! };
    return deleteFile(ctx, context, { lookup, entityTypeId: body.entityTypeId, primaryEntityId: body.primaryEntityId ?? null });
  });
};
