import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * Manage Users at 100,000 people (spec part 2 section 3, the user row):
 * - `manage_user_rows`: a read-only view over `users` (entity 181) with the role flags as
 *   correlated subqueries, evaluated only for the rows of a page;
 * - (disabled, last_name, id) and (disabled, user_name, id): the sortable columns' orders are index
 *   walks (PostgreSQL sorts ascending with NULLS FIRST, grid-query.ts, hence those columns);
 * - (disabled, updated_at): the latest update of the whole list is one seek;
 * - Contains on last name, first name, user name and registry ID goes through the text index
 *   (text_index, trigram: SQLite FTS5, PostgreSQL pg_trgm) under entity 181, kept by triggers on
 *   `users`, so every way an account is written (registration, the profile form, the CLI, the
 *   seed) keeps it; (column, disabled, updated_at) gives the latest update per matching value.
 */

/** Entity type of the user row view (metadata/entities/manage-user-row.json). */
const ENTITY = 181;
/** Text-indexed fields of the view and their columns. */
const INDEXED: readonly [string, string][] = [['lastName', 'last_name'], ['firstName', 'first_name'], ['userName', 'user_name'], ['registryId', 'registry_id']];

function userRowsView(knex: Knex): string {
  const now = isPostgres(knex) ? 'current_timestamp' : "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  return `
create view manage_user_rows as
select u.id, u.disabled, u.created_at, u.updated_at, u.created_by, u.updated_by,
  u.first_name || ' ' || u.last_name as full_name,
  u.first_name, u.last_name, u.user_name, u.email, u.registry_id,
  u.confirmed as is_confirmed,
  (u.locked = true or (u.locked_until is not null and u.locked_until > ${now})) as user_locked,
  exists (select 1 from user_roles r where r.user_id = u.id and r.active = true and r.role in ('400', '500', 'AdminUser')) as has_elevated_role,
  exists (select 1 from user_roles r where r.user_id = u.id and r.active = true and r.role in ('500', 'AdminUser')) as has500_or_higher_role,
  false as show_coach_history_link
from users u`;
}

async function createIndexes(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  for (const column of ['last_name', 'user_name']) {
    await knex.raw(pg
      ? `CREATE INDEX users_disabled_${column}_id_index ON users (disabled, ${column} NULLS FIRST, id NULLS FIRST)`
      : `CREATE INDEX users_disabled_${column}_id_index ON users (disabled, ${column}, id)`);
  }
  await knex.raw('CREATE INDEX users_disabled_updated_at_index ON users (disabled, updated_at)');
  for (const [, column] of INDEXED) await knex.raw(`CREATE INDEX users_${column}_disabled_updated_at_index ON users (${column}, disabled, updated_at)`);
}

async function createTextIndexTriggers(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    const values = INDEXED.map(([field, column]) => `(${ENTITY}, '${field}', new.${column}, lower(new.${column}))`).join(', ');
    await knex.raw(`create function users_text_index() returns trigger language plpgsql as $$
begin
  insert into text_index (entity_type_id, field, value, value_lc) values ${values} on conflict (entity_type_id, field, value) do nothing;
  return new;
end $$`);
    await knex.raw(`create trigger users_text_index after insert or update of ${INDEXED.map(([, c]) => c).join(', ')} on users for each row execute function users_text_index()`);
    return;
  }
  // SQLite: the FTS5 table (external content) learns a value only when its text_index row is new
  const body = INDEXED.map(([field, column]) => `
  insert or ignore into text_index (entity_type_id, field, value, value_lc) values (${ENTITY}, '${field}', new.${column}, lower(new.${column}));
  insert into text_index_fts (rowid, value_lc) select last_insert_rowid(), lower(new.${column}) where changes() = 1;`).join('');
  await knex.raw(`create trigger users_text_index_insert after insert on users begin${body}
end`);
  await knex.raw(`create trigger users_text_index_update after update of ${INDEXED.map(([, c]) => c).join(', ')} on users begin${body}
end`);
}

async function fillTextIndex(knex: Knex): Promise<void> {
  for (const [field, column] of INDEXED) {
    const select = `select distinct ${ENTITY}, '${field}', ${column}, lower(${column}) from users`;
    if (isPostgres(knex)) await knex.raw(`insert into text_index (entity_type_id, field, value, value_lc) ${select} on conflict (entity_type_id, field, value) do nothing`);
    else await knex.raw(`insert or ignore into text_index (entity_type_id, field, value, value_lc) ${select}`);
  }
  if (!isPostgres(knex)) await knex.raw(`insert into text_index_fts (rowid, value_lc) select id, value_lc from text_index where entity_type_id = ${ENTITY}`);
}

export async function up(knex: Knex): Promise<void> {
  await createIndexes(knex);
  await knex.raw(userRowsView(knex));
  await fillTextIndex(knex);
  await createTextIndexTriggers(knex);
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw('drop trigger if exists users_text_index on users');
    await knex.raw('drop function if exists users_text_index()');
  } else {
    await knex.raw('drop trigger if exists users_text_index_insert');
    await knex.raw('drop trigger if exists users_text_index_update');
    // the FTS5 table (external content) forgets the rows of the view's entity before they go
    await knex.raw(`insert into text_index_fts (text_index_fts, rowid, value_lc) select 'delete', id, value_lc from text_index where entity_type_id = ${ENTITY}`);
  }
  await knex('text_index').where({ entity_type_id: ENTITY }).delete();
  await knex.raw('drop view if exists manage_user_rows');
  for (const [, column] of INDEXED) await knex.raw(`DROP INDEX IF EXISTS users_${column}_disabled_updated_at_index`);
  await knex.raw('DROP INDEX IF EXISTS users_disabled_updated_at_index');
  for (const column of ['last_name', 'user_name']) await knex.raw(`DROP INDEX IF EXISTS users_disabled_${column}_id_index`);
}
