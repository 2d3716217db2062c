import type { Entity } from '../../../engine/metadata/entity-schema.js';
import { settle } from '../../rules/evaluate.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { verificationActor, type ViewMarks } from '../../../engine/workflows/verification-rights.js';
import { verificationOptions, verificationRefusal } from '../../../engine/workflows/verification.js';
import type { AppContext } from '../../app-context.js';
import { findRow, type Row } from '../../data/entity-store.js';
import { forbidden, notFound } from '../../errors.js';
import { may } from '../record-access.js';
import { entityOrThrow } from '../record-commands.js';
import { actionHistory, currentVerification, recordView } from './verification-store.js';
import { refusalError, verifiableRecord, verificationFacts, type RecordRef } from './verification-target.js';

/** Entity type of verifications (spec part 2 section 3). */
const VERIFICATION_ENTITY = 15;

/** The answer of status and view: the record's state, its current verification and the caller's buttons. */
async function statusOf(ctx: AppContext, context: RuleContext, entity: Entity, row: Row) {
  const { subject, actor } = await verificationFacts(ctx.db.knex, context, entity, row);
  const entityId = Number(row.id);
  const current = await currentVerification(ctx.db.knex, entity.id, entityId);
  return {
    entityTypeId: entity.id,
    entityId,
    state: subject.state,
    available: subject.available,
    verificationId: current?.id ?? null,
    viewed: actor.viewed,
    downloaded: actor.downloaded,
    ...verificationOptions(subject, actor),
  };
}

/**
 * GET /api/verification/status: the record's verification state, its current verification and
 * what the caller may do now (the buttons to show; Verify / Decline wait for `needsView`).
 */
export async function verificationStatus(ctx: AppContext, context: RuleContext, ref: RecordRef) {
  const { entity, row } = await verifiableRecord(ctx, context, ref);
  return statusOf(ctx, context, entity, row);
}

/** Rights on the record do not depend on the view marks. */
const NO_MARKS: ViewMarks = { viewed: false, downloaded: false };

/**
 * POST /api/verification/view: a reviewer opens the record through the verification view; the
 * view is remembered, which (with the file's download) enables Verify and Decline.
 */
export async function viewForVerification(ctx: AppContext, context: RuleContext, ref: RecordRef) {
  const { entity, row } = await verifiableRecord(ctx, context, ref);
  const actor = await settle(context, () => verificationActor(entity, context, row, NO_MARKS));
  if (!actor.mayReview) throw forbidden();
  if (actor.isOwner) throw refusalError(verificationRefusal('ownRecord'));
  await recordView(ctx.db.knex, entity.id, ref.entityId, context.user.id);
  return statusOf(ctx, context, entity, row);
}

/** GET /api/verification?verificationId=: the history, for those who may see the verification and the owner. */
export async function verificationHistory(ctx: AppContext, context: RuleContext, verificationId: number) {
  const entity = entityOrThrow(ctx, VERIFICATION_ENTITY);
  const row = await findRow(ctx.db, entity, verificationId);
  if (!row) throw notFound('Verification');
  if (Number(row.primaryEntityId) !== context.user.id && !(await may(entity, 'read', context, row))) throw forbidden();
  return actionHistory(ctx.db.knex, verificationId);
}
