import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { VERIFICATION_ACTION } from '../../../engine/records/verifiable-records.js';
import type { AppContext } from '../../app-context.js';
import { AppError, invalid } from '../../errors.js';
import { stepInTransaction, takeStep, type StepDone, type StepRequest } from '../workflows/fire-transition.js';
import { textOf, visibleRecord, type WorkflowTargetOf } from '../workflows/workflow-target.js';
import { resolveAgency } from './verification-agency.js';
import { latestVerification } from '../../data/verification-store.js';
import { ownerOf, verificationState, verificationTarget, type RecordRef, type VerificationState } from './verification-target.js';

type Step = keyof typeof VERIFICATION_ACTION;

export interface DecisionRequest extends RecordRef {
  primaryEntityId?: number | null;
  isVerified: boolean;
  comments?: string | null;
  agencyId?: number | null;
  action?: 'verify' | 'decline' | 'remove' | null;
}

/** What POST /api/verification decides: the explicit action, else verify / remove a verified record / decline. */
function stepOf(req: DecisionRequest, state: VerificationState): 'verify' | 'decline' | 'remove' {
  if (req.action) {
    if ((req.action === 'verify') !== req.isVerified) throw invalid(`isVerified does not match the action '${req.action}'.`, { isVerified: 'Does not match the action.' });
    return req.action;
  }
  if (req.isVerified) return 'verify';
  return state === 'Approved' ? 'remove' : 'decline';
}

/** The spec's calls name the comment `comments`: a refusal about it says so. */
function asSpecError(e: unknown): unknown {
  if (!(e instanceof AppError) || e.errors?.comment === undefined) return e;
  const { comment, ...rest } = e.errors;
  const renamed = new AppError(e.code, e.message, { ...rest, comments: comment });
  if (e.textKey) renamed.textKey = e.textKey;
  return renamed;
}

/** The answer of the spec's calls: the record's new fields, the case, the action type and the transition's notice. */
async function answer(ctx: AppContext, target: WorkflowTargetOf, step: Step, done: StepDone) {
  const t = done.transition;
  const message = t.done === undefined ? '' : textOf(ctx.registry, t.done);
  return {
    verificationId: (await latestVerification(ctx.db.knex, target.entity.id, done.entityId))!,
    entityTypeId: target.entity.id,
    entityId: done.entityId,
    verificationStatus: (done.row.verificationStatus ?? null) as 'Requested' | 'Approved' | 'Rejected' | null,
    verified: done.row.verified === true,
    actionType: VERIFICATION_ACTION[step],
    // the request's notice has a title line (part 2 section 8: 'Verification request submitted! ...')
    message: t.doneTitle === undefined ? message : `${textOf(ctx.registry, t.doneTitle)} ${message}`,
  };
}

async function take(run: () => Promise<StepDone>): Promise<StepDone> {
  try {
    return await run();
  } catch (e) {
    throw asSpecError(e);
  }
}

/** POST /api/verification/request: the owner asks for verification (the workflow's step `request`). */
export async function requestVerification(ctx: AppContext, context: RuleContext, ref: RecordRef) {
  const target = verificationTarget(ctx, ref.entityTypeId);
  const done = await take(() => takeStep(ctx, context, target, { entityId: ref.entityId, transition: 'request' }));
  return answer(ctx, target, 'request', done);
}

/**
 * POST /api/verification: a reviewer verifies or declines, or a verification is removed (the
 * workflow's steps), a director acting for an agency where the owner is staff.
 */
export async function decideVerification(ctx: AppContext, context: RuleContext, req: DecisionRequest) {
  const target = verificationTarget(ctx, req.entityTypeId);
  let step: 'verify' | 'decline' | 'remove' = 'verify';
  const done = await take(() => ctx.db.knex.transaction(async (trx) => {
    const row = await visibleRecord(ctx, context, target.entity, req.entityId, trx, true);
    step = stepOf(req, verificationState(target, row));
    const ownerId = ownerOf(target.entity, row);
    if (req.primaryEntityId !== undefined && req.primaryEntityId !== null && req.primaryEntityId !== ownerId) {
      throw invalid('The record does not belong to the primary entity.', { primaryEntityId: 'Does not own this record.' });
    }
    const agencyId = await resolveAgency(trx, ctx.registry.roles, context, ownerId, req.agencyId ?? null);
    const request: StepRequest = { entityId: req.entityId, transition: step, comment: req.comments ?? null, params: { agencyId } };
    return stepInTransaction(trx, ctx, context, target, request);
  }));
  return answer(ctx, target, step, done);
}
