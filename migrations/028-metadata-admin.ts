import type { Knex } from 'knex';

/**
 * The administrators' metadata layer (issue 13): each published version (who, when, why, what
 * changed) with the WHOLE layer it made (small: a few documents), each administrator's own drafts,
 * and every id ever published (ids are never reused). JSON is kept as text on both databases: it
 * is read and written whole, never queried inside.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('metadata_versions', (t) => {
    t.increments('id');
    t.string('tenant', 20).notNullable();
    t.integer('number').notNullable();
    t.integer('author_id').notNullable().references('id').inTable('users');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.text('comment').notNullable();
    t.string('action', 10).notNullable();
    t.integer('restored_number').nullable();
    t.text('changed').notNullable();
    t.text('widening_confirmed').nullable();
    t.unique(['tenant', 'number']);
  });
  await knex.schema.createTable('metadata_layer_docs', (t) => {
    t.integer('version_id').notNullable().references('id').inTable('metadata_versions');
    t.string('path', 200).notNullable();
    t.text('data').notNullable();
    t.primary(['version_id', 'path']);
  });
  await knex.schema.createTable('metadata_drafts', (t) => {
    t.string('tenant', 20).notNullable();
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('kind', 20).notNullable();
    t.string('doc_id', 100).notNullable();
    t.text('data').notNullable();
    // the published version the draft was first made over: publishing it after another change of the document is refused
    t.integer('base_number').notNullable().defaultTo(0);
    // made by POST /import (an export of the layer): a publish of imported drafts only is an 'import' version
    t.boolean('imported').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['tenant', 'user_id', 'kind', 'doc_id']);
  });
  await knex.schema.createTable('metadata_used_ids', (t) => {
    t.string('tenant', 20).notNullable();
    t.string('kind', 20).notNullable();
    t.string('id', 100).notNullable();
    t.primary(['tenant', 'kind', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['metadata_used_ids', 'metadata_drafts', 'metadata_layer_docs', 'metadata_versions']) await knex.schema.dropTableIfExists(t);
}
