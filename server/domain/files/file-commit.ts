import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { insertFile, liveFile } from '../../data/file-store.js';
import { moveIntoPlace, newFileKey, removeQuietly, streamToTemp, removeKey, type TempFile } from './file-disk.js';
import { fileInfo, type FileInfo, type StoredKind } from './file-rows.js';

/** What is known about a new file before it is stored (the name already cleaned, the type decided). */
export interface NewFile {
  kind: StoredKind;
  name: string;
  contentType: string;
  fileSetId?: string | null;
  ownerUserId: number | null;
  entityTypeId?: number | null;
  entityId?: number | null;
  formElementId?: number | null;
  actorId: number | null;
}

/**
 * Stores a file: its row and audit row in one transaction, the temp file moved under the new key
 * before the commit; if anything fails the bytes are removed again, so there are both or neither.
 * `check` runs first in the same transaction (the file-set rules of an upload).
 */
export async function commitFile(ctx: AppContext, temp: TempFile, file: NewFile, check?: (trx: Knex.Transaction) => Promise<void>): Promise<FileInfo> {
  const key = newFileKey();
  let moved = false;
  try {
    const id = await ctx.db.knex.transaction(async (trx) => {
      await check?.(trx);
      const newId = await insertFile(trx, {
        key, kind: file.kind, fileSetId: file.fileSetId ?? null, originalName: file.name, contentType: file.contentType, size: temp.size, sha256: temp.sha256,
        ownerUserId: file.ownerUserId, entityTypeId: file.entityTypeId ?? null, entityId: file.entityId ?? null, formElementId: file.formElementId ?? null,
        uploadedBy: file.actorId,
      });
      await writeAudit(trx, {
        userId: file.actorId, action: file.kind === 'u' ? 'file.upload' : 'file.store', entityTypeId: file.entityTypeId ?? null, entityId: file.entityId ?? null,
        detail: { fileId: newId, fileName: file.name, contentType: file.contentType, size: temp.size, sha256: temp.sha256, fileSetId: file.fileSetId ?? null, formElementId: file.formElementId ?? null },
      });
      await moveIntoPlace(ctx.config.dataDir, temp, key);
      moved = true;
      return newId;
    });
    return fileInfo((await liveFile(ctx.db.knex, { id }))!);
  } catch (e) {
    if (moved) await removeKey(ctx.config.dataDir, key);
    throw e;
  }
}

/**
 * Stores a file the registry made or an administrator published (kind r: a report, s: a system
 * file for everyone signed in); its content type is the producer's, not sniffed.
 */
export async function storeFile(ctx: AppContext, file: NewFile & { kind: 's' | 'r' }, bytes: Uint8Array): Promise<FileInfo> {
  const temp = await streamToTemp(ctx.config.dataDir, Readable.from([Buffer.from(bytes)]));
  try {
    return await commitFile(ctx, temp, file);
  } finally {
    await removeQuietly(temp.path);
  }
}
