import type { Knex } from 'knex';

/** Columns every stored record has: disabled flag, who and when. */
export function recordColumns(t: Knex.CreateTableBuilder): void {
  t.boolean('disabled').notNullable().defaultTo(false);
  t.timestamp('created_at', { useTz: true }).notNullable();
  t.timestamp('updated_at', { useTz: true }).notNullable();
  t.integer('created_by').nullable();
  t.integer('updated_by').nullable();
}

export function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === 'pg';
}
