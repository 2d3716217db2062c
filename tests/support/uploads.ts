import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';

/** The Transcript or Diploma element of the Education form (subtype single). */
export const EDU_FILE_ELEMENT = 2008;
export const EDUCATION = 4;

export interface Part {
  name: string;
  value?: string;
  file?: { fileName: string; bytes: Uint8Array; contentType?: string };
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----registry${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.file) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.fileName}"\r\nContent-Type: ${p.file.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(Buffer.from(p.file.bytes), Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadInput {
  fileName: string;
  bytes: Uint8Array;
  fileSetId?: string;
  entityTypeId?: number;
  formElementId?: number;
  /** the content type the browser claims (never trusted) */
  contentType?: string;
}

/** POST /api/file/upload with the education file element by default. */
export function upload(t: TestApp, token: string | undefined, input: UploadInput): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody([
    { name: 'fileSetId', value: input.fileSetId ?? randomUUID() },
    { name: 'entityTypeId', value: String(input.entityTypeId ?? EDUCATION) },
    { name: 'formElementId', value: String(input.formElementId ?? EDU_FILE_ELEMENT) },
    { name: 'file', file: { fileName: input.fileName, bytes: input.bytes, contentType: input.contentType } },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

export interface Uploaded {
  fileId: number;
  fileName: string;
  fileSetId: string;
  fileKey: string;
  contentType: string;
  size: number;
}

export async function uploaded(t: TestApp, token: string, input: UploadInput): Promise<Uploaded> {
  const res = await upload(t, token, input);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<Uploaded>();
}

/** Saves an education record (new, or the given id) holding a file key, as the browser's form does. */
export function saveEducationWithFile(t: TestApp, token: string, school: string, fileKey: string | null, id?: number, ownerId?: number): Promise<LightMyRequestResponse> {
  return t.post('/api/form/formresponse', {
    response: {
      formId: 2,
      elementResponses: [
        { formElementId: 2001, value: '6' }, { formElementId: 2002, value: school }, { formElementId: 2004, value: '1' },
        { formElementId: 2006, value: '2020-05-15' }, { formElementId: EDU_FILE_ELEMENT, value: fileKey },
      ],
    },
    ...(id ? { entities: [{ Id: id, EntityTypeId: EDUCATION }] } : {}),
    ...(ownerId ? { primaryEntity: { Id: ownerId, EntityTypeId: 1 } } : {}),
  }, token);
}
