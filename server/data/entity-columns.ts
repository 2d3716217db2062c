import type { Knex } from 'knex';
import type { Entity, FieldType } from '../../engine/metadata/entity-schema.js';
import { SYSTEM_FIELDS } from '../../engine/metadata/system-fields.js';
import { snakeCase } from '../../engine/text/snake-case.js';
import type { Dialect } from './db.js';

/** Where an entity's rows live and how each field is reached in SQL. */
export interface EntityTable {
  table: string;
  /** where rows are written: the table (the read side may be a view with computed columns) */
  writeTable: string;
  /** SQL for a field: a quoted column for table storage, a JSON extraction for the record store */
  expr: (field: string) => Knex.Raw;
  /** the condition that limits the record store to this entity type (none for tables) */
  typeFilter: { column: string; value: number } | null;
}

export function columnOf(entity: Entity, field: string): string | null {
  const system = SYSTEM_FIELDS[field];
  if (system) return system.column;
  if (entity.storage.kind === 'records') return field === entity.ownerField ? 'owner_id' : null;
  const f = entity.fields.find((x) => x.id === field);
  return f ? (f.column ?? snakeCase(f.id)) : null;
}

function jsonExpr(knex: Knex, dialect: Dialect, path: string[], type: FieldType): Knex.Raw {
  if (dialect === 'sqlite') return knex.raw('json_extract(??, ?)', ['data', `$.${path.join('.')}`]);
  const text = path.length === 1 ? knex.raw('(??->>?)', ['data', path[0]]) : knex.raw('(?? #>> ?)', ['data', `{${path.join(',')}}`]);
  if (type === 'integer' || type === 'number') return knex.raw('(?)::numeric', [text]);
  if (type === 'boolean') return knex.raw('(?)::boolean', [text]);
  return text;
}

const cache = new WeakMap<Entity, Map<string, Knex.Raw>>();

export function entityTable(knex: Knex, dialect: Dialect, entity: Entity): EntityTable {
  let exprs = cache.get(entity);
  if (!exprs) cache.set(entity, (exprs = new Map()));
  const memo = exprs;
  const records = entity.storage.kind === 'records';
  return {
    table: entity.storage.kind === 'table' ? (entity.storage.view ?? entity.storage.table) : 'records',
    writeTable: entity.storage.kind === 'table' ? entity.storage.table : 'records',
    typeFilter: records ? { column: 'entity_type_id', value: entity.id } : null,
    expr: (field) => {
      let e = memo.get(field);
      if (e) return e;
      const column = columnOf(entity, field.split('.')[0]!);
      if (column && !field.includes('.')) e = knex.raw(knex.raw('??', [column]).toSQL().sql);
      else if (records) {
        const type = entity.fields.find((f) => f.id === field)?.type ?? 'string';
        e = jsonExpr(knex, dialect, field.split('.'), type);
      } else throw new Error(`entity ${entity.id} has no field ${field}`);
      memo.set(field, e);
      return e;
    },
  };
}
