import type { Knex } from 'knex';
import type { AttendanceRow } from '../../../engine/training/attendance.js';
import { trainerEnrollmentRows, type AttendanceEnrollmentRow } from '../../data/attendance-store.js';
import { timestampText } from '../../data/clock.js';
import type { Database } from '../../data/db.js';

/** An enrollment with what attendance, the training record and the certificate need of its session and course. */
export interface AttendanceEnrollment extends AttendanceRow {
  userId: number;
  courseSectionId: number;
  organizationId: number | null;
  trainingRecordId: number | null;
  sessionStart: string;
  sectionName: string;
  courseName: string;
  trainerId: number;
  trainingHours: number | null;
  coreKnowledgeArea: string | null;
  deliveryMethod: string | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function enrollmentOf(r: AttendanceEnrollmentRow): AttendanceEnrollment {
  return {
    id: Number(r.id), locked: r.locked === true || r.locked === 1, status: String(r.status), attendance: num(r.attendance),
    sessionEnd: timestampText(r.training_end_date), sessionStart: timestampText(r.training_start_date),
    userId: Number(r.user_id), courseSectionId: Number(r.course_section_id), organizationId: num(r.organization_id), trainingRecordId: num(r.training_record_id),
    sectionName: String(r.section_name), courseName: String(r.course_name), trainerId: Number(r.trainer_id),
    trainingHours: num(r.training_hours), coreKnowledgeArea: str(r.core_knowledge_area), deliveryMethod: str(r.delivery_method),
  };
}

/**
 * The enrollments among `ids` in courses the trainer owns, held until the transaction ends on
 * PostgreSQL (SQLite runs one writer at a time), so two requests for the same rows take turns and
 * the second sees what the first wrote.
 */
export async function trainerEnrollments(trx: Knex.Transaction, db: Database, trainerId: number, ids: readonly number[]): Promise<Map<number, AttendanceEnrollment>> {
  const rows = await trainerEnrollmentRows(db, trx, trainerId, ids);
  return new Map(rows.map((r) => [Number(r.id), enrollmentOf(r)]));
}
