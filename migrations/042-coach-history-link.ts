import type { Knex } from 'knex';
import { userRowsView } from './022-manage-users.js';

/**
 * Manage Users' Coaching History link (spec part 2 "Manage Users", showCoachHistoryLink): shown for
 * a person who has, or had, a coaching (a coach relationship naming them, in any state). The view
 * is made again with the column computed; nothing else of it changes.
 */
const HAS_COACHING = 'exists (select 1 from coach_relationships c where c.primary_entity_id = u.id)';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists manage_user_rows');
  await knex.raw(userRowsView(knex, HAS_COACHING));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists manage_user_rows');
  await knex.raw(userRowsView(knex));
}
