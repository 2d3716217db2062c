import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../engine/files/file-name.js';
import { callerContext } from '../app-context.js';
import { invalid, notFound } from '../errors.js';
import { visibleFile } from '../domain/files/file-access.js';
import { deleteFile } from '../domain/files/file-delete.js';
import { keyExists, openKey, removeQuietly } from '../domain/files/file-disk.js';
import { logDownload } from '../domain/files/file-downloads.js';
import { fileInfo, type FileLookup, type FileRow, type StoredKind } from '../domain/files/file-rows.js';
import { uploadFile } from '../domain/files/file-upload.js';
import { multipartLimits, readUpload } from './file-multipart.js';
import { RowId as Id } from './id-schemas.js';

const KeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }) });
const IdParams = Type.Object({ fileId: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });
const DeleteBody = Type.Object({
  fileKey: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  fileId: Type.Optional(Id),
  entityTypeId: Id,
  primaryEntityId: Type.Optional(Type.Union([Id, Type.Null()])),
}, { additionalProperties: false });

/** Where each kind of file is downloaded (GET /api/file/{u|s|r}/{key}). */
const downloadPath = (f: Pick<FileRow, 'kind' | 'key'>): string => `/api/file/${f.kind}/${f.key}`;

/**
 * Files (spec part 2 sections 3, 5 and 7). u: a file on a person's record, s: a system file for
 * everyone signed in, r: a generated report, l: a file's details and download address (JSON, any
 * kind), c: a file by id shown inline (a certificate opened in a new window).
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await app.register(multipart, { limits: multipartLimits(ctx.config.fileMaxBytes), throwFileSizeLimit: false });

  app.post('/file/upload', async (request) => {
    const context = await callerContext(request);
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
    app.get(`/file/${kind}/:key`, { schema: { params: KeyParams } }, async (request, reply) => {
      const context = await callerContext(request);
      const file = await visibleFile(ctx, context, { key: (request.params as { key: string }).key });
      if (file.kind !== kind) throw notFound('File');
      return send(reply, context.user.id, file, 'attachment');
    });
  }

  app.get('/file/l/:key', { schema: { params: KeyParams } }, async (request) => {
    const context = await callerContext(request);
    const file = await visibleFile(ctx, context, { key: (request.params as { key: string }).key });
    return { ...fileInfo(file), url: downloadPath(file) };
  });

  app.get('/file/c/:fileId', { schema: { params: IdParams } }, async (request, reply) => {
    const context = await callerContext(request);
    const file = await visibleFile(ctx, context, { id: Number((request.params as { fileId: string }).fileId) });
    return send(reply, context.user.id, file, 'inline');
  });

  app.delete('/file', { schema: { body: DeleteBody } }, async (request) => {
    const context = await callerContext(request);
    const body = request.body as { fileKey?: string; fileId?: number; entityTypeId: number; primaryEntityId?: number | null };
    if (!body.fileKey === !body.fileId) throw invalid('Give either fileKey or fileId.', { fileKey: 'Give either fileKey or fileId.' });
    const lookup: FileLookup = body.fileKey ? { key: body.fileKey } : { id: body.fileId! };
    return deleteFile(ctx, context, { lookup, entityTypeId: body.entityTypeId, primaryEntityId: body.primaryEntityId ?? null });
  });
}
