import type { Knex } from 'knex';
import { auditRowsOfRecord, writeAudit } from '../../data/audit.js';
import { timestampText } from '../../data/clock.js';
import { filesOfRecord } from '../../data/file-store.js';
import type { FileRow } from './file-rows.js';

/**
 * The download log: every time a person is sent the bytes of a file (download or inline view),
 * an audit row `file.download` is written with the record the file is on (entity type and id)
 * and the file in its detail. Verification's "view and download to enable approval" asks
 * downloadedRecordFile whether the reviewer has done so for the record under review.
 */
const DOWNLOAD_ACTION = 'file.download';

export async function logDownload(knex: Knex, userId: number, file: FileRow, how: 'download' | 'view'): Promise<void> {
  await writeAudit(knex, {
    userId, action: DOWNLOAD_ACTION, entityTypeId: file.entityTypeId, entityId: file.entityId,
    detail: { fileId: file.id, fileName: file.originalName, how },
  });
}

export interface RecordFileDownload {
  userId: number;
  fileId: number;
  at: string;
}

/** Who downloaded or viewed the files of one record, oldest first. */
export async function recordFileDownloads(knex: Knex | Knex.Transaction, entityTypeId: number, entityId: number): Promise<RecordFileDownload[]> {
  const rows = await auditRowsOfRecord(knex, DOWNLOAD_ACTION, entityTypeId, entityId);
  return rows.map((r) => ({
    userId: Number(r.user_id),
    fileId: Number((JSON.parse(r.detail ?? '{}') as { fileId?: number }).fileId),
    at: timestampText(r.at),
  }));
}

/**
 * Whether a person has downloaded or viewed a file the record holds now (a download of a file
 * since replaced does not count: the reviewer must look at what is under review).
 */
export async function downloadedRecordFile(knex: Knex | Knex.Transaction, userId: number, entityTypeId: number, entityId: number): Promise<boolean> {
  const held = new Set((await filesOfRecord(knex, entityTypeId, entityId)).map((f) => f.id));
  return (await recordFileDownloads(knex, entityTypeId, entityId)).some((d) => d.userId === userId && held.has(d.fileId));
}
