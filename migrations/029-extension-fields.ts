import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * Extension fields (issue 13): a field an administrator adds to a table-backed entity in metadata
 * (`"storage": "extension"`) is kept in the row's `ext` JSON object under the field id, so no
 * migration is needed per field. Every table that a table entity's forms write gets the column
 * (jsonb on PostgreSQL, JSON text on SQLite; null until a value is saved). Listed here, not read
 * from the metadata: a migration stays as it ran. A view-backed entity reaches its table's `ext`
 * by the row id (server/data/entity-columns.ts), so no view is recreated. A later migration that
 * creates a table written by forms adds `ext` too (tests/server/extension-fields.test.ts checks).
 */
const TABLES = [
  'alerts', 'attestations', 'certification', 'education', 'employment_records', 'organizations',
  'referrals', 'role_actions', 'users', 'verifications',
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      if (isPostgres(knex)) t.jsonb('ext').nullable();
      else t.text('ext').nullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw('alter table ?? drop column ??', [table, 'ext']);
}
