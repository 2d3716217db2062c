import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * SQLite: the view of Search Users rows (021) checks its role conditions (staff role, active) on
 * each role row instead of seeking them (unary +). Seeking them made SQLite read every role row
 * first for any question about people, and sort: the latest update of a search matching most
 * people took 30 ms. Now people are read in the order asked (the latest update is one step) while
 * an agency's rows are still sought through the role's organization (docs/performance.md).
 * PostgreSQL plans the view well as it is.
 */

/** The view as migration 021 made it (frozen here: a migration never imports another). */
const USER_SEARCH_ROWS = `
create view user_search_rows as
select r.id, u.disabled, u.created_at, u.updated_at, u.created_by, u.updated_by,
  r.user_id, u.first_name, u.last_name, u.first_name || ' ' || u.last_name as full_name,
  u.user_name, u.email as primary_entity_email, u.registry_id, u.searchable_name,
  r.organization_id, r.organization_id as period, o.organization_name, o.county,
  (r.organization_id is not null) as has100_role,
  coalesce(o.is_registry_organization, false) as is_registry_organization,
  coalesce(o.agency_is_closed, false) as agency_is_closed,
  exists (select 1 from compliance_reports c where c.user_id = r.user_id and c.organization_id = r.organization_id and c.cycle_end <= %TODAY%) as has_archived_compliance_reports
from user_roles r
join users u on u.id = r.user_id
left join organizations o on o.id = r.organization_id
where r.role = '100' and r.active = true
  and (r.organization_id is not null or not exists (select 1 from user_roles x
    where x.user_id = r.user_id and x.role = '100' and x.active = true and x.organization_id is not null))`;

const TODAY = "date('now')";
const CHECKED = USER_SEARCH_ROWS.replace("where r.role = '100' and r.active = true", "where +r.role = '100' and +r.active = true");

async function recreate(knex: Knex, sql: string): Promise<void> {
  if (isPostgres(knex)) return;
  await knex.raw('drop view if exists user_search_rows');
  await knex.raw(sql.replace('%TODAY%', TODAY));
}

export async function up(knex: Knex): Promise<void> {
  if (CHECKED === USER_SEARCH_ROWS) throw new Error('the view of migration 021 changed: its role conditions were not found');
  await recreate(knex, CHECKED);
}

export async function down(knex: Knex): Promise<void> {
  await recreate(knex, USER_SEARCH_ROWS);
}
