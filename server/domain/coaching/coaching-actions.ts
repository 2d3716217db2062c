import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { openRelationshipId, pendingRelationships, relationshipRows, relationshipsOfActions, type CoachRelationshipRow } from '../../data/coaching-store.js';
import { forbidden, notFound, textError } from '../../errors.js';
import { takeStep, takeSteps } from '../workflows/fire-transition.js';
import { textOf, workflowTarget } from '../workflows/workflow-target.js';

/** Coach relationship (spec part 3): the record type that runs metadata/workflows/coaching.json. */
export const COACH_RELATIONSHIP_ENTITY = 21;

/**
 * The spec's action codes (part 3 "Coach relationship": requested 1, approved 2, rejected 3,
 * closed 4, withdrawn 5, pdpShared 6, pdpShareRemoved 7) and the workflow step each names.
 */
const STEP_OF_ACTION: Readonly<Record<number, string>> = { 1: 'request', 2: 'accept', 3: 'decline', 4: 'end', 5: 'withdraw', 6: 'sharePdp', 7: 'unsharePdp' };
const REQUEST = 1;

export interface CoachActionRequest {
  coachRelationshipId?: number;
  coachRelationshipActionIds?: number[];
  primaryEntityId?: number;
  coachId?: number;
  action: number;
  comments?: string | null;
}

export interface CoachActionAnswer {
  action: number;
  coachRelationships: CoachRelationshipRow[];
}

function addressingError(ctx: AppContext) {
  return textError('invalid', 'coaching.addressing', textOf(ctx.registry, 'coaching.addressing'), 'coachRelationshipId');
}

/**
 * The relationships a call names: one by its id; those of a list of history lines (404 when a line
 * does not exist); or the open coaching between a coach and a person, which only one of the two may
 * ask for (anyone else is refused before it is looked up, so the answer tells nothing of others).
 */
async function addressed(ctx: AppContext, context: RuleContext, req: CoachActionRequest): Promise<number[]> {
  if (req.coachRelationshipId !== undefined) return [req.coachRelationshipId];
  if (req.coachRelationshipActionIds !== undefined) {
    const unique = [...new Set(req.coachRelationshipActionIds)];
    const of = await relationshipsOfActions(ctx.db.knex, unique);
    if (unique.some((id) => !of.has(id))) throw notFound('Coaching history line');
    return [...new Set(unique.map((id) => of.get(id)!))];
  }
  if (req.primaryEntityId === undefined || req.coachId === undefined) throw addressingError(ctx);
  if (context.user.id !== req.coachId && context.user.id !== req.primaryEntityId) throw forbidden();
  const id = await openRelationshipId(ctx.db.knex, req.coachId, req.primaryEntityId);
  if (id === null) throw textError('not-found', 'coaching.noOpenCoaching', textOf(ctx.registry, 'coaching.noOpenCoaching'));
  return [id];
}

/**
 * POST /api/coach/coachrelationshipaction: a step of the coaching workflow on the relationships the
 * call names (all or none). Action 1 (request) makes a new relationship with the person
 * `primaryEntityId` (the caller is its coach; a `coachId` naming someone else is refused).
 */
export async function coachRelationshipAction(ctx: AppContext, context: RuleContext, req: CoachActionRequest): Promise<CoachActionAnswer> {
  const named = [req.coachRelationshipId !== undefined, req.coachRelationshipActionIds !== undefined, req.primaryEntityId !== undefined || req.coachId !== undefined].filter(Boolean).length;
  if (named !== 1) throw addressingError(ctx);
  const target = workflowTarget(ctx, COACH_RELATIONSHIP_ENTITY);
  const transition = STEP_OF_ACTION[req.action];
  if (transition === undefined) throw textError('invalid', 'coaching.badAction', textOf(ctx.registry, 'coaching.badAction'), 'action');
  const comment = req.comments ?? null;
  if (req.action === REQUEST) {
    if (req.primaryEntityId === undefined) throw addressingError(ctx);
    if (req.coachId !== undefined && req.coachId !== context.user.id) throw forbidden();
    const done = await takeStep(ctx, context, target, { values: { primaryEntityId: req.primaryEntityId }, transition, comment });
    return { action: req.action, coachRelationships: await relationshipRows(ctx.db.knex, [done.entityId]) };
  }
  const ids = await addressed(ctx, context, req);
  await takeSteps(ctx, context, ids.map((id) => ({ target, id })), { transition, comment }, { bulk: false });
  return { action: req.action, coachRelationships: await relationshipRows(ctx.db.knex, ids) };
}

/**
 * GET /api/coach/requests: the pending coaching requests the caller is a side of - those they sent
 * as coach, then those waiting for their answer (a coach who is also coached sees both; each row
 * names its coach and its person).
 */
export async function coachRequests(ctx: AppContext, context: RuleContext): Promise<CoachRelationshipRow[]> {
  return [...await pendingRelationships(ctx.db.knex, context.user.id, 'coach'), ...await pendingRelationships(ctx.db.knex, context.user.id, 'person')];
}
