import type { FileInfo } from '../../engine/files/file-info.js';
import { api, apiFile, saveFile } from '../app/api-client.js';

/** The calls of the file upload widget (server/routes/files.ts). */

export interface UploadTarget {
  fileSetId: string;
  entityTypeId: number;
  formElementId: number;
}

/** POST /api/file/upload (multipart: file, fileSetId, entityTypeId, formElementId). */
export function uploadFile(file: File, target: UploadTarget): Promise<FileInfo> {
  const body = new FormData();
  body.append('fileSetId', target.fileSetId);
  body.append('entityTypeId', String(target.entityTypeId));
  body.append('formElementId', String(target.formElementId));
  body.append('file', file, file.name);
  return api<FileInfo>('POST', '/file/upload', body);
}

/** GET /api/file/l/{key}: a file's name and type without its bytes. */
export function fileDetails(key: string, signal?: AbortSignal): Promise<FileInfo> {
  return api<FileInfo>('GET', `/file/l/${encodeURIComponent(key)}`, undefined, { signal });
}

/** DELETE /api/file: used for uploads not yet saved with the record. */
export function deleteUpload(key: string, entityTypeId: number): Promise<unknown> {
  return api('DELETE', '/file', { fileKey: key, entityTypeId });
}

/** Downloads a record's file and hands it to the browser under its own name. */
export async function downloadFile(key: string): Promise<void> {
  const { blob, fileName } = await apiFile(`/file/u/${encodeURIComponent(key)}`, undefined, 'GET');
  saveFile(blob, fileName);
}

/** A new file set id: the uploads of one widget while its form is open. */
export function newFileSetId(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context)
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
