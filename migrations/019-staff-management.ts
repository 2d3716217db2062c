import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/**
 * Staff Management (spec part 3 sections 2, 3 and 6): the organization user row as a view (one row
 * per person holding an active staff role at an organization) and referrals (entity 17): the
 * invitations a director sends to people to register and join the organization.
 */

/** hasArchivedComplianceReport: a Training Report of a finished cycle exists for that person and organization. */
const archived = (today: string) => `exists (select 1 from compliance_reports c where c.user_id = u.id and c.organization_id = r.organization_id and c.cycle_end <= ${today})`;

/**
 * The organization user row (entity 111, read by the Staff Management grid of entity 1, form 1):
 * its id is the person's id; the employment is the one the staff role was granted through, else
 * the person's latest open employment there.
 */
const organizationUserRows = (today: string) => `
create view organization_user_rows as
select u.id, u.disabled, r.created_at, r.updated_at, cast(null as integer) as created_by, cast(null as integer) as updated_by,
  u.id as user_id, r.organization_id, o.organization_name,
  u.first_name || ' ' || u.last_name as full_name,
  u.user_name, u.email as primary_entity_email, u.registry_id,
  exists (select 1 from user_roles d where d.user_id = u.id and d.organization_id = r.organization_id and d.role = '200' and d.active = true) as has200_role,
  e.id as employment_record_id, e.title_position, e.start_date,
  coalesce(e.train_tn_access, false) as has_train_tn_access,
  ${archived(today)} as has_archived_compliance_report
from user_roles r
join users u on u.id = r.user_id
join organizations o on o.id = r.organization_id
left join employment_records e on e.id = coalesce(r.employment_record_id,
  (select max(x.id) from employment_records x where x.user_id = r.user_id and x.organization_id = r.organization_id and x.end_date is null and x.disabled = false))
where r.role = '100' and r.active = true`;

/** An organization as My Facilities lists it: licensedCapacity shown as 'n/a' when 0 or less (spec part 3 section 3). */
const FACILITY_ROWS = `
create view facility_rows as
select o.id, o.disabled, o.created_at, o.updated_at, o.created_by, o.updated_by,
  o.organization_name, o.address_line1, o.address_line2, o.city, o.state, o.zip_code, o.county, o.phone_number, o.email,
  o.regulatory_agency, o.regulatory_status, o.provider_type, o.agency_status, o.participates_in_certificate,
  o.licensed_capacity,
  case when coalesce(o.licensed_capacity, 0) <= 0 then 'n/a' else cast(o.licensed_capacity as varchar(12)) end as licensed_capacity_shown,
  o.agency_authorized_to_provide_transportation, o.provides_infant_care, o.agency_is_closed,
  (select count(distinct r.user_id) from user_roles r where r.organization_id = o.id and r.role = '100' and r.active = true) as staff_count
from organizations o`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('referrals', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('id').inTable('organizations');
    t.string('email', 254).notNullable();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    recordColumns(t);
    t.index(['organization_id', 'email']);
    t.index(['created_by', 'created_at']);
  });
  await knex.schema.alterTable('user_roles', (t) => {
    t.index(['role', 'active', 'organization_id']);
  });
  await knex.raw(organizationUserRows(isPostgres(knex) ? 'current_date' : "date('now')"));
  await knex.raw(FACILITY_ROWS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists facility_rows');
  await knex.raw('drop view if exists organization_user_rows');
  await knex.schema.alterTable('user_roles', (t) => {
    t.dropIndex(['role', 'active', 'organization_id']);
  });
  await knex.schema.dropTableIfExists('referrals');
}
