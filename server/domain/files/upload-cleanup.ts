import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { liveKeys } from '../../data/file-store.js';
import { removeQuietly } from './file-disk.js';
import { purgeAbandonedUploads } from './file-removal.js';

/** The scheduled job that removes unsaved uploads and the files a crash left behind (server/jobs). */
export const UPLOAD_CLEANUP_JOB = 'upload-cleanup';

export interface CleanupResult {
  /** pending uploads older than the limit, marked deleted (one file.delete audit row each) and their bytes removed */
  abandoned: number;
  /** temp files of uploads that never finished (a crash or a dropped connection mid-stream) */
  tempFiles: number;
  /** bytes under a key with no row or a deleted row (a crash between the disk and the commit) */
  orphanFiles: number;
}

const KEY_CHUNK = 500;

const olderThan = async (path: string, before: number): Promise<boolean> =>
  stat(path).then((s) => s.isFile() && s.mtimeMs < before, () => false);

async function entries(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

/** Removes the temp files (<DATA_DIR>/files/tmp) older than the limit. */
async function removeOldTemp(filesDir: string, before: number): Promise<number> {
  const dir = join(filesDir, 'tmp');
  let removed = 0;
  for (const name of await entries(dir)) {
    if (await olderThan(join(dir, name), before)) {
      await removeQuietly(join(dir, name));
      removed += 1;
    }
  }
  return removed;
}

/**
 * Removes bytes that no live row names, once older than the limit (a file is moved into place
 * just before its row commits, so a young one may still be on its way in).
 */
async function removeOrphans(ctx: AppContext, filesDir: string, before: number): Promise<number> {
  let removed = 0;
  for (const sub of await entries(filesDir)) {
    if (sub === 'tmp' || sub.length !== 2) continue;
    const keys = await entries(join(filesDir, sub));
    for (let i = 0; i < keys.length; i += KEY_CHUNK) {
      const chunk = keys.slice(i, i + KEY_CHUNK);
      const live = await liveKeys(ctx.db.knex, chunk);
      for (const key of chunk.filter((k) => !live.has(k))) {
        if (await olderThan(join(filesDir, sub, key), before)) {
          await removeQuietly(join(filesDir, sub, key));
          removed += 1;
        }
      }
    }
  }
  return removed;
}

/**
 * The cleanup of unsaved and temporary uploads, older than UNSAVED_UPLOAD_HOURS: pending upload
 * rows (deleted with their audit rows, then their bytes), temp files, and bytes no live row
 * names. What went from disk alone is written as one file.cleanup audit row with the counts.
 */
export async function cleanUpUploads(ctx: AppContext): Promise<CleanupResult> {
  const before = Date.now() - ctx.config.unsavedUploadHours * 3600_000;
  const filesDir = join(ctx.config.dataDir, 'files');
  let abandoned = 0;
  for (let n = -1; n !== 0;) {
    n = await purgeAbandonedUploads(ctx, null);
    abandoned += n;
  }
  const tempFiles = await removeOldTemp(filesDir, before);
  const orphanFiles = await removeOrphans(ctx, filesDir, before);
  if (tempFiles + orphanFiles > 0) {
    await writeAudit(ctx.db.knex, { userId: null, action: 'file.cleanup', detail: { tempFiles, orphanFiles, olderThanHours: ctx.config.unsavedUploadHours } });
  }
  return { abandoned, tempFiles, orphanFiles };
}
