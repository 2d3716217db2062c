import type { Knex } from 'knex';
import { employmentRecordRows } from './010-employment.js';
import { archivedToday } from './014-compliance-reports.js';

/** The record's verification fields, as education and certification have them (migration 002). */
const VERIFICATION_COLUMNS = ['verification_status', 'verified'] as const;
/** What the view adds: those fields and the person's name, which the reviewer's window shows. */
const VIEW_COLUMNS = [...VERIFICATION_COLUMNS.map((c) => `e.${c}`), "u.first_name || ' ' || u.last_name as primary_entity_name"];

/**
 * Experience start-date verification (spec part 2 sections 4 and 6): employment records
 * (entity 8) get the verification fields, and the view employment_record_rows shows them with the person's name.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop view employment_record_rows');
  await knex.schema.alterTable('employment_records', (t) => {
    t.string('verification_status', 20).nullable();
    t.boolean('verified').notNullable().defaultTo(false);
  });
  await knex.raw(employmentRecordRows(archivedToday(knex), VIEW_COLUMNS));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists employment_record_rows');
  // plain DROP COLUMN (SQLite 3.35+): knex's SQLite rebuild of the table would break the views over it
  for (const c of VERIFICATION_COLUMNS) await knex.raw('alter table employment_records drop column ??', [c]);
  await knex.raw(employmentRecordRows(archivedToday(knex)));
}
