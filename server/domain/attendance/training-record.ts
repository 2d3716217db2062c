import type { Knex } from 'knex';
import { todayIn } from '../../../engine/rules/today.js';
import { VERIFICATION_ACTION, verificationIdentifier } from '../../../engine/records/verifiable-records.js';
import type { AppContext } from '../../app-context.js';
import { findRow, insertRow } from '../../data/entity-store.js';
import { addAction, openVerification, personName } from '../../data/verification-store.js';
import type { AttendanceEnrollment } from './attendance-rows.js';

/** The Training Record entity (metadata/entities/training.json). */
export const TRAINING_RECORD_ENTITY = 3;

const cut = (v: string | null, max: number): string | null => (v === null ? null : v.slice(0, max));

/**
 * Posts the Training Record of a Completed attendance to the professional's profile: sent by the
 * system (sentViaApi) and already verified by the trainer, with the verification row and its
 * history action a reviewer's verification writes, so it is locked and the Training Report counts it.
 * It names the attendance's certificate, which the person opens from the record.
 */
export async function postTrainingRecord(trx: Knex.Transaction, ctx: AppContext, e: AttendanceEnrollment,
  made: { trainerName: string; certificateFileId: number }, actorId: number): Promise<number> {
  const entity = ctx.registry.entities.get(TRAINING_RECORD_ENTITY);
  if (!entity) throw new Error('the metadata has no Training Record entity');
  const timeZone = ctx.registry.tenant.timeZone;
  const id = await insertRow(trx, ctx.db, entity, {
    userId: e.userId,
    trainingTitle: cut(`${e.courseName}: ${e.sectionName}`, 180),
    trainingProvider: cut(made.trainerName, 180),
    dateCompleted: todayIn(timeZone, new Date(e.sessionEnd)),
    trainingHours: e.trainingHours,
    coreKnowledgeArea: cut(e.coreKnowledgeArea, 120),
    deliveryFormat: cut(e.deliveryMethod, 40),
    sentViaApi: true,
    verificationStatus: 'Approved',
    verified: true,
    certificate: made.certificateFileId,
  }, actorId);
  const row = (await findRow(ctx.db, entity, id, trx))!;
  const verificationId = await openVerification(trx, {
    entityTypeId: entity.id, entityId: id, primaryEntityId: e.userId, verificationType: entity.displayName ?? entity.name,
    primaryEntityName: await personName(trx, e.userId), identifier: verificationIdentifier(entity, row, timeZone), status: 'Approved',
  }, actorId);
  await addAction(trx, { verificationId, actionType: VERIFICATION_ACTION.verify, actingUserId: actorId, organizationId: null, comments: null });
  return id;
}
