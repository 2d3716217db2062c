import type { Knex } from 'knex';
import { insertedId } from './inserted-id.js';

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

/** A certificate's file as stored: a PDF of kind r, owned by the person, attached to an entity row. */
export interface NewCertificateFile {
  key: string;
  name: string;
  size: number;
  sha256: string;
  ownerUserId: number;
  entityTypeId: number;
  entityId: number;
  uploadedBy: number;
  now: string;
}

/** Inserts a certificate's file row; answers its id. */
export async function insertCertificateFile(trx: Knex.Transaction, f: NewCertificateFile): Promise<number> {
  return insertedId(await trx('files').insert({
    key: f.key, kind: 'r', file_set_id: null, original_name: f.name, name_lc: f.name.toLowerCase(), content_type: 'application/pdf',
    size: f.size, sha256: f.sha256, owner_user_id: f.ownerUserId,
    entity_type_id: f.entityTypeId, entity_id: f.entityId, form_element_id: null, uploaded_by: f.uploadedBy, created_at: f.now, deleted_at: null,
  }).returning('id'));
}
