import type { Knex } from 'knex';

/**
 * Domain events (server/events): written in the transaction of the change that causes them,
 * then handed to subscribers (notifications, real time) at least once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('domain_events', (t) => {
    t.bigIncrements('id');
    t.string('type', 60).notNullable();
    t.text('payload').notNullable();
    t.integer('actor_id').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.timestamp('dispatched_at', { useTz: true }).nullable();
    t.text('last_error').nullable();
    t.index(['dispatched_at', 'next_attempt_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('domain_events');
}
