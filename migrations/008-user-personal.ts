import type { Knex } from 'knex';

/** The personal profile (form 1): middle name, phone and mailing address of a person. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('middle_name', 100).nullable();
    t.string('phone_number', 20).nullable();
    t.string('address_line1', 200).nullable();
    t.string('address_line2', 200).nullable();
    t.string('city', 100).nullable();
    t.string('state', 2).nullable();
    t.string('zip_code', 10).nullable();
    t.string('county', 100).nullable();
    t.timestamp('welcome_sent_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    for (const c of ['middle_name', 'phone_number', 'address_line1', 'address_line2', 'city', 'state', 'zip_code', 'county', 'welcome_sent_at']) t.dropColumn(c);
  });
}
