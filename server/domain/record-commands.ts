import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import { writeAudit } from '../data/audit.js';
import { deleteRow, findRow, findRowForChange, setRowDisabled, type Row } from '../data/entity-store.js';
import { AppError, forbidden, notFound } from '../errors.js';
import { may } from './record-access.js';
import { requireEntityFeature } from './features.js';
import { endSessions } from './sessions/session-generation.js';

export function entityOrThrow(ctx: AppContext, entityTypeId: number): Entity {
  const entity = ctx.registry.entities.get(entityTypeId);
  if (!entity) throw notFound('Entity type');
  return entity;
}

/** A record the caller may read: 404 when absent, 403 when not theirs to see. */
export async function readableRecord(ctx: AppContext, context: RuleContext, entity: Entity, id: number): Promise<Row> {
  const row = await findRow(ctx.db, entity, id);
  if (!row) throw notFound();
  if (!(await may(entity, 'read', context, row))) throw forbidden();
  return row;
}

/**
 * Inside the change's transaction: the record as committed now (locked on PostgreSQL), 404 when
 * absent, 403 when the caller may not read it or not do `action` to it in its current state (a
 * report submitted meanwhile is no longer a draft to delete).
 */
async function changeableRecord(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, entity: Entity, id: number, action: 'disable' | 'delete'): Promise<Row> {
  const row = await findRowForChange(trx, ctx.db, entity, id);
  if (!row) throw notFound();
  if (!(await may(entity, 'read', context, row)) || !(await may(entity, action, context, row))) throw forbidden();
  return row;
}

export async function setDisabled(ctx: AppContext, context: RuleContext, entityTypeId: number, id: number, disable: boolean) {
  const entity = entityOrThrow(ctx, entityTypeId);
  await requireEntityFeature(ctx, entity);
  await ctx.db.knex.transaction(async (trx) => {
    const row = await changeableRecord(trx, ctx, context, entity, id, 'disable');
    if (row.disabled === disable) throw new AppError('conflict', disable ? 'This record is already disabled.' : 'This record is already enabled.');
    await setRowDisabled(trx, ctx.db, entity, id, disable, context.user.id);
    await writeAudit(trx, { userId: context.user.id, action: disable ? 'record.disable' : 'record.enable', entityTypeId, entityId: id });
    // an archived person's sessions end with it
    if (disable && entity.storage.kind === 'table' && entity.storage.table === 'users') await endSessions(trx, ctx, id, 'archived', context.user.id);
  });
  return { Id: id, EntityTypeId: entityTypeId, disabled: disable };
}

/** Deletes a record; the audit row keeps a full copy so nothing is lost. */
export async function deleteRecord(ctx: AppContext, context: RuleContext, entityTypeId: number, id: number) {
  const entity = entityOrThrow(ctx, entityTypeId);
  await requireEntityFeature(ctx, entity);
  await ctx.db.knex.transaction(async (trx) => {
    const row = await changeableRecord(trx, ctx, context, entity, id, 'delete');
    await writeAudit(trx, { userId: context.user.id, action: 'record.delete', entityTypeId, entityId: id, detail: row });
    await deleteRow(trx, ctx.db, entity, id);
  });
  return { Id: id, EntityTypeId: entityTypeId, deleted: true };
}
