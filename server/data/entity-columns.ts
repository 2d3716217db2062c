import type { Knex } from 'knex';
import { isExtensionField, type Entity, type FieldType } from '../../engine/metadata/entity-schema.js';
import { SYSTEM_FIELDS } from '../../engine/metadata/system-fields.js';
import { snakeCase } from '../../engine/text/snake-case.js';
import type { Dialect } from './db.js';

/** Where an entity's rows live and how each field is reached in SQL. */
export interface EntityTable {
  table: string;
  /** where rows are written: the table (the read side may be a view with computed columns) */
  writeTable: string;
  /** SQL for a field: a quoted column, or a JSON extraction (record store, extension fields) */
  expr: (field: string) => Knex.Raw;
  /** the row's `ext` JSON object of a table entity with extension fields (null otherwise) */
  ext: Knex.Raw | null;
  /** the condition that limits the record store to this entity type (none for tables) */
  typeFilter: { column: string; value: number } | null;
}

/** The column names of a table or view (none when it does not exist). */
export async function columnNames(knex: Knex, table: string): Promise<Set<string>> {
  return new Set(Object.keys(await knex(table).columnInfo()));
}

/** The column of a field; null for a field kept in JSON (record store, extension field). */
export function columnOf(entity: Entity, field: string): string | null {
  const system = SYSTEM_FIELDS[field];
  if (system) return system.column;
  if (entity.storage.kind === 'records') return field === entity.ownerField ? 'owner_id' : null;
  const f = entity.fields.find((x) => x.id === field);
  return f && !isExtensionField(f) ? (f.column ?? snakeCase(f.id)) : null;
}

/**
 * PostgreSQL reads JSON values as text: these types are cast so they compare and sort as numbers,
 * booleans, dates and instants. A value of another shape (a field whose type was changed after
 * values were saved, a value written by other means) reads as null instead of failing the query:
 * the shapes are exact, and the casts that may still fail on a text of the right shape (2024-04-31,
 * a number past numeric's range) are functions that answer null (migration 030).
 */
const DAY = '[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])';
const PG_CASTS: Partial<Record<FieldType, { cast: string; shape: string }>> = {
  integer: { cast: 'ecr_try_numeric(?)', shape: '^-?[0-9]+(\\.[0-9]+)?$' },
  number: { cast: 'ecr_try_numeric(?)', shape: '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$' },
  boolean: { cast: '(?)::boolean', shape: '^(true|false)$' },
  date: { cast: 'ecr_try_date(?)', shape: `^${DAY}$` },
  datetime: { cast: 'ecr_try_timestamptz(?)', shape: `^${DAY}[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?)?(Z|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)?$` },
};

/** A value inside a JSON object column (`source`): json_extract on SQLite, ->> with a cast on PostgreSQL. */
function jsonExpr(knex: Knex, dialect: Dialect, source: Knex.Raw, path: string[], type: FieldType): Knex.Raw {
  if (dialect === 'sqlite') return knex.raw('json_extract(?, ?)', [source, `$.${path.join('.')}`]);
  const text = path.length === 1 ? knex.raw('(?->>?)', [source, path[0]]) : knex.raw('(? #>> ?)', [source, `{${path.join(',')}}`]);
  const cast = PG_CASTS[type];
  return cast ? knex.raw(`(case when ? ~ ? then ${cast.cast} end)`, [text, cast.shape, text]) : text;
}

/** SQL text of identifiers, formatted once (knex formats identifiers on every query otherwise). */
function compiled(knex: Knex, sql: string, names: string[]): Knex.Raw {
  return knex.raw(knex.raw(sql, names).toSQL().sql);
}

/**
 * The `ext` object of a table entity's row: its own column, or, read through a view, the column of
 * the written table's row with the same id (a view row is written back by that id, so it is one).
 */
function extSource(knex: Knex, entity: Entity): Knex.Raw | null {
  if (entity.storage.kind !== 'table' || !entity.fields.some(isExtensionField)) return null;
  const { table, view } = entity.storage;
  if (view === undefined || view === table) return compiled(knex, '??', [`${table}.ext`]);
  return compiled(knex, '(select ?? from ?? as ?? where ?? = ??)', ['ext_row.ext', table, 'ext_row', 'ext_row.id', `${view}.id`]);
}

/** Per entity: the field expressions made so far and the JSON object columns its fields are read from. */
const cache = new WeakMap<Entity, { exprs: Map<string, Knex.Raw>; data: Knex.Raw | null; ext: Knex.Raw | null }>();

export function entityTable(knex: Knex, dialect: Dialect, entity: Entity): EntityTable {
  let memo = cache.get(entity);
  const records = entity.storage.kind === 'records';
  if (!memo) cache.set(entity, (memo = { exprs: new Map(), data: records ? compiled(knex, '??', ['data']) : null, ext: extSource(knex, entity) }));
  const { exprs, data, ext } = memo;
  return {
    table: entity.storage.kind === 'table' ? (entity.storage.view ?? entity.storage.table) : 'records',
    writeTable: entity.storage.kind === 'table' ? entity.storage.table : 'records',
    typeFilter: records ? { column: 'entity_type_id', value: entity.id } : null,
    ext,
    expr: (field) => {
      let e = exprs.get(field);
      if (e) return e;
      const path = field.split('.');
      const column = columnOf(entity, path[0]!);
      const f = entity.fields.find((x) => x.id === field);
      if (column && path.length === 1) e = compiled(knex, '??', [column]);
      else if (data) e = jsonExpr(knex, dialect, data, path, f?.type ?? 'string');
      else if (ext && f && isExtensionField(f)) e = jsonExpr(knex, dialect, ext, path, f.type);
      else throw new Error(`entity ${entity.id} has no field ${field}`);
      exprs.set(field, e);
      return e;
    },
  };
}
