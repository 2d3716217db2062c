import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/**
 * The resume (issue 28; spec part 2 sections 2, 3 and 5): entity 10, owned by the professional.
 * A resume is either uploaded (form 9: a description and a file) or generated: `is_generated`,
 * the records chosen for it per section (`selection`, JSON: the idsList of the save payload) and
 * the key of the PDF made at the last Save and Preview (`file_key`). `is_published` is set once,
 * by Publish, after which the selection no longer changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('resumes', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('description', 500).nullable();
    t.string('file_key', 200).nullable();
    t.boolean('is_generated').notNullable().defaultTo(false);
    t.boolean('is_published').notNullable().defaultTo(false);
    t.text('selection').nullable();
    recordColumns(t);
    if (isPostgres(knex)) t.jsonb('ext').nullable();
    else t.text('ext').nullable();
    t.index(['user_id', 'disabled']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('resumes');
}
