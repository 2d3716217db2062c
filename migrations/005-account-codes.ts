import type { Knex } from 'knex';

/**
 * One-time codes sent by e-mail: account confirmation (24 hours) and password reset. Only a
 * SHA-256 hash of each code is stored; a code is spent by setting used_at.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_codes', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('purpose', 20).notNullable();
    t.string('code_hash', 64).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('account_codes');
}
