import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * Search Users in name order without reading every person first (issue 11, docs/performance.md).
 *
 * The grid sorts and filters its rows (one per staff role, view user_search_rows) by the person's
 * search name, which lived on `users` only: an agency's page had to read all its staff's people
 * rows to sort them (2,000 people: 7-10 ms on PostgreSQL), or walk every person in name order
 * looking for the agency's (54 ms for page 40). Each role row now carries a copy of its person's
 * search name, kept by triggers (every writer of users or user_roles keeps it, whichever code path
 * it takes), with an index on (organization, search name): an agency's page is a walk of its own
 * rows in name order, and a search name is sought among the role rows directly.
 */

/** The view as 021 (PostgreSQL) and 027 (SQLite) left it (frozen here: a migration never imports another). */
const VIEW = `
create view user_search_rows as
select r.id, u.disabled, u.created_at, u.updated_at, u.created_by, u.updated_by,
  r.user_id, u.first_name, u.last_name, u.first_name || ' ' || u.last_name as full_name,
  u.user_name, u.email as primary_entity_email, u.registry_id, %NAME% as searchable_name,
  r.organization_id, r.organization_id as period, o.organization_name, o.county,
  (r.organization_id is not null) as has100_role,
  coalesce(o.is_registry_organization, false) as is_registry_organization,
  coalesce(o.agency_is_closed, false) as agency_is_closed,
  exists (select 1 from compliance_reports c where c.user_id = r.user_id and c.organization_id = r.organization_id and c.cycle_end <= %TODAY%) as has_archived_compliance_reports
from user_roles r
join users u on u.id = r.user_id
left join organizations o on o.id = r.organization_id
where %CHECK%r.role = '100' and %CHECK%r.active = true
  and (r.organization_id is not null or not exists (select 1 from user_roles x
    where x.user_id = r.user_id and x.role = '100' and x.active = true and x.organization_id is not null%OTHER%))`;

/**
 * x is never r (x has an organization, r none), so `x.id <> r.id` changes no row; it keeps
 * PostgreSQL from hashing the subquery, which it did for a search estimated to match a fifth of
 * the role rows: it read all of them (15 ms) to count 1,001 rows that never needed the subquery.
 */
const OTHER = ' and x.id <> r.id';

function view(pg: boolean, name: string, other: string): string {
  return VIEW.replace('%NAME%', name).replace('%OTHER%', other).replace('%TODAY%', pg ? 'current_date' : "date('now')").replaceAll('%CHECK%', pg ? '' : '+');
}

async function recreateView(knex: Knex, name: string, other: string): Promise<void> {
  await knex.raw('drop view if exists user_search_rows');
  await knex.raw(view(isPostgres(knex), name, other));
}

export async function up(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  await knex.raw('alter table user_roles add column searchable_name varchar(600)');
  await knex.raw('update user_roles set searchable_name = (select u.searchable_name from users u where u.id = user_roles.user_id)');
  // an agency's rows in name order: PostgreSQL seeks the view's role conditions too (and sorts nulls
  // first, as the grid asks), SQLite checks them on each row (027's unary +)
  const agency = pg ? 'role, active, organization_id, searchable_name asc nulls first' : 'organization_id, searchable_name';
  await knex.raw(`create index user_roles_organization_search on user_roles (${agency})`);
  await knex.raw(`create index user_roles_search on user_roles (${pg ? 'searchable_name asc nulls first' : 'searchable_name'})`);
  if (pg) {
    await knex.raw(`create function user_roles_searchable_name() returns trigger language plpgsql as $$
begin
  new.searchable_name := (select searchable_name from users where id = new.user_id);
  return new;
end $$`);
    await knex.raw('create trigger user_roles_searchable_name before insert or update of user_id on user_roles for each row execute function user_roles_searchable_name()');
    // users' own before trigger (021) sets the search name, which a column list of the update does not show
    await knex.raw(`create function users_searchable_name_roles() returns trigger language plpgsql as $$
begin
  if new.searchable_name is distinct from old.searchable_name then
    update user_roles set searchable_name = new.searchable_name where user_id = new.id;
  end if;
  return null;
end $$`);
    await knex.raw('create trigger users_searchable_name_roles after update of first_name, last_name, user_name, registry_id on users for each row execute function users_searchable_name_roles()');
  } else {
    const copy = 'update user_roles set searchable_name = (select searchable_name from users where id = new.user_id) where id = new.id;';
    await knex.raw(`create trigger user_roles_searchable_name_insert after insert on user_roles begin ${copy} end`);
    await knex.raw(`create trigger user_roles_searchable_name_user after update of user_id on user_roles begin ${copy} end`);
    await knex.raw(`create trigger users_searchable_name_roles after update of searchable_name on users
when new.searchable_name is not old.searchable_name
begin
  update user_roles set searchable_name = new.searchable_name where user_id = new.id;
end`);
  }
  await recreateView(knex, 'r.searchable_name', OTHER);
}

export async function down(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  await recreateView(knex, 'u.searchable_name', '');
  if (pg) {
    await knex.raw('drop trigger if exists users_searchable_name_roles on users');
    await knex.raw('drop function if exists users_searchable_name_roles()');
    await knex.raw('drop trigger if exists user_roles_searchable_name on user_roles');
    await knex.raw('drop function if exists user_roles_searchable_name()');
  } else {
    for (const t of ['users_searchable_name_roles', 'user_roles_searchable_name_insert', 'user_roles_searchable_name_user']) await knex.raw(`drop trigger if exists ${t}`);
  }
  await knex.raw('drop index if exists user_roles_search');
  await knex.raw('drop index if exists user_roles_organization_search');
  await knex.raw('alter table user_roles drop column searchable_name');
}
