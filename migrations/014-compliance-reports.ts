import type { Knex } from 'knex';
import { employmentRecordRows } from './010-employment.js';
import { isPostgres } from './helpers.js';

/** An employment row has archived reports when a report of a finished cycle exists for that person and organization. */
const archived = (today: string) => `exists (select 1 from compliance_reports c where c.user_id = e.user_id and c.organization_id = e.organization_id and c.cycle_end <= ${today})`;

/** hasArchivedComplianceReports as of the database's current date (also used by migration 015). */
export const archivedToday = (knex: Knex) => archived(isPostgres(knex) ? 'current_date' : "date('now')");

/**
 * Training Reports (compliance report, entity 33): the PDF of a person's training in one QRIS
 * cycle at one organization, kept so a cached copy can be fetched by id and past cycles archived.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('compliance_reports', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').nullable().references('id').inTable('organizations');
    t.date('cycle_start').notNullable();
    t.date('cycle_end').notNullable();
    t.string('status', 20).notNullable();
    t.binary('pdf').notNullable();
    t.integer('training_count').notNullable();
    t.integer('generated_by').notNullable().references('id').inTable('users');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'organization_id', 'cycle_start']);
  });
  await knex.raw('drop view employment_record_rows');
  await knex.raw(employmentRecordRows(archivedToday(knex)));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists employment_record_rows');
  await knex.raw(employmentRecordRows('false'));
  await knex.schema.dropTableIfExists('compliance_reports');
}
