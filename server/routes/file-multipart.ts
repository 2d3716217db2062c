import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../errors.js';
import { removeQuietly, streamToTemp } from '../domain/files/file-disk.js';
import type { UploadRequest } from '../domain/files/file-upload.js';

/** The parts POST /api/file/upload takes (spec part 2 section 7): the file and three fields. */
const FILE_PART = 'file';
const FIELDS = new Set(['fileSetId', 'entityTypeId', 'formElementId']);

/** Limits handed to the multipart parser: one file (up to the size cap), a few short fields. */
export const multipartLimits = (fileMaxBytes: number) => ({ fileSize: fileMaxBytes, files: 1, fields: FIELDS.size, fieldSize: 200, parts: FIELDS.size + 1, headerPairs: 50 });

const MULTIPART_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: 'Upload one file at a time.',
  FST_PARTS_LIMIT: 'The upload has more parts than a file and its three fields.',
  FST_FIELDS_LIMIT: 'The upload has more parts than a file and its three fields.',
};

const unknownField = (name: string) => invalid(`'${name}' is not a known field.`, { [name]: `'${name}' is not a known field.` });

/** A parser error as a 400 (bad input is never a 500); errors of our own disk are passed on. */
function asUploadError(e: unknown): unknown {
  if (e instanceof AppError) return e;
  const err = e as { code?: string; syscall?: string; message?: string };
  if (err.syscall) return e;
  const message = (err.code && MULTIPART_MESSAGES[err.code]) ?? 'The upload could not be read. Please choose the file again.';
  return invalid(message, { file: message });
}

/**
 * Reads the multipart body: the file is streamed to a temp file (truncated at the size cap),
 * fields are kept as text. Unknown parts are refused. The caller removes the temp file.
 */
export async function readUpload(request: FastifyRequest, dataDir: string): Promise<UploadRequest> {
  if (!request.isMultipart()) throw invalid('The upload must be sent as multipart/form-data.', { file: 'The upload must be sent as multipart/form-data.' });
  const fields: Record<string, string> = {};
  let file: UploadRequest['file'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_PART) throw unknownField(part.fieldname);
        const temp = await streamToTemp(dataDir, part.file);
        file = { temp, name: part.filename, truncated: part.file.truncated };
      } else {
        if (!FIELDS.has(part.fieldname)) throw unknownField(part.fieldname);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    if (file) await removeQuietly(file.temp.path);
    throw asUploadError(e);
  }
  return { fields, file };
}
