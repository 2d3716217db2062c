import type { Knex } from 'knex';
import { isPostgres, recordColumns } from './helpers.js';

/**
 * Trainer reports (issue 14; spec part 3 sections 2-8): entity 27, written by the trainer (role
 * 250) who owns it, moved through the metadata workflow `trainer-report` (draft, submitted,
 * approved, declined: the `state` column). What a report holds is ours to decide (docs/decisions.md):
 * a title, the reporting period, a description and the uploaded report file.
 *
 * The view adds what the DHR Reports grid shows: the spec's status text, the submitter's name and
 * hasComments (a workflow step of the report carries a comment).
 */
const REPORT_ENTITY_TYPE = 27;

const ROWS_VIEW = `
create view trainer_report_rows as
select r.id, r.user_id, r.title, r.period_start, r.period_end, r.description, r.file_key, r.state,
  case r.state when 'draft' then 'Uploaded (Draft)' when 'submitted' then 'Submitted' when 'declined' then 'Declined'
    when 'approved' then 'Approved' else r.state end as status,
  trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as submitter,
  exists (select 1 from workflow_transitions w where w.entity_type_id = ${REPORT_ENTITY_TYPE} and w.entity_id = r.id and w.comment is not null) as has_comments,
  r.disabled, r.created_at, r.updated_at, r.created_by, r.updated_by
from trainer_reports r
left join users u on u.id = r.user_id`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trainer_reports', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users');
    t.string('title', 180).notNullable();
    t.date('period_start').nullable();
    t.date('period_end').nullable();
    t.text('description').nullable();
    t.string('file_key', 200).nullable();
    t.string('state', 20).notNullable().defaultTo('draft');
    recordColumns(t);
    if (isPostgres(knex)) t.jsonb('ext').nullable();
    else t.text('ext').nullable();
    t.index(['user_id', 'disabled']);
    t.index(['state', 'disabled']);
  });
  await knex.raw(ROWS_VIEW);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists trainer_report_rows');
  await knex.schema.dropTableIfExists('trainer_reports');
}
