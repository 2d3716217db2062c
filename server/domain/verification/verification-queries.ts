import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { findRow, type Row } from '../../data/entity-store.js';
import { forbidden, notFound, textError } from '../../errors.js';
import { holdsForRow } from '../../rules/evaluate.js';
import { may } from '../record-access.js';
import { entityOrThrow } from '../record-commands.js';
import { workflowView } from '../workflows/workflow-status.js';
import { actionHistory, currentVerification, recordView } from '../../data/verification-store.js';
import { verifiableRecord, verificationState, verificationTarget, viewMarks, type RecordRef } from './verification-target.js';

/** Entity type of verifications (spec part 2 section 3). */
const VERIFICATION_ENTITY = 15;

/**
 * The answer of status and view: the record's state, its current verification and the caller's
 * buttons, read from the steps the workflow offers the caller now (Verify and Decline are offered
 * before the record is viewed, disabled: `needsView`).
 */
async function statusOf(ctx: AppContext, context: RuleContext, entity: Entity, row: Row) {
  const target = verificationTarget(ctx, entity.id);
  const entityId = Number(row.id);
  const [view, marks, current, unavailable] = [
    await workflowView(ctx, context, target, row), await viewMarks(ctx.db.knex, entity, row, context.user.id),
    await currentVerification(ctx.db.knex, entity.id, entityId), await holdsForRow(context, entity.verification?.unavailableWhen, row),
  ];
  const offered = (id: string) => view.transitions.find((t) => t.id === id);
  const ready = (id: string) => { const t = offered(id); return t !== undefined && t.disabledReason === undefined; };
  return {
    entityTypeId: entity.id,
    entityId,
    state: verificationState(target, row),
    available: !unavailable,
    verificationId: current?.id ?? null,
    viewed: marks.viewed,
    downloaded: marks.downloaded,
    request: ready('request'),
    verify: offered('verify') !== undefined,
    decline: offered('decline') !== undefined,
    remove: ready('remove'),
    needsView: offered('verify')?.disabledReason !== undefined,
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

/**
 * POST /api/verification/view: a reviewer (the record type's review rule) opens the record through
 * the verification view; the view is remembered, which (with the file's download) enables Verify and Decline.
 */
export async function viewForVerification(ctx: AppContext, context: RuleContext, ref: RecordRef) {
  const { entity, row } = await verifiableRecord(ctx, context, ref);
  if (!(await holdsForRow(context, entity.verification?.review, row))) throw forbidden();
  if (Number(row[entity.ownerField ?? 'userId']) === context.user.id) throw textError('forbidden', 'verification.ownRecord', 'You cannot verify or remove the verification of your own record.');
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
