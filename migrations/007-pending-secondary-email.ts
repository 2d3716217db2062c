import type { Knex } from 'knex';

/**
 * A new secondary e-mail address waits here until its owner follows the confirmation link
 * (account_codes purpose 'secondary'); only then does it become users.secondary_email.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('pending_secondary_email', 254).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('pending_secondary_email');
  });
}
