import type { Knex } from 'knex';

/**
 * Issue 25: attestations run on the workflow engine (metadata/workflows/attestation.json): each
 * is made by its one step, `approve`, which leaves it in the state `approved` (kept in `state`,
 * as every workflow keeps its state). The roles people hold are read through a view that names
 * each person's place (person and organization together), so a rule can ask whether a person
 * holds a role at the very organization a record names (relation directedStaffPlaces). Its
 * columns are named, so later changes of user_roles stay free of it.
 */
const USER_ROLE_ROWS = `
create view user_role_rows as
select r.id, r.user_id, r.role, r.organization_id, r.active, r.end_date, r.employment_record_id, r.created_at, r.updated_at,
  cast(r.user_id as varchar(20)) || ':' || cast(r.organization_id as varchar(20)) as place
from user_roles r`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attestations', (t) => { t.string('state', 20).nullable(); });
  await knex('attestations').where({ approved: true }).update({ state: 'approved' });
  await knex.raw(USER_ROLE_ROWS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists user_role_rows');
  await knex.schema.alterTable('attestations', (t) => { t.dropColumn('state'); });
}
