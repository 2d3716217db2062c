import type { Knex } from 'knex';

/**
 * Role requests run on the workflow engine (metadata/workflows/role-request.json, issue 25): a
 * request (action type 1) keeps its state in `state` (requested, granted, rejected, withdrawn),
 * which the engine sets; the lines of its history (types 2, 3, 10 naming it as their parent, and
 * the other action types) have none. Requests made before are given the state their last answer
 * says. The view shows the state, says pending from it, and whether the person holds the staff
 * role there (a director request is granted only to staff).
 */
const VIEW = `
create view role_action_rows as
select a.id, a.disabled, a.created_at, a.updated_at, a.created_by, a.updated_by,
  a.user_id, a.organization_id, a.employment_record_id, a.role, a.action_type, a.parent_action_id, a.comments, a.acting_user_id, a.state,
  case a.role when '100' then 'Staff' when '200' then 'Director' else a.role end as role_label,
  u.first_name || ' ' || u.last_name as primary_entity_name,
  u.registry_id, u.email as primary_entity_email,
  o.organization_name, e.title_position,
  au.first_name || ' ' || au.last_name as acting_user_name,
  (a.state is not null and a.state = 'requested') as pending,
  exists (select 1 from user_roles r where r.user_id = a.user_id and r.organization_id = a.organization_id and r.role = '200' and r.active = true) as target_has200,
  exists (select 1 from user_roles r where r.user_id = a.user_id and r.organization_id = a.organization_id and r.role = '100' and r.active = true) as target_has100
from role_actions a
join users u on u.id = a.user_id
join organizations o on o.id = a.organization_id
left join employment_records e on e.id = a.employment_record_id
left join users au on au.id = a.acting_user_id`;

/** The view as migration 010 made it (frozen). */
const VIEW_BEFORE = `
create view role_action_rows as
select a.id, a.disabled, a.created_at, a.updated_at, a.created_by, a.updated_by,
  a.user_id, a.organization_id, a.employment_record_id, a.role, a.action_type, a.parent_action_id, a.comments, a.acting_user_id,
  case a.role when '100' then 'Staff' when '200' then 'Director' else a.role end as role_label,
  u.first_name || ' ' || u.last_name as primary_entity_name,
  u.registry_id, u.email as primary_entity_email,
  o.organization_name, e.title_position,
  au.first_name || ' ' || au.last_name as acting_user_name,
  (a.action_type = 1 and not exists (select 1 from role_actions c where c.parent_action_id = a.id)) as pending,
  exists (select 1 from user_roles r where r.user_id = a.user_id and r.organization_id = a.organization_id and r.role = '200' and r.active = true) as target_has200
from role_actions a
join users u on u.id = a.user_id
join organizations o on o.id = a.organization_id
left join employment_records e on e.id = a.employment_record_id
left join users au on au.id = a.acting_user_id`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists role_action_rows');
  await knex.schema.alterTable('role_actions', (t) => { t.string('state', 20).nullable(); });
  await knex.raw(`update role_actions set state = coalesce(
    (select case c.action_type when 2 then 'granted' when 3 then 'rejected' when 10 then 'withdrawn' end
       from role_actions c where c.parent_action_id = role_actions.id order by c.id desc limit 1),
    'requested') where action_type = 1`);
  await knex.schema.alterTable('role_actions', (t) => { t.index(['state']); });
  await knex.raw(VIEW);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists role_action_rows');
  await knex.schema.alterTable('role_actions', (t) => {
    t.dropIndex(['state']);
    t.dropColumn('state');
  });
  await knex.raw(VIEW_BEFORE);
}
