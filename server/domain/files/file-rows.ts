import type { FileInfo } from '../../../engine/files/file-info.js';
import type { FileRow } from '../../data/file-store.js';

export type { FileInfo };
export type { FileLookup, FileRow, StoredKind } from '../../data/file-store.js';
export { filesOfRecord } from '../../data/file-store.js';

export function fileInfo(f: FileRow): FileInfo {
  return { fileId: f.id, fileName: f.originalName, fileSetId: f.fileSetId, fileKey: f.key, contentType: f.contentType, size: f.size };
}
