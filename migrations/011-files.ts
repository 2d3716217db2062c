import type { Knex } from 'knex';

/**
 * Uploaded and generated files (spec part 2 "File"): the bytes live on disk under
 * <DATA_DIR>/files, named by the random key; this table holds what is known about them. A file
 * uploaded through a form is pending (entity_id null) until the record is saved with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    t.bigIncrements('id');
    /** random and unguessable: the download address and the name on disk */
    t.string('key', 64).notNullable().unique();
    /** u (user record file), s (system file), r (report) */
    t.string('kind', 1).notNullable();
    t.string('file_set_id', 64).nullable();
    t.string('original_name', 300).notNullable();
    /** lower-cased name: duplicate names in one file set are refused */
    t.string('name_lc', 300).notNullable();
    t.string('content_type', 120).notNullable();
    t.bigInteger('size').notNullable();
    t.string('sha256', 64).notNullable();
    t.integer('owner_user_id').nullable().references('id').inTable('users');
    t.integer('entity_type_id').nullable();
    t.bigInteger('entity_id').nullable();
    t.integer('form_element_id').nullable();
    t.integer('uploaded_by').nullable().references('id').inTable('users');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('deleted_at', { useTz: true }).nullable();
    t.index(['entity_type_id', 'entity_id']);
    t.index(['file_set_id']);
    t.index(['uploaded_by', 'entity_id']);
  });
  await knex.raw('CREATE UNIQUE INDEX files_live_name_in_set ON files (file_set_id, name_lc) WHERE deleted_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('files');
}
