import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * The rows the training screens list (issue 14, spec part 3 section 3), as read-only views over
 * migration 031's tables, so grids filter, sort and scope their computed columns in SQL:
 * - `course_rows` (Training row, entity 23): the course with numberOfSessions (its enabled sections);
 * - `course_section_rows` (Session row, entity 24): the section with its course's name and trainer
 *   (the owner the trainer's row scope compares), hasHadEnrollments (any enrollment row ever:
 *   rows are never deleted) and recordIsLocked;
 * - `enrollment_rows` (Enrollment row, entity 26): the enrollment with the person's user name,
 *   full name and e-mail (name), the section's name and start, and its course and trainer.
 * Courses and sections are written by forms: they get the `ext` column of extension fields
 * (migration 029), before the views, which keep the tables' columns.
 */
const FORM_TABLES = ['courses', 'course_sections'];
const VIEWS: Record<string, string> = {
  course_rows: `
select c.*,
  (select count(*) from course_sections s where s.course_id = c.id and s.disabled = false) as number_of_sessions
from courses c`,
  course_section_rows: `
select s.*, c.course_name, c.trainer_id,
  exists (select 1 from enrollments e where e.course_section_id = s.id) as has_had_enrollments,
  s.locked as record_is_locked
from course_sections s join courses c on c.id = s.course_id`,
  enrollment_rows: `
select e.*, u.user_name, u.first_name || ' ' || u.last_name as full_name, u.email as name,
  s.section_name as course_section_name, s.training_start_date as course_start_date,
  s.training_end_date, s.course_id, c.course_name, c.trainer_id, s.locked as record_is_locked,
  e.certificate_file_id as certificate
from enrollments e
join users u on u.id = e.user_id
join course_sections s on s.id = e.course_section_id
join courses c on c.id = s.course_id`,
};

export async function up(knex: Knex): Promise<void> {
  for (const table of FORM_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      if (isPostgres(knex)) t.jsonb('ext').nullable();
      else t.text('ext').nullable();
    });
  }
  for (const [name, sql] of Object.entries(VIEWS)) await knex.raw(`create view ${name} as ${sql}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(VIEWS).reverse()) await knex.raw(`drop view if exists ${name}`);
  for (const table of FORM_TABLES) await knex.raw('alter table ?? drop column ??', [table, 'ext']);
}
