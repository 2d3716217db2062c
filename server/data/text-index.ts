import type { Knex } from 'knex';
import type { Entity } from '../../engine/metadata/entity-schema.js';
import type { Database } from './db.js';
import { insertedId } from './inserted-id.js';

/** `%term%` for LIKE, with the wildcard characters of the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The distinct values of an indexed field that contain the term: a trigram index (SQLite FTS5,
 * PostgreSQL pg_trgm) over the distinct values for 3 characters and more, the values' 2-character
 * pieces for 2 (migration 035), so Contains stays fast on a million rows. A 1-character term checks
 * every value of the field.
 */
export function textIndexMatch(db: Database, entityTypeId: number, field: string, term: string): Knex.QueryBuilder {
  const q = db.knex('text_index').select('value');
  const length = [...term].length;
  if (db.dialect === 'sqlite' && length >= 3) {
    // each match by its rowid: without statistics SQLite would walk every value of the field instead
    // (the unary + keeps it off the (entity type, field, value) index), which costs a field of 100,000 values
    q.whereRaw('id in (select rowid from text_index_fts where text_index_fts match ?)', [ftsPhrase(term)])
      .whereRaw('+entity_type_id = ? and +field = ?', [entityTypeId, field]);
    return q;
  }
  q.where({ entity_type_id: entityTypeId, field });
  if (length === 2 && db.dialect === 'sqlite') q.whereIn('id', bigramValueIds(db, entityTypeId, field, term));
  // the GIN index of the field's 2-character pieces (migration 035); trigrams serve 3 and more
  else if (length === 2) q.whereRaw('text_bigrams(value_lc) @> array[?]::text[]', [term.toLowerCase()]);
  else q.whereRaw(`value_lc like ? escape '\\'`, [containsPattern(term)]);
  return q;
}

const ftsPhrase = (term: string): string => `"${term.toLowerCase().replace(/"/g, '""')}"`;

/** SQLite: the ids of the field's values holding a 2-character term, from text_index_bigrams (migration 035). */
function bigramValueIds(db: Database, entityTypeId: number, field: string, term: string): Knex.QueryBuilder {
  return db.knex('text_index_bigrams').select('value_id').where({ entity_type_id: entityTypeId, field, gram: term.toLowerCase() });
}

/**
 * The distinct values of the field containing the term, at most `max` + 1 of them: on SQLite the
 * FTS matches are walked (a join), not listed first, so a term matching 100,000 values stops after
 * max + 1 of them.
 */
export function valuesProbe(db: Database, entityTypeId: number, field: string, term: string, max: number): Knex.QueryBuilder {
  const length = [...term].length;
  if (db.dialect === 'sqlite' && length >= 3) {
    return db.knex.from('text_index_fts').join('text_index', 'text_index.id', 'text_index_fts.rowid')
      .whereRaw('text_index_fts match ?', [ftsPhrase(term)]).where({ 'text_index.entity_type_id': entityTypeId, 'text_index.field': field })
      .select('text_index.value').limit(max + 1);
  }
  if (db.dialect === 'sqlite' && length === 2) {
    return db.knex('text_index').select('value').whereIn('id', bigramValueIds(db, entityTypeId, field, term).limit(max + 1));
  }
  return textIndexMatch(db, entityTypeId, field, term).limit(max + 1);
}

/** How many of the field's values, the first in the field's order, the density sample reads. */
export const TEXT_SAMPLE = 250;

/**
 * How many of the field's first TEXT_SAMPLE values (in the field's order) contain the term: a walk
 * of the (entity type, field, value) index that reads TEXT_SAMPLE entries at most, whatever the term.
 */
export function valuesSample(db: Database, entityTypeId: number, field: string, term: string): Knex.QueryBuilder {
  const first = db.knex('text_index').select('value_lc').where({ entity_type_id: entityTypeId, field })
    .orderBy([{ column: 'entity_type_id' }, { column: 'field' }, { column: 'value' }]).limit(TEXT_SAMPLE).as('text_sample');
  return db.knex.from(first).whereRaw(`value_lc like ? escape '\\'`, [containsPattern(term)]).count({ c: '*' });
}

/**
 * The field's first `max` values containing the term, in the field's own order: a walk of the
 * (entity type, field, value) index checking each value, quick for a term that many values contain.
 */
export function valuesInOrder(db: Database, entityTypeId: number, field: string, term: string, direction: 'asc' | 'desc', max: number): Knex.QueryBuilder {
  return db.knex('text_index').select('value').where({ entity_type_id: entityTypeId, field })
    .whereRaw(`value_lc like ? escape '\\'`, [containsPattern(term)]).orderBy([{ column: 'entity_type_id', order: direction }, { column: 'field', order: direction }, { column: 'value', order: direction }]).limit(max);
}

/** Keeps the text index in step with a write, inside the writer's transaction. */
export async function indexTextValues(trx: Knex | Knex.Transaction, db: Database, entity: Entity, values: Record<string, unknown>): Promise<void> {
  for (const field of entity.fields) {
    if (!field.textIndex) continue;
    const value = values[field.id];
    if (typeof value !== 'string' || value === '') continue;
    const row = { entity_type_id: entity.id, field: field.id, value, value_lc: value.toLowerCase() };
    const inserted = (await trx('text_index').insert(row).onConflict(['entity_type_id', 'field', 'value']).ignore().returning('id')) as unknown[];
    if (db.dialect === 'sqlite' && inserted.length > 0) {
      await trx.raw('insert into text_index_fts(rowid, value_lc) values (?, ?)', [insertedId(inserted), row.value_lc]);
    }
  }
}
