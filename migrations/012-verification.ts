import type { Knex } from 'knex';
import { recordColumns } from './helpers.js';

/**
 * Verification of records: verifications (entity 15, one per request or direct decision, the
 * record's latest one `is_current`), their history of actions (entity 29: 1 Requested,
 * 3 Approved, 4 Declined, 5 Removed) and the reviewers' views of a record, which enable
 * Verify and Decline (spec part 2 section 4).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('verifications', (t) => {
    t.increments('id');
    t.integer('entity_type_id').notNullable();
    t.integer('entity_id').notNullable();
    t.integer('primary_entity_id').notNullable().references('id').inTable('users');
    t.string('verification_type', 100).notNullable();
    t.string('primary_entity_name', 200).notNullable();
    t.string('identifier', 180).nullable();
    t.string('status', 20).notNullable();
    t.boolean('is_current').notNullable().defaultTo(true);
    recordColumns(t);
    t.index(['entity_type_id', 'entity_id', 'is_current']);
    t.index(['status', 'created_at']);
    t.index(['primary_entity_id']);
    t.index(['updated_at', 'id']);
  });
  // at most one current verification per record, so two requests at once cannot both succeed
  await knex.raw('CREATE UNIQUE INDEX verifications_one_current ON verifications (entity_type_id, entity_id) WHERE is_current = true');
  await knex.schema.createTable('verification_actions', (t) => {
    t.increments('id');
    t.integer('verification_id').notNullable().references('id').inTable('verifications');
    t.integer('action_type').notNullable();
    t.integer('acting_user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').nullable().references('id').inTable('organizations');
    t.text('comments').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['verification_id', 'created_at']);
    t.index(['acting_user_id', 'created_at']);
  });
  await knex.schema.createTable('verification_views', (t) => {
    t.bigIncrements('id');
    t.integer('entity_type_id').notNullable();
    t.integer('entity_id').notNullable();
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.timestamp('viewed_at', { useTz: true }).notNullable();
    t.index(['entity_type_id', 'entity_id', 'user_id', 'viewed_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['verification_views', 'verification_actions', 'verifications']) await knex.schema.dropTableIfExists(t);
}
