import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { SqlCondition } from '../../engine/rules/sql-condition.js';
import { applyCondition } from './apply-condition.js';
import type { Database } from './db.js';
import { entityTable } from './entity-columns.js';
import { whereExpr, whereExprNull } from './where.js';

/**
 * Questions about the stored records of a metadata-described entity (its table or the record
 * store): whether a value is held, a key names a record, a record repeats another.
 */

const isText = (type: string | undefined) => type === 'string' || type === 'text';

/** Whether some stored record (enabled or not) holds a non-null value in the field; fails for a field with no column. */
export async function fieldHoldsValue(db: Database, entity: Entity, field: string): Promise<boolean> {
  const { knex } = db;
  const t = entityTable(knex, db.dialect, entity);
  const q = knex(t.table).whereRaw('? is not null', [t.expr(field)]).first(knex.raw('1 as one'));
  if (t.typeFilter) q.andWhere(t.typeFilter.column, t.typeFilter.value);
  return Boolean(await q);
}

/** Whether an enabled record within `scope` (the caller's read rule as SQL) has this key in the key field. */
export async function enabledRecordWithKey(db: Database, entity: Entity, keyProperty: string, key: string | number, scope: SqlCondition): Promise<boolean> {
  const t = entityTable(db.knex, db.dialect, entity);
  const q = whereExpr(db.knex(t.table).where('disabled', false), t.expr(keyProperty), '=', key);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  applyCondition(q, scope, t, db);
  return Boolean(await q.first('id'));
}

/** The value of `property` of the record (enabled or not) with this key in the key field, if there is one. */
export async function propertyOfKey(db: Database, entity: Entity, keyProperty: string, key: string | number, property: string): Promise<unknown> {
  const t = entityTable(db.knex, db.dialect, entity);
  const q = whereExpr(db.knex(t.table).select(db.knex.raw('? as ??', [t.expr(property), 'v'])), t.expr(keyProperty), '=', key);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  const row = (await q.first()) as { v: unknown } | undefined;
  return row?.v;
}

/**
 * Whether the owner has an enabled record other than `exceptId` with the same values in these
 * fields (text fields in any case; a null value matches null).
 */
export async function ownerHasSameRecord(db: Database, entity: Entity, ownerField: string, ownerId: number, exceptId: number | null, fields: Record<string, unknown>): Promise<boolean> {
  const t = entityTable(db.knex, db.dialect, entity);
  const q = whereExpr(db.knex(t.table), t.expr(ownerField), '=', ownerId).where('disabled', false);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  if (exceptId !== null) q.whereNot('id', exceptId);
  for (const [field, value] of Object.entries(fields)) {
    if (value === null || value === undefined) whereExprNull(q, t.expr(field), false);
    else if (typeof value === 'string' && isText(entity.fields.find((f) => f.id === field)?.type)) q.whereRaw('lower(?) = ?', [t.expr(field), value.toLowerCase()]);
    else whereExpr(q, t.expr(field), '=', value as number);
  }
  return (await q.first('id')) !== undefined;
}
