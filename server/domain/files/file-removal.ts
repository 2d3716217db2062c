import type { Knex } from 'knex';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { markDeleted, pendingUploadsBefore } from '../../data/file-store.js';
import { removeKey } from './file-disk.js';
import type { FileRow } from './file-rows.js';

/** Why a file was deleted: by its delete call, replaced or removed on a record's save, or abandoned before any save. */
export type DeleteReason = 'deleted' | 'removed-from-record' | 'abandoned';

/**
 * Marks files deleted with one audit row each, in the caller's transaction. The row stays (the
 * audit trail names it); the bytes go once the transaction has committed (removeBytes).
 */
export async function markFilesDeleted(trx: Knex.Transaction, files: readonly FileRow[], actorId: number | null, reason: DeleteReason): Promise<void> {
  if (files.length === 0) return;
  await markDeleted(trx, files.map((f) => f.id));
  for (const f of files) {
    await writeAudit(trx, {
      userId: actorId, action: 'file.delete', entityTypeId: f.entityTypeId, entityId: f.entityId,
      detail: { fileId: f.id, fileName: f.originalName, formElementId: f.formElementId, reason },
    });
  }
}

/** Removes the bytes of deleted files from disk (after their transaction committed). */
export async function removeBytes(ctx: AppContext, files: readonly FileRow[]): Promise<void> {
  for (const f of files) await removeKey(ctx.config.dataDir, f.key);
}

/**
 * Deletes pending uploads (files never saved with a record) older than the configured limit
 * (UNSAVED_UPLOAD_HOURS): those of one uploader at their next upload, or everyone's in the
 * cleanup job (no uploader given: the system deletes them). At most `limit` per call; answers
 * how many went.
 */
export async function purgeAbandonedUploads(ctx: AppContext, uploaderId: number | null, limit = 100): Promise<number> {
  const before = new Date(Date.now() - ctx.config.unsavedUploadHours * 3600_000).toISOString();
  const stale = await ctx.db.knex.transaction(async (trx) => {
    const files = await pendingUploadsBefore(trx, uploaderId, before, limit);
    await markFilesDeleted(trx, files, uploaderId, 'abandoned');
    return files;
  });
  await removeBytes(ctx, stale);
  return stale.length;
}
