import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import type { Row } from '../../data/entity-store.js';
import { invalid } from '../../errors.js';
import { takeStep, takeSteps } from './fire-transition.js';
import { workflowView } from './workflow-status.js';
import { textOf, workflowTarget } from './workflow-target.js';

export interface TransitionBody {
  entityTypeId?: number;
  entityId?: number;
  records?: Array<{ entityTypeId: number; entityId: number }>;
  values?: Row;
  transition: string;
  comment?: string | null;
}

/** The transition's notice after the step (with its heading), when it has one. */
function doneMessage(ctx: AppContext, workflow: { transitions: ReadonlyArray<{ id: string; done?: string; doneTitle?: string }> }, transitionId: string): { message?: string; title?: string } {
  const t = workflow.transitions.find((x) => x.id === transitionId);
  if (t?.done === undefined) return {};
  return { message: textOf(ctx.registry, t.done), ...(t.doneTitle === undefined ? {} : { title: textOf(ctx.registry, t.doneTitle) }) };
}

const ONE_OF = 'Name one record (entityTypeId and entityId), the values of a new one (entityTypeId and values), or several records (records).';

/** Several records taking one step together: all of them run the same workflow. */
async function severalSteps(ctx: AppContext, context: RuleContext, body: TransitionBody) {
  const targets = body.records!.map((r) => ({ target: workflowTarget(ctx, r.entityTypeId), id: r.entityId }));
  const workflow = targets[0]!.target.workflow;
  if (targets.some((t) => t.target.workflow.id !== workflow.id)) throw invalid('The records run different workflows: take the step on each kind separately.', { records: 'One workflow only.' });
  const done = await takeSteps(ctx, context, targets, { transition: body.transition, comment: body.comment ?? null });
  return { transition: body.transition, records: done.map((d, i) => ({ entityTypeId: targets[i]!.target.entity.id, entityId: d.entityId })), ...doneMessage(ctx, workflow, body.transition) };
}

/**
 * POST /api/workflow/transition: one step on one record (entityId), on a new record (values: a
 * transition that creates it), or on several records at once (records: all or none).
 */
export async function fireWorkflowTransition(ctx: AppContext, context: RuleContext, body: TransitionBody) {
  if (body.records !== undefined) {
    if (body.entityTypeId !== undefined || body.entityId !== undefined || body.values !== undefined) throw invalid(ONE_OF, { records: 'Give records alone.' });
    return severalSteps(ctx, context, body);
  }
  if (body.entityTypeId === undefined || (body.entityId === undefined) === (body.values === undefined)) throw invalid(ONE_OF, { entityId: 'Give entityTypeId with exactly one of entityId and values.' });
  const target = workflowTarget(ctx, body.entityTypeId);
  const done = await takeStep(ctx, context, target, { transition: body.transition, comment: body.comment ?? null, entityId: body.entityId ?? null, ...(body.values ? { values: body.values } : {}) });
  return {
    entityTypeId: target.entity.id, entityId: done.entityId, historyId: done.historyId,
    ...(await workflowView(ctx, context, target, done.row)), ...doneMessage(ctx, target.workflow, body.transition),
  };
}
