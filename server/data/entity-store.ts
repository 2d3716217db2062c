import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import { currentTransaction, type Database } from './db.js';
import { entityTable } from './entity-columns.js';
import { nowIso } from './clock.js';
import { extensionValues, rowFromDb, rowToDb, selectList } from './row-mapping.js';
import { indexTextValues } from './text-index.js';
import { insertedId } from './inserted-id.js';

export type Row = Record<string, unknown>;

/** One record by id (no access check: callers apply the entity's rules to the row); inside a transaction, as it sees it. */
export async function findRow(db: Database, entity: Entity, id: number, trx?: Knex.Transaction): Promise<Row | null> {
  const t = entityTable(db.knex, db.dialect, entity);
  const q = (trx ?? currentTransaction() ?? db.knex)(t.table).select(selectList(db, entity, t)).where(`${t.table}.id`, id);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  const r = (await q.first()) as Row | undefined;
  return r ? rowFromDb(entity, r) : null;
}

/**
 * The record as it is now, inside a transaction that changes it: on PostgreSQL its row is locked
 * first (`for update` on the written table), so a concurrent change waits for this transaction
 * and this one decides on the committed state; SQLite's one connection serialises transactions.
 */
export async function findRowForChange(trx: Knex.Transaction, db: Database, entity: Entity, id: number): Promise<Row | null> {
  if (db.dialect === 'pg') await trx(entityTable(db.knex, db.dialect, entity).writeTable).select('id').where({ id }).forUpdate().first();
  return findRow(db, entity, id, trx);
}

export async function insertRow(trx: Knex.Transaction, db: Database, entity: Entity, values: Row, actorId: number): Promise<number> {
  const now = nowIso();
  const row: Row = { ...rowToDb(entity, values), created_at: now, updated_at: now, created_by: actorId, updated_by: actorId, disabled: false };
  if (entity.storage.kind === 'records') row.entity_type_id = entity.id;
  const ext = extensionValues(entity, values);
  if (ext) row.ext = JSON.stringify(ext);
  const id = insertedId(await trx(entityTable(db.knex, db.dialect, entity).writeTable).insert(row).returning('id'));
  await indexTextValues(trx, db, entity, values);
  return id;
}

/** Updates the given fields; for the record store the JSON document is merged, not replaced. */
export async function updateRow(trx: Knex.Transaction, db: Database, entity: Entity, id: number, values: Row, before: Row, actorId: number): Promise<void> {
  const merged = entity.storage.kind === 'records' ? { ...before, ...values } : values;
  const row: Row = { ...rowToDb(entity, merged), updated_at: nowIso(), updated_by: actorId };
  const ext = extensionValues(entity, values);
  if (ext) row.ext = mergedExt(db, ext);
  await trx(entityTable(db.knex, db.dialect, entity).writeTable).where({ id }).update(row);
  await indexTextValues(trx, db, entity, values);
}

/**
 * The row's `ext` with the given extension values set, in the same UPDATE: keys of fields removed
 * from the metadata (or not on this form) stay as they are.
 */
function mergedExt(db: Database, ext: Row): Knex.Raw {
  if (db.dialect === 'pg') return db.knex.raw("coalesce(??, '{}'::jsonb) || ?::jsonb", ['ext', JSON.stringify(ext)]);
  const keys = Object.keys(ext);
  return db.knex.raw(`json_set(coalesce(??, '{}'), ${keys.map(() => '?, json(?)').join(', ')})`, ['ext', ...keys.flatMap((k) => [`$.${k}`, JSON.stringify(ext[k])])]);
}

export async function setRowDisabled(trx: Knex.Transaction, db: Database, entity: Entity, id: number, disabled: boolean, actorId: number): Promise<void> {
  await trx(entityTable(db.knex, db.dialect, entity).writeTable).where({ id }).update({ disabled, updated_at: nowIso(), updated_by: actorId });
}

export async function deleteRow(trx: Knex.Transaction, db: Database, entity: Entity, id: number): Promise<void> {
  await trx(entityTable(db.knex, db.dialect, entity).writeTable).where({ id }).delete();
}

/** Records by id, as findRow reads each (no access check), in one query. */
export async function findRows(db: Database, entity: Entity, ids: readonly number[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const t = entityTable(db.knex, db.dialect, entity);
  const q = (currentTransaction() ?? db.knex)(t.table).select(selectList(db, entity, t)).whereIn(`${t.table}.id`, [...ids]);
  if (t.typeFilter) q.where(t.typeFilter.column, t.typeFilter.value);
  return ((await q) as Row[]).map((r) => rowFromDb(entity, r));
}
