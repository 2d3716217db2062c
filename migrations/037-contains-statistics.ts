import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL: statistics on the lower-cased value of each column behind a text-indexed field of
 * the shipped metadata (issue 11, docs/performance.md). A term most values hold is checked on
 * the rows with `lower(column) like '%term%'` (grid-filters.ts, 'like'); without statistics on
 * that expression the planner guesses that 0.5% of rows match. For an agency's staff and
 * 'person1' (300 of 2,000) it expected 10 matches and read all 2,000 rows to sort them (2.8 ms)
 * instead of walking them in name order to the first five (0.1 ms). With the expression's own
 * statistics it estimates 218. SQLite plans these statements without such estimates: unchanged.
 */
const COLUMNS: readonly [string, string][] = [
  ['education', 'school'],
  ['user_roles', 'searchable_name'],
  ['users', 'first_name'],
  ['users', 'last_name'],
  ['users', 'user_name'],
  ['users', 'registry_id'],
];

const statisticsName = (table: string, column: string) => `${table}_${column}_lower`;

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const [table, column] of COLUMNS) await knex.raw(`create statistics ${statisticsName(table, column)} on (lower(${column})) from ${table}`);
  // the statistics are gathered by the next analyze: now, for the rows already there
  for (const table of new Set(COLUMNS.map(([t]) => t))) await knex.raw(`analyze ${table}`);
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const [table, column] of COLUMNS) await knex.raw(`drop statistics if exists ${statisticsName(table, column)}`);
}
