import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * Manage Users' Coaching History link (spec part 2 "Manage Users", showCoachHistoryLink): shown for
 * a person who has, or had, a coaching (a coach relationship naming them, in any state). The view
 * of migration 022 is made again with that column computed (it was `false`); nothing else of it
 * changes.
 */
function userRowsView(knex: Knex, coachHistory: string): string {
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
  ${coachHistory} as show_coach_history_link
from users u`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists manage_user_rows');
  await knex.raw(userRowsView(knex, 'exists (select 1 from coach_relationships c where c.primary_entity_id = u.id)'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists manage_user_rows');
  await knex.raw(userRowsView(knex, 'false'));
}
