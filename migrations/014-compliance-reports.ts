import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * The view employment_record_rows as migration 010 defined it, frozen here so that editing another
 * migration never changes how this one replays: `archived` is the SQL of hasArchivedComplianceReports,
 * `extraColumns` more select expressions over `e` (the record) and `u` (its person).
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

/** An employment row has archived reports when a report of a finished cycle exists for that person and organization. */
const archived = (today: string) => `exists (select 1 from compliance_reports c where c.user_id = e.user_id and c.organization_id = e.organization_id and c.cycle_end <= ${today})`;

/** hasArchivedComplianceReports as of the database's current date. */
const archivedToday = (knex: Knex) => archived(isPostgres(knex) ? 'current_date' : "date('now')");

/**
 * Training Reports (compliance report, entity 33): the PDF of a person's training in one QRIS
 * cycle at one organization, kept so a cached copy can be fetched by id and past cycles archived.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('compliance_reports', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.integer('organization_id').nullable().references('id').inTable('organizations');
    t.date('cycle_start').notNullable();
    t.date('cycle_end').notNullable();
    t.string('status', 20).notNullable();
    t.binary('pdf').notNullable();
    t.integer('training_count').notNullable();
    t.integer('generated_by').notNullable().references('id').inTable('users');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['user_id', 'organization_id', 'cycle_start']);
  });
  await knex.raw('drop view employment_record_rows');
  await knex.raw(employmentRecordRows(archivedToday(knex)));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists employment_record_rows');
  await knex.raw(employmentRecordRows('false'));
  await knex.schema.dropTableIfExists('compliance_reports');
}
