import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: one trigram index per text-indexed field of the shipped metadata, partial on its
 * (entity type, field), next to the shared one. The shared index holds every field's values: the
 * names of 100,000 people under four fields of the user row and the Search Users name share the
 * same trigrams ('per', 'son'), so a Contains on one field read the posting lists of all of them
 * (docs/performance.md). A field's own index reads only its values. The shared index stays for
 * fields added later (a query names its entity type and field as values, so the planner picks the
 * field's own index when there is one). SQLite looks values up through FTS5 by rowid: unchanged.
 */
const FIELDS: readonly [number, string][] = [
  [4, 'school'],
  [125, 'searchableName'],
  [181, 'lastName'],
  [181, 'firstName'],
  [181, 'userName'],
  [181, 'registryId'],
];

const indexName = (entityTypeId: number, field: string) => `text_index_trgm_${entityTypeId}_${field.toLowerCase()}`;

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const [entityTypeId, field] of FIELDS) {
    await knex.raw(`CREATE INDEX ${indexName(entityTypeId, field)} ON text_index USING gin (value_lc gin_trgm_ops) WHERE entity_type_id = ${entityTypeId} AND field = '${field}'`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const [entityTypeId, field] of FIELDS) await knex.raw(`DROP INDEX IF EXISTS ${indexName(entityTypeId, field)}`);
}
