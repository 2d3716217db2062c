import type { Knex } from 'knex';

/**
 * Certificates of completion: the check code and file an enrollment keeps (enrollments), the
 * certificate's file row (files, attached to its enrollment) and what the public check shows.
 */

type Db = Knex | Knex.Transaction;

/** Whether an enrollment's certificate already has this check code. */
export async function certificateCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await db('enrollments').where({ certificate_code: code }).first('id')) !== undefined;
}

/** The trainer of the course whose enrollment (`enrollmentId`) has this certificate file, if it has it. */
export async function certificateTrainerId(db: Db, enrollmentId: number | null, fileId: number): Promise<number | undefined> {
  const r = (await db('enrollments as e')
    .join('course_sections as s', 's.id', 'e.course_section_id')
    .join('courses as c', 'c.id', 's.course_id')
    .where({ 'e.id': enrollmentId, 'e.certificate_file_id': fileId })
    .first('c.trainer_id')) as { trainer_id: number } | undefined;
  return r === undefined ? undefined : Number(r.trainer_id);
}

/** A standing certificate as the public check shows it. */
export interface StandingCertificateRow { first_name: string; last_name: string; course_name: string; section_name: string; training_end_date: string | Date }

/** The certificate with this code that stands (its enrollment still Completed, its file not deleted), if any. */
export async function standingCertificate(db: Db, code: string): Promise<StandingCertificateRow | undefined> {
  return (await db('enrollments as e')
    .join('course_sections as s', 's.id', 'e.course_section_id')
    .join('courses as c', 'c.id', 's.course_id')
    .join('users as u', 'u.id', 'e.user_id')
    .join('files as f', 'f.id', 'e.certificate_file_id')
    .where({ 'e.certificate_code': code, 'e.attendance': 1 }).whereNull('f.deleted_at')
    .first('u.first_name', 'u.last_name', 'c.course_name', 's.section_name', 's.training_end_date')) as StandingCertificateRow | undefined;
}
