import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * Search Users (spec part 2 sections 2, 3 and 5): the row of the results grid (entity 125, view
 * user_search_rows) and a fast Contains on its searchableName.
 *
 * users.searchable_name is the lower-cased full name, user name and registry id, kept by triggers
 * (every writer of users keeps it, whichever code path it takes) together with its entry in the
 * text index (SQLite FTS5 trigram, PostgreSQL pg_trgm), so the grid's Contains seeks matches instead of scanning people.
 */
const ENTITY = 125;
const FIELD = 'searchableName';
const NAME = (p: string) => `lower(${p}first_name || ' ' || ${p}last_name || ' ' || ${p}user_name || ' ' || ${p}registry_id)`;

/**
 * One row per active staff role (100) at an organization, and one for people holding no staff role
 * at any organization (their general 100 role); period is the row's organization.
 */
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

export async function up(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  await knex.raw('alter table users add column searchable_name varchar(600)');
  await knex.raw(`update users set searchable_name = ${NAME('')}`);
  await knex.raw(`insert into text_index (entity_type_id, field, value, value_lc)
    select distinct ${ENTITY}, '${FIELD}', searchable_name, searchable_name from users u
    where not exists (select 1 from text_index t where t.entity_type_id = ${ENTITY} and t.field = '${FIELD}' and t.value = u.searchable_name)`);
  if (pg) {
    await knex.raw('create index users_searchable_name on users (searchable_name asc nulls first)');
    await knex.raw(`create function users_searchable_name() returns trigger language plpgsql as $$
begin
  new.searchable_name := ${NAME('new.')};
  insert into text_index (entity_type_id, field, value, value_lc) values (${ENTITY}, '${FIELD}', new.searchable_name, new.searchable_name) on conflict do nothing;
  return new;
end $$`);
    await knex.raw('create trigger users_searchable_name before insert or update of first_name, last_name, user_name, registry_id on users for each row execute function users_searchable_name()');
  } else {
    await knex.raw('create index users_searchable_name on users (searchable_name)');
    await knex.raw(`insert into text_index_fts (rowid, value_lc) select id, value_lc from text_index where entity_type_id = ${ENTITY} and field = '${FIELD}'`);
    await knex.raw(`create trigger users_searchable_name_insert after insert on users begin
  update users set searchable_name = ${NAME('new.')} where id = new.id;
end`);
    await knex.raw(`create trigger users_searchable_name_update after update of first_name, last_name, user_name, registry_id on users begin
  update users set searchable_name = ${NAME('new.')} where id = new.id;
end`);
    await knex.raw(`create trigger users_searchable_name_index after update of searchable_name on users
when new.searchable_name is not null and not exists (select 1 from text_index where entity_type_id = ${ENTITY} and field = '${FIELD}' and value = new.searchable_name)
begin
  insert into text_index (entity_type_id, field, value, value_lc) values (${ENTITY}, '${FIELD}', new.searchable_name, new.searchable_name);
  insert into text_index_fts (rowid, value_lc) values (last_insert_rowid(), new.searchable_name);
end`);
  }
  // the newest matching person first ("Last Updated on" of a search matching many people)
  await knex.raw('create index users_updated_at on users (updated_at)');
  await knex.raw(USER_SEARCH_ROWS.replace('%TODAY%', pg ? 'current_date' : "date('now')"));
}

export async function down(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  await knex.raw('drop view if exists user_search_rows');
  if (pg) {
    await knex.raw('drop trigger if exists users_searchable_name on users');
    await knex.raw('drop function if exists users_searchable_name()');
  } else {
    for (const t of ['insert', 'update', 'index']) await knex.raw(`drop trigger if exists users_searchable_name_${t}`);
    await knex.raw(`insert into text_index_fts (text_index_fts, rowid, value_lc) select 'delete', id, value_lc from text_index where entity_type_id = ${ENTITY} and field = '${FIELD}'`);
  }
  await knex('text_index').where({ entity_type_id: ENTITY, field: FIELD }).delete();
  await knex.raw('drop index if exists users_searchable_name');
  await knex.raw('drop index if exists users_updated_at');
  await knex.raw('alter table users drop column searchable_name');
}
