import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { findRow, updateRow } from '../../data/entity-store.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { isLocked, lockedConflict, may } from '../record-access.js';
import { visibleFile } from './file-access.js';
import type { FileLookup } from './file-rows.js';
import { markFilesDeleted, removeBytes } from './file-removal.js';

export interface DeleteFileRequest {
  lookup: FileLookup;
  entityTypeId: number;
  /** the person the record belongs to; checked for files already on a record */
  primaryEntityId?: number | null;
}

/** A record field without the deleted key: null for a single value, the rest of a list. */
function withoutKey(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== key);
  return value === key ? null : value;
}

/**
 * DELETE /api/file. A pending upload may be deleted by its uploader. A file on a record is
 * deleted by whoever may change that record (not while it is locked or disabled), and the record
 * stops naming it, in one transaction with the audit rows. A file the caller cannot see, or that
 * does not belong to the given entity type and person, answers 404.
 */
export async function deleteFile(ctx: AppContext, context: RuleContext, req: DeleteFileRequest) {
  const file = await visibleFile(ctx, context, req.lookup);
  if (file.entityTypeId !== req.entityTypeId) throw notFound('File');
  if (file.kind !== 'u') throw forbidden();
  const actor = context.user.id;
  if (file.entityId === null) {
    if (file.uploadedBy !== actor) throw forbidden();
    await ctx.db.knex.transaction((trx) => markFilesDeleted(trx, [file], actor, 'deleted'));
  } else {
    if (req.primaryEntityId !== undefined && req.primaryEntityId !== null && req.primaryEntityId !== file.ownerUserId) throw notFound('File');
    const entity = ctx.registry.entities.get(file.entityTypeId!)!;
    await ctx.db.knex.transaction(async (trx) => {
      const row = await findRow(ctx.db, entity, file.entityId!, trx);
      if (!row) throw notFound('File');
      if (row.disabled === true) throw conflict('This record is disabled and cannot be changed.');
      if (await isLocked(entity, context, row)) throw lockedConflict(row);
      if (!(await may(entity, 'update', context, row))) throw forbidden();
      const field = file.formElementId === null ? undefined : ctx.registry.elements.get(file.formElementId)?.element.field;
      const next = field ? withoutKey(row[field], file.key) : undefined;
      if (field && JSON.stringify(next) !== JSON.stringify(row[field])) {
        const fields = { [field]: next };
        await updateRow(trx, ctx.db, entity, file.entityId!, fields, row, actor);
        await writeAudit(trx, { userId: actor, action: 'record.update', entityTypeId: entity.id, entityId: file.entityId, detail: { changes: { [field]: [row[field] ?? null, fields[field]] } } });
      }
      await markFilesDeleted(trx, [file], actor, 'deleted');
    });
  }
  await removeBytes(ctx, [file]);
  return { fileId: file.id, fileKey: file.key, deleted: true };
}
