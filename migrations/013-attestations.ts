import type { Knex } from 'knex';
import { recordColumns } from './helpers.js';

/**
 * Attestations (entity 102): a director's statement about one staff member, one per person and
 * employer, keeping the text that was attested. Also the two endorsement fields certification rows
 * lacked (subcategory, renew date); the other endorsement fields reuse the certification columns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attestations', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').notNullable().references('id').inTable('organizations');
    t.boolean('approved').notNullable().defaultTo(false);
    t.timestamp('attestation_date', { useTz: true }).nullable();
    t.integer('attestor_id').nullable().references('id').inTable('users');
    t.text('attestation_text').notNullable();
    t.text('comment').nullable();
    recordColumns(t);
    t.unique(['user_id', 'organization_id']);
  });
  await knex.schema.alterTable('certification', (t) => {
    t.string('endorsement_subcategory', 180).nullable();
    t.date('renew_date').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('certification', (t) => {
    t.dropColumn('endorsement_subcategory');
    t.dropColumn('renew_date');
  });
  await knex.schema.dropTableIfExists('attestations');
}
