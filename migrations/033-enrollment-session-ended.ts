import type { Knex } from 'knex';
import { isPostgres } from './helpers.js';

/**
 * The enrollment row (entity 26, view `enrollment_rows` of migration 032) gains sessionEnded:
 * whether the session's end lies in the past at the time of reading, so the Attendance row action
 * (rule `attendanceOpen`) sees the spec's "session end date is in the past" as the server decides
 * it (engine/training/attendance.ts compares the instants; SQLite holds timestamps as ISO text
 * in UTC, PostgreSQL as timestamptz), and attendanceStatus, the code's name for the grid.
 */
const SELECT = `
select e.*, u.user_name, u.first_name || ' ' || u.last_name as full_name, u.email as name,
  s.section_name as course_section_name, s.training_start_date as course_start_date,
  s.training_end_date, s.course_id, c.course_name, c.trainer_id, s.locked as record_is_locked,
  e.certificate_file_id as certificate`;
const FROM = `
from enrollments e
join users u on u.id = e.user_id
join course_sections s on s.id = e.course_section_id
join courses c on c.id = s.course_id`;

/** The attendance code as the grid shows it (spec part 3 section 4; 0 cleared shows nothing). */
const ATTENDANCE_STATUS = "case e.attendance when 1 then 'Completed' when 2 then 'Partially Completed' when 3 then 'Absent' else '' end";

function sessionEnded(knex: Knex): string {
  return isPostgres(knex) ? 's.training_end_date < now()' : "s.training_end_date < strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop view enrollment_rows');
  await knex.raw(`create view enrollment_rows as ${SELECT}, ${sessionEnded(knex)} as session_ended, ${ATTENDANCE_STATUS} as attendance_status ${FROM}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view enrollment_rows');
  await knex.raw(`create view enrollment_rows as ${SELECT} ${FROM}`);
}
