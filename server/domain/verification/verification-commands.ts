import type { Knex } from 'knex';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { verificationIdentifier } from '../../../engine/workflows/verification-rights.js';
import { stepVerification, verificationStateOf, type VerificationEventType, type VerificationState, type VerificationStep } from '../../../engine/workflows/verification.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { findRow, updateRow, type Row } from '../../data/entity-store.js';
import { publishEvent } from '../../events/event-bus.js';
import { invalid, notFound } from '../../errors.js';
import { resolveAgency } from './verification-agency.js';
import { addAction, currentVerification, lockRecord, openVerification, personName, setVerificationStatus } from './verification-store.js';
import { ownerOf, refusalError, verifiableRecord, verificationFacts, type RecordRef } from './verification-target.js';

/** The verification row's status after each state of the record ('None' after a removal). */
const ROW_STATUS: Record<VerificationState, string> = { None: 'Removed', Requested: 'Requested', Approved: 'Approved', Rejected: 'Rejected' };
const OUTCOME = { verify: 'approved', decline: 'declined', remove: 'removed' } as const;
const MESSAGE_KEY: Record<VerificationEventType, [string, string]> = {
  request: ['verification.requested', "Your request for verification has been successfully submitted to your program's director(s) or designee for review."],
  verify: ['verification.verified', 'Record Verified!'],
  decline: ['verification.declined', 'Verification Declined!'],
  remove: ['verification.removed', 'Verification Removed!'],
};

export interface DecisionRequest extends RecordRef {
  primaryEntityId?: number | null;
  isVerified: boolean;
  comments?: string | null;
  agencyId?: number | null;
  action?: 'verify' | 'decline' | 'remove' | null;
}

interface Applied {
  entity: Entity;
  before: Row;
  type: VerificationEventType;
  step: VerificationStep;
  verificationId: number;
}

/** What POST /api/verification decides: the explicit action, else verify / remove a verified record / decline. */
function eventOf(req: DecisionRequest, state: VerificationState): 'verify' | 'decline' | 'remove' {
  if (req.action) {
    if ((req.action === 'verify') !== req.isVerified) throw invalid(`isVerified does not match the action '${req.action}'.`, { isVerified: 'Does not match the action.' });
    return req.action;
  }
  if (req.isVerified) return 'verify';
  return state === 'Approved' ? 'remove' : 'decline';
}

type Decide = (row: Row) => { type: VerificationEventType; comment: string | null };
type AgencyFor = (trx: Knex.Transaction, entity: Entity, row: Row) => Promise<number | null>;

/**
 * One transition in one transaction: the record's fields, the verification and its history
 * action, the audit row and the domain event. The record is re-read under a lock, so two
 * reviewers deciding at once cannot both succeed.
 */
async function apply(ctx: AppContext, context: RuleContext, ref: RecordRef, decide: Decide, agencyFor: AgencyFor): Promise<Applied> {
  const { entity } = await verifiableRecord(ctx, context, ref);
  return ctx.db.knex.transaction((trx) => applyInTransaction(trx, ctx, context, entity, ref.entityId, decide, agencyFor));
}

/**
 * The transition of `apply` inside the caller's transaction. `formSave`: a form rule's verify /
 * reject / unverify on the record being saved (server/domain/form-rule-effects.ts). The rule acts
 * with the form's authority: its condition (`when`) decides who and when, so the reviewer checks
 * (reviewer, not one's own record, viewed and downloaded) are met; the state checks still apply.
 */
export async function applyInTransaction(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, entity: Entity, entityId: number,
  decide: Decide, agencyFor: AgencyFor, formSave = false): Promise<Applied> {
  const actorId = context.user.id;
  await lockRecord(trx, ctx.db, entity, entityId);
  const before = await findRow(ctx.db, entity, entityId, trx);
  if (!before) throw notFound();
  const event = decide(before);
  const facts = await verificationFacts(trx, context, entity, before);
  const subject = facts.subject;
  const actor = formSave ? { isOwner: false, mayReview: true, mayRemove: true, viewed: true, downloaded: true } : facts.actor;
  const step = stepVerification(subject, event, actor);
  if (!step.ok) throw refusalError(step);
  const organizationId = await agencyFor(trx, entity, before);
  const ownerId = ownerOf(entity, before);
  await updateRow(trx, ctx.db, entity, entityId, { ...step.record }, before, actorId);
  const current = await currentVerification(trx, entity.id, entityId);
  const status = ROW_STATUS[step.next];
  let verificationId: number;
  if (event.type !== 'request' && current && current.status === ROW_STATUS[subject.state]) {
    verificationId = current.id;
    await setVerificationStatus(trx, current.id, status, step.next !== 'None', actorId);
  } else {
    verificationId = await openVerification(trx, {
      entityTypeId: entity.id, entityId, primaryEntityId: ownerId, verificationType: entity.displayName ?? entity.name,
      primaryEntityName: await personName(trx, ownerId), identifier: verificationIdentifier(entity, before, ctx.registry.tenant.timeZone), status,
    }, actorId);
    if (step.next === 'None') await setVerificationStatus(trx, verificationId, status, false, actorId);
  }
  await addAction(trx, { verificationId, actionType: step.actionType, actingUserId: actorId, organizationId, comments: step.comment });
  await writeAudit(trx, {
    userId: actorId, action: `verification.${event.type}`, entityTypeId: entity.id, entityId,
    detail: { verificationId, actionType: step.actionType, from: subject.state, to: step.next, agencyId: organizationId, comments: step.comment, ...(formSave ? { by: 'form-rule' } : {}) },
  });
  const base = { verificationId, entityTypeId: entity.id, entityId, ownerId };
  if (event.type === 'request') await publishEvent(trx, { type: 'verification.requested', payload: base, actorId });
  else await publishEvent(trx, { type: 'verification.decided', payload: { ...base, outcome: OUTCOME[event.type], decidedBy: actorId, comment: step.comment }, actorId });
  return { entity, before, type: event.type, step, verificationId };
}

function answer(ctx: AppContext, applied: Applied) {
  const { type } = applied;
  const [key, fallback] = MESSAGE_KEY[type];
  const texts = ctx.registry.texts;
  const message = texts[key] ?? fallback;
  return {
    verificationId: applied.verificationId,
    entityTypeId: applied.entity.id,
    entityId: Number(applied.before.id),
    verificationStatus: applied.step.record.verificationStatus,
    verified: applied.step.record.verified,
    actionType: applied.step.actionType,
    // the request's text has a title line (part 2 section 8: 'Verification request submitted! ...')
    message: type === 'request' ? `${texts['verification.requestedTitle'] ?? 'Verification request submitted!'} ${message}` : message,
  };
}

/** POST /api/verification/request: the owner asks for verification; the record is locked while Requested. */
export async function requestVerification(ctx: AppContext, context: RuleContext, ref: RecordRef) {
  const applied = await apply(ctx, context, ref, () => ({ type: 'request', comment: null }), async () => null);
  return answer(ctx, applied);
}

/** POST /api/verification: a reviewer verifies or declines, or a verification is removed. */
export async function decideVerification(ctx: AppContext, context: RuleContext, req: DecisionRequest) {
  const applied = await apply(ctx, context, req, (row) => ({ type: eventOf(req, verificationStateOf(row)), comment: req.comments ?? null }), async (trx, entity, row) => {
    const ownerId = ownerOf(entity, row);
    if (req.primaryEntityId !== undefined && req.primaryEntityId !== null && req.primaryEntityId !== ownerId) {
      throw invalid('The record does not belong to the primary entity.', { primaryEntityId: 'Does not own this record.' });
    }
    return resolveAgency(trx, context, ownerId, req.agencyId ?? null);
  });
  return answer(ctx, applied);
}
