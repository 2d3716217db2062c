import type { Knex } from 'knex';
import { isExtensionField, type Entity, type FieldType } from '../../engine/metadata/entity-schema.js';
import { SYSTEM_FIELDS } from '../../engine/metadata/system-fields.js';
import type { Database } from './db.js';
import { columnOf, type EntityTable } from './entity-columns.js';

const selectCache = new WeakMap<Entity, Knex.Raw[]>();

/**
 * The select list of an entity: every field and system field, aliased to its field id. Compiled
 * to SQL text once: knex formats identifiers on every query otherwise (a third of a page's time).
 */
export function selectList(db: Database, entity: Entity, t: EntityTable): Knex.Raw[] {
  const cached = selectCache.get(entity);
  if (cached) return cached;
  const list: Knex.Raw[] = [];
  for (const [id, s] of Object.entries(SYSTEM_FIELDS)) list.push(db.knex.raw('?? as ??', [`${t.table}.${s.column}`, id]));
  if (entity.storage.kind === 'records') {
    list.push(db.knex.raw('?? as ??', [`${t.table}.data`, '__data']));
    if (entity.ownerField) list.push(db.knex.raw('?? as ??', [`${t.table}.owner_id`, entity.ownerField]));
  } else {
    for (const f of entity.fields) if (!isExtensionField(f)) list.push(db.knex.raw('?? as ??', [`${t.table}.${columnOf(entity, f.id)}`, f.id]));
    if (t.ext) list.push(db.knex.raw('? as ??', [t.ext, '__ext']));
  }
  const compiled = [db.knex.raw(list.map((r) => r.toSQL().sql).join(', '))];
  selectCache.set(entity, compiled);
  return compiled;
}

function typed(type: FieldType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'boolean': return v === true || v === 1 || v === '1' || v === 'true';
    case 'integer':
    case 'number': {
      // a JSON value saved before the field became a number (extension, record store) reads as null
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? n : null;
    }
    case 'list': return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    case 'datetime': return v instanceof Date ? v.toISOString() : String(v);
    default: return v instanceof Date ? v.toISOString().slice(0, 10) : v;
  }
}

/** A JSON object column as read: a string on SQLite, parsed already on PostgreSQL, null when never set. */
function jsonObject(raw: unknown): Record<string, unknown> {
  return (typeof raw === 'string' ? JSON.parse(raw) : raw ?? {}) as Record<string, unknown>;
}

const SYSTEM_LIST = Object.entries(SYSTEM_FIELDS);

/** How an entity's fields are read from its rows, worked out once per entity (a grid page maps every row). */
interface RowReader {
  records: boolean;
  ownerField: string | undefined;
  fields: readonly { id: string; type: FieldType; extension: boolean }[];
}
const readers = new WeakMap<Entity, RowReader>();
function readerOf(entity: Entity): RowReader {
  let reader = readers.get(entity);
  if (!reader) {
    reader = { records: entity.storage.kind === 'records', ownerField: entity.ownerField, fields: entity.fields.map((f) => ({ id: f.id, type: f.type, extension: isExtensionField(f) })) };
    readers.set(entity, reader);
  }
  return reader;
}

/** A database row as the API shows it: field ids, typed values. */
export function rowFromDb(entity: Entity, r: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [id, s] of SYSTEM_LIST) row[id] = typed(s.type, r[id]);
  const reader = readerOf(entity);
  if (reader.records) {
    const data = jsonObject(r.__data);
    for (const f of reader.fields) row[f.id] = f.id === reader.ownerField ? typed(f.type, r[f.id]) : typed(f.type, data[f.id] ?? null);
  } else {
    const ext = '__ext' in r ? jsonObject(r.__ext) : {};
    for (const f of reader.fields) row[f.id] = typed(f.type, f.extension ? (ext[f.id] ?? null) : r[f.id]);
  }
  return row;
}

/** Field values (by field id) to the database columns of a table entity, or the record-store row. */
export function rowToDb(entity: Entity, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (entity.storage.kind === 'records') {
    const data: Record<string, unknown> = {};
    for (const f of entity.fields) {
      if (!(f.id in values)) continue;
      if (f.id === entity.ownerField) out.owner_id = values[f.id];
      else data[f.id] = values[f.id];
    }
    out.data = JSON.stringify(data);
    return out;
  }
  for (const f of entity.fields) {
    if (!(f.id in values) || f.computed || isExtensionField(f)) continue;
    const v = values[f.id];
    out[columnOf(entity, f.id)!] = f.type === 'list' && v !== null ? JSON.stringify(v) : v;
  }
  return out;
}

/** The extension field values among `values` (by field id), or null when none is given. */
export function extensionValues(entity: Entity, values: Record<string, unknown>): Record<string, unknown> | null {
  if (entity.storage.kind !== 'table') return null;
  const fields = entity.fields.filter((f) => isExtensionField(f) && f.id in values);
  return fields.length ? Object.fromEntries(fields.map((f) => [f.id, values[f.id] ?? null])) : null;
}
