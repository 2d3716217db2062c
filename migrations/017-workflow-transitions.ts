import type { Knex } from 'knex';

/**
 * The history of every metadata workflow (one table for all): each transition fired on a record,
 * numbered per record. The unique (record, sequence) pair is the compare-and-set of two
 * transitions fired at once on the same record: only one of them can store its step.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('workflow_transitions', (t) => {
    t.increments('id');
    t.string('workflow_id', 100).notNullable();
    t.integer('entity_type_id').notNullable();
    t.integer('entity_id').notNullable();
    t.integer('sequence').notNullable();
    t.string('transition_id', 100).notNullable();
    t.string('from_state', 100).notNullable();
    t.string('to_state', 100).notNullable();
    t.text('comment').nullable();
    t.integer('actor_id').notNullable().references('id').inTable('users');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['entity_type_id', 'entity_id', 'sequence']);
    t.index(['actor_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('workflow_transitions');
}
