import type { Knex } from 'knex';
import { recordColumns } from './helpers.js';

/**
 * Employment (entity 8), role promotion actions (entity 19) and the rest of the Organization
 * fields (entity 2). Computed row fields come from views: an entity with `storage.view` is read
 * from its view and written to its table (docs/decisions.md "Employment and organizational roles").
 */

/**
 * The employment row with the flags of spec part 1 section 3 "Employment record";
 * `archived` is the SQL of hasArchivedComplianceReports; `extraColumns` are more select expressions
 * over `e` (the record) and `u` (its person). Migrations 014 and 015 hold their own frozen copies.
 */
const employmentRecordRows = (archived: string, extraColumns: readonly string[] = []) => `
create view employment_record_rows as
select e.id, e.disabled, e.created_at, e.updated_at, e.created_by, e.updated_by,
  e.user_id, e.organization_id,
  coalesce(o.organization_name, e.employer_name) as employer_name,
  e.title_position, e.start_date, e.end_date,${extraColumns.map((c) => ` ${c},`).join('')}
  e.train_tn_access as has_train_tn_access,
  u.email as primary_entity_email,
  coalesce(o.is_registry_organization, false) as is_registry_organization,
  coalesce(o.agency_is_closed, false) as agency_is_closed,
  ${archived} as has_archived_compliance_reports,
  (select count(*) from role_actions a where a.employment_record_id = e.id and a.action_type = 1) as request_count,
  ${['100', '200'].map((role) => `
  exists (select 1 from user_roles r where r.user_id = e.user_id and r.organization_id = e.organization_id and r.role = '${role}'
    and r.active = true and (r.employment_record_id = e.id or r.employment_record_id is null)) as has${role}_role,
  exists (select 1 from role_actions a where a.employment_record_id = e.id and a.role = '${role}' and a.action_type = 1
    and not exists (select 1 from role_actions c where c.parent_action_id = a.id)) as pending${role},
  coalesce((select a.action_type from role_actions a where a.employment_record_id = e.id and a.role = '${role}' order by a.id desc limit 1), 0) = 3 as rejected${role},
  coalesce((select a.action_type from role_actions a where a.employment_record_id = e.id and a.role = '${role}' order by a.id desc limit 1), 0) = 4 as removed${role}`).join(',')}
from employment_records e
join users u on u.id = e.user_id
left join organizations o on o.id = e.organization_id`;
const EMPLOYMENT_RECORD_ROWS = employmentRecordRows('false');

/** A role promotion action with the names the Requests grid and the history show. */
const ROLE_ACTION_ROWS = `
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

/** An organization with the number of people holding an active staff role there. */
const ORGANIZATION_ROWS = `
create view organization_rows as
select o.*,
  (select count(distinct r.user_id) from user_roles r where r.organization_id = o.id and r.role = '100' and r.active = true) as staff_count
from organizations o`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.boolean('participates_in_certificate').notNullable().defaultTo(false);
    t.boolean('agency_authorized_to_provide_transportation').notNullable().defaultTo(false);
    t.boolean('provides_infant_care').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('employment_records', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').nullable().references('id').inTable('organizations');
    t.string('employer_name', 200).nullable();
    t.string('title_position', 100).nullable();
    t.date('start_date').nullable();
    t.date('end_date').nullable();
    t.boolean('train_tn_access').notNullable().defaultTo(false);
    recordColumns(t);
    t.index(['user_id', 'disabled', 'start_date']);
    t.index(['organization_id']);
  });
  await knex.schema.createTable('role_actions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').notNullable().references('id').inTable('organizations');
    t.integer('employment_record_id').nullable().references('id').inTable('employment_records');
    t.string('role', 20).notNullable();
    t.integer('action_type').notNullable();
    t.integer('parent_action_id').nullable().references('id').inTable('role_actions');
    t.text('comments').nullable();
    t.integer('acting_user_id').nullable().references('id').inTable('users');
    recordColumns(t);
    t.index(['employment_record_id', 'role', 'id']);
    t.index(['organization_id', 'action_type']);
    t.index(['parent_action_id']);
    t.index(['user_id', 'id']);
  });
  await knex.schema.alterTable('user_roles', (t) => {
    t.integer('employment_record_id').nullable();
    t.index(['employment_record_id']);
  });
  for (const view of [EMPLOYMENT_RECORD_ROWS, ROLE_ACTION_ROWS, ORGANIZATION_ROWS]) await knex.raw(view);
}

export async function down(knex: Knex): Promise<void> {
  for (const v of ['organization_rows', 'role_action_rows', 'employment_record_rows']) await knex.raw(`drop view if exists ${v}`);
  await knex.schema.alterTable('user_roles', (t) => {
    t.dropIndex(['employment_record_id']);
    t.dropColumn('employment_record_id');
  });
  for (const table of ['role_actions', 'employment_records']) await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('organizations', (t) => {
    for (const c of ['participates_in_certificate', 'agency_authorized_to_provide_transportation', 'provides_infant_care']) t.dropColumn(c);
  });
}
