import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * The user row of Manage Users (spec part 2 section 3): a read-only view over `users` with the
 * role flags as correlated subqueries (evaluated only for the rows of a page), and the index the
 * grid's default sort walks (disabled, last_name, id), so a page of 100,000 people needs no sort.
 * PostgreSQL sorts ascending with NULLS FIRST (grid-query.ts), hence the index's column order.
 */
function userRows(knex: Knex): string {
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

export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw('CREATE INDEX users_disabled_last_name_id_index ON users (disabled, last_name NULLS FIRST, id NULLS FIRST)');
  } else {
    await knex.raw('CREATE INDEX users_disabled_last_name_id_index ON users (disabled, last_name, id)');
  }
  await knex.raw(userRows(knex));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists manage_user_rows');
  await knex.raw('DROP INDEX IF EXISTS users_disabled_last_name_id_index');
}
