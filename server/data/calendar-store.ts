import type { Knex } from 'knex';

/**
 * course_sections (with their courses and enrollments) as the calendar reads them: the sessions
 * that overlap a range of instants. Boolean columns come back as 0/1 on SQLite and true/false on
 * PostgreSQL.
 */

/** A session as the calendar shows it. */
export interface SessionRow {
  section_id: number; course_name: string; section_name: string; description: string | null;
  training_start_date: string | Date; training_end_date: string | Date; locked: boolean | number;
}

/** A session with the person's enrollment status in it. */
export interface PersonSessionRow extends SessionRow { status: string }

/** A range of instants: from `from` (inclusive) to `before` (exclusive). */
export interface Window { from: string; before: string }

/** The enabled sessions of enabled courses that overlap the window, by start. */
function sessionsIn(knex: Knex, window: Window): Knex.QueryBuilder {
  return knex('course_sections as s').join('courses as c', 'c.id', 's.course_id')
    .where({ 's.disabled': false, 'c.disabled': false })
    .where('s.training_start_date', '<', window.before)
    .where('s.training_end_date', '>=', window.from)
    .orderBy([{ column: 's.training_start_date' }, { column: 's.id' }])
    .select('s.id as section_id', 'c.course_name', 's.section_name', 'c.description', 's.training_start_date', 's.training_end_date', 's.locked');
}

/** The sessions in the window where the person holds an enrollment with one of `statuses`, with its status. */
export async function personSessions(knex: Knex, window: Window, userId: number, statuses: readonly string[]): Promise<PersonSessionRow[]> {
  return (await sessionsIn(knex, window).join('enrollments as e', 'e.course_section_id', 's.id')
    .where('e.user_id', userId).whereIn('e.status', statuses).select('e.status')) as PersonSessionRow[];
}

/** The sessions in the window of the trainer's own courses. */
export async function trainerSessions(knex: Knex, window: Window, trainerId: number): Promise<SessionRow[]> {
  return (await sessionsIn(knex, window).where('c.trainer_id', trainerId)) as SessionRow[];
}
