import type { Knex } from 'knex';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { ATTENDANCE, planAttendance, type AttendanceCode, type AttendancePlan } from '../../../engine/training/attendance.js';
import type { AppContext } from '../../app-context.js';
import { setAttendanceCode } from '../../data/attendance-store.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { publishEvent } from '../../events/event-bus.js';
import { conflict, notFound, textError } from '../../errors.js';
import { ENROLLMENT_ENTITY } from '../certificates/certificate-access.js';
import { issueCertificate, removeWritten, type IssuedCertificate } from '../certificates/certificate-issue.js';
import { personName } from '../../data/verification-store.js';
import { trainerEnrollments, type AttendanceEnrollment } from './attendance-rows.js';
import { postTrainingRecord } from './training-record.js';

export interface AttendanceAnswer {
  status: AttendanceCode;
  /** the rows that took the code */
  set: { enrollmentRecordId: number; trainingRecordId: number | null; certificateFileId: number | null }[];
  /** the rows left as they were, with why */
  skipped: AttendancePlan['skipped'];
}

export const ALL_SET_KEY = 'attendance.allSet';
const ALL_SET = 'All chosen users have attendance set already.';

/**
 * POST /api/enrollment/setattendance (spec part 3 sections 4, 7, 8): the course's trainer sets the
 * code on the eligible rows of their own courses' enrollments, in one transaction with an audit
 * row per enrollment. An id that is not an enrollment of the caller's courses answers 404 and
 * nothing changes; none eligible answers 409 'All chosen users have attendance set already.'.
 * Completed posts the verified training record and the certificate, exactly once per enrollment.
 */
export async function setAttendance(ctx: AppContext, context: RuleContext, ids: readonly number[], status: AttendanceCode): Promise<AttendanceAnswer> {
  const written: string[] = [];
  try {
    return await ctx.db.knex.transaction(async (trx) => {
      const rows = await trainerEnrollments(trx, ctx.db, context.user.id, ids);
      if (rows.size !== new Set(ids).size) throw notFound('Enrollment');
      const plan = planAttendance(ids, rows, nowIso());
      if (plan.eligible.length === 0) throw textError('conflict', ALL_SET_KEY, ALL_SET);
      const trainerName = await personName(trx, context.user.id);
      const set: AttendanceAnswer['set'] = [];
      for (const id of plan.eligible) set.push(await applyOne(trx, ctx, rows.get(id)!, status, trainerName, context.user.id, written));
      return { status, set, skipped: plan.skipped };
    });
  } catch (e) {
    await removeWritten(ctx, written);
    throw e;
  }
}

async function applyOne(trx: Knex.Transaction, ctx: AppContext, e: AttendanceEnrollment, status: AttendanceCode, trainerName: string, actorId: number, written: string[]) {
  let trainingRecordId: number | null = null;
  let certificate: IssuedCertificate | null = null;
  if (status === ATTENDANCE.completed) {
    certificate = await issueCertificate(trx, ctx, e, { personName: await personName(trx, e.userId), trainerName }, actorId, written);
    trainingRecordId = await postTrainingRecord(trx, ctx, e, { trainerName, certificateFileId: certificate.fileId }, actorId);
  }
  const now = nowIso();
  // guarded: the row is still Registered, not final and has no training record
  const completion = certificate ? { trainingRecordId, certificateFileId: certificate.fileId, certificateCode: certificate.code } : null;
  const changed = await setAttendanceCode(trx, e.id, status, actorId, now, completion);
  if (!changed) throw conflict('The enrollment changed meanwhile; please try again.');
  await writeAudit(trx, {
    userId: actorId, action: 'attendance.set', entityTypeId: ENROLLMENT_ENTITY, entityId: e.id,
    detail: { from: e.attendance, to: status, trainingRecordId, certificateFileId: certificate?.fileId ?? null },
  });
  if (certificate) {
    await publishEvent(trx, {
      type: 'enrollment.changed', actorId,
      payload: { enrollmentId: e.id, userId: e.userId, courseSectionId: e.courseSectionId, trainerId: e.trainerId, change: 'completed', position: null, comment: null },
    });
  }
  return { enrollmentRecordId: e.id, trainingRecordId, certificateFileId: certificate?.fileId ?? null };
}
