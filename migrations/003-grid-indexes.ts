import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * Indexes the generic grid needs at a million rows (docs/performance.md):
 * - education (disabled, end_date, id): the admin grid's default sort (End Date descending) walks it
 *   instead of sorting, and deep OFFSET pages skip through it without reading the table. On
 *   PostgreSQL the columns are NULLS FIRST, so that grid-query.ts's `desc nulls last` ordering is
 *   this index read backwards.
 * - education (school, disabled, updated_at): Contains on school goes through the distinct values in
 *   text_index; per value this index gives the capped count without the table and the latest update
 *   in one seek. It starts with (school), so the single-column school index of 002 is dropped.
 */
export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw('CREATE INDEX education_disabled_end_date_id_index ON education (disabled, end_date NULLS FIRST, id NULLS FIRST)');
  } else {
    await knex.raw('CREATE INDEX education_disabled_end_date_id_index ON education (disabled, end_date, id)');
  }
  await knex.raw('CREATE INDEX education_school_disabled_updated_at_index ON education (school, disabled, updated_at)');
  await knex.raw('DROP INDEX IF EXISTS education_school_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS education_school_index ON education (school)');
  await knex.raw('DROP INDEX IF EXISTS education_school_disabled_updated_at_index');
  await knex.raw('DROP INDEX IF EXISTS education_disabled_end_date_id_index');
}
