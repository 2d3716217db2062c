import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * PostgreSQL reads a value of a JSON object (an extension field's, a record's) as text and casts it
 * to compare and sort it (server/data/entity-columns.ts). A text of the right shape may still be no
 * value (2024-04-31, 1e999999): these casts answer null instead of failing the query. Numbers cast
 * alike everywhere (immutable); dates and instants read the session's settings (stable). SQLite
 * compares the JSON values as they are: nothing to do.
 */
const FUNCTIONS: Array<[name: string, type: string, volatility: string]> = [
  ['ecr_try_numeric', 'numeric', 'immutable'],
  ['ecr_try_date', 'date', 'stable'],
  ['ecr_try_timestamptz', 'timestamptz', 'stable'],
];

export async function up(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const [name, type, volatility] of FUNCTIONS) {
    await knex.raw(`create function ${name}(value text) returns ${type} language plpgsql ${volatility} strict parallel safe as $$
      begin
        return value::${type};
      exception when others then
        return null;
      end $$`);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isPostgres(knex)) return;
  for (const [name] of FUNCTIONS) await knex.raw(`drop function ${name}(text)`);
}
