import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/**
 * Education (entity 4), Certification/Credential (entity 7), the generic JSON record store for
 * entity types declared without a table, and the text index that keeps Contains filters fast.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  await knex.schema.createTable('education', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('education_level', 180).notNullable();
    t.string('school', 180).notNullable();
    t.string('major', 180).nullable();
    t.string('degree_status', 40).nullable();
    t.date('start_date').nullable();
    t.date('end_date').nullable();
    t.float('credit_hours').nullable();
    t.string('file_key', 100).nullable();
    t.string('verification_status', 20).nullable();
    t.boolean('verified').notNullable().defaultTo(false);
    recordColumns(t);
    t.index(['user_id', 'disabled', 'end_date']);
    t.index(['end_date', 'id']);
    t.index(['school']);
    t.index(['disabled', 'updated_at']);
  });
  await knex.schema.createTable('certification', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('certification_type', 60).notNullable();
    t.string('certification_name', 180).notNullable();
    t.string('issuing_body', 180).notNullable();
    t.string('credential_number', 60).nullable();
    t.date('issue_date').nullable();
    t.date('expiration_date').nullable();
    t.string('file_key', 100).nullable();
    t.boolean('is_endorsement').notNullable().defaultTo(false);
    t.string('verification_status', 20).nullable();
    t.boolean('verified').notNullable().defaultTo(false);
    recordColumns(t);
    t.index(['user_id', 'disabled', 'issue_date']);
    t.index(['certification_name']);
  });
  await knex.schema.createTable('records', (t) => {
    t.bigIncrements('id');
    t.integer('entity_type_id').notNullable();
    t.integer('owner_id').nullable().references('id').inTable('users');
    if (pg) t.jsonb('data').notNullable();
    else t.text('data').notNullable();
    recordColumns(t);
    t.index(['entity_type_id', 'owner_id', 'disabled']);
    t.index(['entity_type_id', 'updated_at']);
  });
  await knex.schema.createTable('text_index', (t) => {
    t.increments('id');
    t.integer('entity_type_id').notNullable();
    t.string('field', 60).notNullable();
    t.string('value', 500).notNullable();
    t.string('value_lc', 500).notNullable();
    t.unique(['entity_type_id', 'field', 'value']);
  });
  if (pg) {
    await knex.raw('CREATE INDEX text_index_trgm ON text_index USING gin (value_lc gin_trgm_ops)');
  } else {
    await knex.raw("CREATE VIRTUAL TABLE text_index_fts USING fts5(value_lc, content='text_index', content_rowid='id', tokenize='trigram')");
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) await knex.raw('DROP TABLE IF EXISTS text_index_fts');
  for (const t of ['text_index', 'records', 'certification', 'education']) await knex.schema.dropTableIfExists(t);
}
