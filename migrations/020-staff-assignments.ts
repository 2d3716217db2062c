import type { Knex } from 'knex';

/**
 * Supervisor staff management (spec part 3 section 2): the agencies a supervisor (375) assigns to
 * each licensing consultant (350), and two read-only views for its screens:
 * `licensing_staff_rows` (the people holding an active 350 role, with their number of assigned
 * agencies) and `verification_decision_rows` (each verification action with the verification's
 * person and record, for a consultant's Verification History).
 */

const LICENSING_STAFF_ROWS = `
create view licensing_staff_rows as
select u.id, u.disabled, u.created_at, u.updated_at, u.created_by, u.updated_by,
  u.id as user_id,
  u.first_name || ' ' || u.last_name as full_name,
  u.first_name, u.last_name, u.user_name, u.email, u.registry_id,
  (select count(*) from staff_agency_assignments s where s.staff_user_id = u.id) as assigned_agency_count
from users u
where exists (select 1 from user_roles r where r.user_id = u.id and r.role = '350' and r.active = true)`;

const VERIFICATION_DECISION_ROWS = `
create view verification_decision_rows as
select a.id, false as disabled, a.created_at, a.created_at as updated_at, a.acting_user_id as created_by, a.acting_user_id as updated_by,
  a.verification_id, a.action_type, a.acting_user_id, a.organization_id, a.comments,
  case a.action_type when 1 then 'Requested' when 3 then 'Approved' when 4 then 'Rejected' when 5 then 'Removed' else 'Other' end as decision,
  au.first_name || ' ' || au.last_name as acting_user_name,
  o.organization_name as agency_name,
  v.entity_type_id, v.entity_id, v.primary_entity_id, v.primary_entity_name, v.verification_type, v.identifier, v.status
from verification_actions a
join verifications v on v.id = a.verification_id
join users au on au.id = a.acting_user_id
left join organizations o on o.id = a.organization_id`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_agency_assignments', (t) => {
    t.increments('id');
    t.integer('staff_user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').notNullable().references('id').inTable('organizations');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.integer('created_by').nullable().references('id').inTable('users');
    t.unique(['staff_user_id', 'organization_id']);
    t.index(['organization_id']);
  });
  await knex.raw(LICENSING_STAFF_ROWS);
  await knex.raw(VERIFICATION_DECISION_ROWS);
}

export async function down(knex: Knex): Promise<void> {
  for (const v of ['verification_decision_rows', 'licensing_staff_rows']) await knex.raw(`drop view if exists ${v}`);
  await knex.schema.dropTableIfExists('staff_agency_assignments');
}
