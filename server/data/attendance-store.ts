import type { Knex } from 'knex';
import { ATTENDANCE, REGISTERED, type AttendanceCode } from '../../engine/training/attendance.js';
import type { Database } from './db.js';

/**
 * enrollments as attendance reads and writes them: the code, the training record and the
 * certificate of a Completed attendance. Boolean columns come back as 0/1 on SQLite and
 * true/false on PostgreSQL.
 */

/** An enrollment with its session and course, as attendance reads it. */
export interface AttendanceEnrollmentRow {
  id: number; user_id: number; course_section_id: number; organization_id: number | null; status: string; attendance: number | null;
  training_record_id: number | null; locked: boolean | number; section_name: string; training_start_date: string | Date; training_end_date: string | Date;
  course_name: string; trainer_id: number; training_hours: number | string | null; core_knowledge_area: string | null; delivery_method: string | null;
}

/**
 * The enrollments among `ids` in courses the trainer owns, their rows locked until the transaction
 * ends on PostgreSQL (SQLite runs one writer at a time).
 */
export async function trainerEnrollmentRows(db: Database, trx: Knex.Transaction, trainerId: number, ids: readonly number[]): Promise<AttendanceEnrollmentRow[]> {
  const q = trx('enrollments as e')
    .join('course_sections as s', 's.id', 'e.course_section_id')
    .join('courses as c', 'c.id', 's.course_id')
    .whereIn('e.id', [...ids]).where('c.trainer_id', trainerId)
    .select('e.id', 'e.user_id', 'e.course_section_id', 'e.organization_id', 'e.status', 'e.attendance', 'e.training_record_id', 's.locked', 's.section_name',
      's.training_start_date', 's.training_end_date', 'c.course_name', 'c.trainer_id', 'c.training_hours', 'c.core_knowledge_area', 'c.delivery_method');
  if (db.dialect === 'pg') void q.forUpdate('e');
  return (await q) as AttendanceEnrollmentRow[];
}

/** What a Completed attendance stores with its code. */
export interface Completion { trainingRecordId: number | null; certificateFileId: number; certificateCode: string }

/**
 * Sets an enrollment's attendance code (with its completion), only while it is still Registered,
 * has no final code and no training record; false when it changed meanwhile.
 */
export async function setAttendanceCode(trx: Knex.Transaction, enrollmentId: number, code: AttendanceCode, actorId: number, now: string, completion: Completion | null): Promise<boolean> {
  const changed = await trx('enrollments')
    .where({ id: enrollmentId, status: REGISTERED }).whereNull('training_record_id')
    .andWhere((w) => { void w.whereNull('attendance').orWhereNotIn('attendance', [ATTENDANCE.completed, ATTENDANCE.absent]); })
    .update({
      attendance: code, attendance_at: now, attendance_by: actorId, updated_at: now, updated_by: actorId,
      ...(completion ? { training_record_id: completion.trainingRecordId, certificate_file_id: completion.certificateFileId, certificate_code: completion.certificateCode } : {}),
    });
  return changed === 1;
}
