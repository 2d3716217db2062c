import type { Knex } from 'knex';

/**
 * Automatic sign-in locks that expire (`locked_until`, with a back-off that grows with
 * `automatic_locks`) beside the administrator's lock (`locked`, until unlocked), and the session
 * generation: raising it ends every token signed before (password change or reset, lock, archive,
 * a removed role).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('locked_until', { useTz: true }).nullable();
    t.integer('automatic_locks').notNullable().defaultTo(0);
    t.integer('session_generation').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('locked_until');
    t.dropColumn('automatic_locks');
    t.dropColumn('session_generation');
  });
}
