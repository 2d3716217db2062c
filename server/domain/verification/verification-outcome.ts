import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { recordActionHistory } from '../../data/verification-store.js';
import { verifiableRecord, verificationState, verificationTarget, type RecordRef } from './verification-target.js';

/** Action types that decide a request (spec part 2 "Verification": 3 Approved, 4 Declined, ours 5 Removed). */
const DECISIONS = new Set([3, 4, 5]);

/**
 * GET /api/verification/outcome: a record's verification outcome for whoever may read the record
 * (its owner first of all): the state, the last decision (who, when, comment) and every action of
 * every verification of the record, oldest first. 404 for no such record, 403 for one not theirs to read.
 */
export async function verificationOutcome(ctx: AppContext, context: RuleContext, ref: RecordRef) {
  const { entity, row } = await verifiableRecord(ctx, context, ref);
  const history = await recordActionHistory(ctx.db.knex, entity.id, ref.entityId);
  const state = verificationState(verificationTarget(ctx, entity.id), row);
  const last = history.at(-1);
  const decision = state !== 'None' && state !== 'Requested' && last && DECISIONS.has(last.actionType) ? last : null;
  return { entityTypeId: entity.id, entityId: ref.entityId, state, decision, history };
}
