import type { Knex } from 'knex';
import { recordColumns } from './helpers.js';

/** Dashboard alerts (entity 20, form 18) and who dismissed which. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('alerts', (t) => {
    t.increments('id');
    t.string('subject', 180).notNullable();
    t.text('message').notNullable();
    t.boolean('dismissible').notNullable().defaultTo(true);
    t.date('start_date').nullable();
    t.date('end_date').nullable();
    recordColumns(t);
    t.index(['disabled', 'start_date']);
  });
  await knex.schema.createTable('alert_dismissals', (t) => {
    t.integer('alert_id').notNullable().references('id').inTable('alerts');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.timestamp('dismissed_at', { useTz: true }).notNullable();
    t.primary(['alert_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('alert_dismissals');
  await knex.schema.dropTableIfExists('alerts');
}
