import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * Contains with a 2-character term (Search Users asks for 2 characters at least) through an index:
 * trigram indexes serve 3 characters and more, so a rare 2-character term scanned every value of
 * the field (100,000 names: 50-70 ms, docs/performance.md).
 *
 * - PostgreSQL: a GIN index over each value's distinct 2-character pieces (`text_bigrams`), one
 *   partial index per text-indexed field of the shipped metadata, as the trigram indexes of 023,
 *   and one over every value for fields marked later.
 * - SQLite: the table `text_index_bigrams` (field, piece, value), kept by triggers on `text_index`
 *   whichever writer adds a value (the users' triggers of 021 and 022, indexTextValues); the pieces
 *   come from `text_index_positions` (1 to MAX_LENGTH), as a trigger body allows no recursive query.
 */
const MAX_LENGTH = 10_000;

/** The text-indexed fields of the shipped metadata (as migration 023 lists them). */
const TEXT_INDEXED_FIELDS: readonly [number, string][] = [
  [4, 'school'],
  [125, 'searchableName'],
  [181, 'lastName'],
  [181, 'firstName'],
  [181, 'userName'],
  [181, 'registryId'],
];

const pgIndexName = (entityTypeId: number, field: string) => `text_index_bigrams_${entityTypeId}_${field.toLowerCase()}`;

/** The 2-character pieces of the value(s) of `p`: a trigger's row (new., old.) or, with `from`, the whole table. */
const PIECES = (p: string, from = 'text_index_positions') => `select ${p}entity_type_id, ${p}field, substr(${p}value_lc, i, 2), ${p}id from ${from} where i < length(${p}value_lc)`;

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw(`create function text_bigrams(t text) returns text[] language sql immutable strict parallel safe as $$
  select coalesce(array_agg(distinct substr(t, i, 2)), '{}'::text[]) from generate_series(1, char_length(t) - 1) as i
$$`);
    for (const [entityTypeId, field] of TEXT_INDEXED_FIELDS) {
      await knex.raw(`create index ${pgIndexName(entityTypeId, field)} on text_index using gin (text_bigrams(value_lc)) where entity_type_id = ${entityTypeId} and field = '${field}'`);
    }
    // every other field (one an administrator marks text-indexed later): without an index the
    // pieces of each of its values would be computed per query
    await knex.raw('create index text_index_bigrams_all on text_index using gin (text_bigrams(value_lc))');
    return;
  }
  await knex.raw('create table text_index_positions (i integer primary key)');
  await knex.raw(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MAX_LENGTH}) insert into text_index_positions (i) select i from n`);
  await knex.raw(`create table text_index_bigrams (
  entity_type_id integer not null, field varchar(60) not null, gram varchar(2) not null, value_id integer not null,
  primary key (entity_type_id, field, gram, value_id)) without rowid`);
  await knex.raw(`insert or ignore into text_index_bigrams (entity_type_id, field, gram, value_id) ${PIECES('text_index.', 'text_index, text_index_positions')}`);
  await knex.raw(`create trigger text_index_bigrams_insert after insert on text_index begin
  insert or ignore into text_index_bigrams (entity_type_id, field, gram, value_id) ${PIECES('new.')};
end`);
  await knex.raw(`create trigger text_index_bigrams_delete after delete on text_index begin
  delete from text_index_bigrams where (entity_type_id, field, gram, value_id) in (${PIECES('old.')});
end`);
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    for (const [entityTypeId, field] of TEXT_INDEXED_FIELDS) await knex.raw(`drop index if exists ${pgIndexName(entityTypeId, field)}`);
    await knex.raw('drop index if exists text_index_bigrams_all');
    await knex.raw('drop function if exists text_bigrams(text)');
    return;
  }
  for (const t of ['insert', 'delete']) await knex.raw(`drop trigger if exists text_index_bigrams_${t}`);
  await knex.raw('drop table if exists text_index_bigrams');
  await knex.raw('drop table if exists text_index_positions');
}
