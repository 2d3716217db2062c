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

/** hasArchivedComplianceReports as of the database's current date, as migration 014 defined it (frozen copy). */
const archivedToday = (knex: Knex) => {
  const today = isPostgres(knex) ? 'current_date' : "date('now')";
  return `exists (select 1 from compliance_reports c where c.user_id = e.user_id and c.organization_id = e.organization_id and c.cycle_end <= ${today})`;
};

/** The record's verification fields, as education and certification have them (migration 002). */
const VERIFICATION_COLUMNS = ['verification_status', 'verified'] as const;
/** What the view adds: those fields and the person's name, which the reviewer's window shows. */
const VIEW_COLUMNS = [...VERIFICATION_COLUMNS.map((c) => `e.${c}`), "u.first_name || ' ' || u.last_name as primary_entity_name"];

/**
 * Experience start-date verification (spec part 2 sections 4 and 6): employment records
 * (entity 8) get the verification fields, and the view employment_record_rows shows them with the person's name.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop view employment_record_rows');
  await knex.schema.alterTable('employment_records', (t) => {
    t.string('verification_status', 20).nullable();
    t.boolean('verified').notNullable().defaultTo(false);
  });
  await knex.raw(employmentRecordRows(archivedToday(knex), VIEW_COLUMNS));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists employment_record_rows');
  // plain DROP COLUMN (SQLite 3.35+): knex's SQLite rebuild of the table would break the views over it
  for (const c of VERIFICATION_COLUMNS) await knex.raw('alter table employment_records drop column ??', [c]);
  await knex.raw(employmentRecordRows(archivedToday(knex)));
}
