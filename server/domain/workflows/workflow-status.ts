import type { Registry } from '../../../engine/metadata/registry.js';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { offeredTransitions, stateOf, type Available } from '../../../engine/workflows/workflow-engine.js';
import type { AppContext } from '../../app-context.js';
import { timestampText } from '../../data/clock.js';
import type { Row } from '../../data/entity-store.js';
import { stepsOf } from '../../data/workflow-history.js';
import { settle } from '../../rules/evaluate.js';
import { RowFacts } from '../../rules/row-facts.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import { textOf, visibleRecord, workflowTarget } from './workflow-target.js';

const stateLabel = (registry: Registry, workflow: Workflow, id: string) => {
  const state = workflow.states.find((s) => s.id === id);
  return state ? textOf(registry, state.label) : id;
};

function stepOf(registry: Registry, a: Available) {
  const t = a.transition;
  return Object.freeze({
    id: t.id, label: textOf(registry, t.label), commentRequired: t.comment === 'required',
    ...(t.comment === 'optional' ? { commentOptional: true } : {}),
    ...(a.disabledBy !== undefined ? { disabledReason: textOf(registry, a.disabledBy) } : {}),
  });
}

/** Each transition's offered step, per registry (texts are its metadata), and per reason it is disabled ('' when enabled). */
const steps = new WeakMap<Registry, WeakMap<object, Map<string, ReturnType<typeof stepOf>>>>();

/**
 * A transition as a row or a status answer offers it: its label, whether it asks for a comment,
 * and why it is disabled. Made once per registry, transition and reason, then shared (read-only)
 * by every row that offers it: a page of 25 rows does not build 25 copies of the same step.
 */
export function offeredStep(registry: Registry, a: Available) {
  let byTransition = steps.get(registry);
  if (!byTransition) steps.set(registry, (byTransition = new WeakMap()));
  let byReason = byTransition.get(a.transition);
  if (!byReason) byTransition.set(a.transition, (byReason = new Map()));
  const reason = a.disabledBy ?? '';
  let step = byReason.get(reason);
  if (!step) byReason.set(reason, (step = stepOf(registry, a)));
  return step;
}

/** Where a record stands and what the caller may do next, from a record already read. */
export async function workflowView(ctx: AppContext, context: RuleContext, target: { entity: Entity; workflow: Workflow }, row: Readonly<Row>) {
  const { registry } = ctx;
  const { entity, workflow } = target;
  const state = stateOf(workflow, row);
  const withFacts: RuleContext = { ...context, facts: new RowFacts(ctx, context, entity, [row]) };
  const available = await settle(withFacts, () => offeredTransitions(workflow, withFacts)(row));
  return {
    workflowId: workflow.id,
    state: { id: state, label: stateLabel(registry, workflow, state), final: workflow.states.find((s) => s.id === state)?.final === true },
    transitions: available.map((a) => offeredStep(registry, a)),
  };
}

/** GET /api/workflow: the record's state, the transitions the caller may fire now and its history, oldest first. */
export async function workflowStatus(ctx: AppContext, context: RuleContext, entityTypeId: number, entityId: number) {
  const { entity, workflow } = workflowTarget(ctx, entityTypeId);
  const row = await visibleRecord(ctx, context, entity, entityId);
  const history = await stepsOf(ctx.db.knex, entityTypeId, entityId);
  return {
    entityTypeId, entityId, ...(await workflowView(ctx, context, { entity, workflow }, row)),
    history: history.map((h) => {
      const transition = workflow.transitions.find((t) => t.id === h.transitionId);
      return {
        id: h.id, transition: h.transitionId, label: transition ? textOf(ctx.registry, transition.label) : h.transitionId,
        from: h.from, to: h.to, toLabel: stateLabel(ctx.registry, workflow, h.to), comment: h.comment,
        actorId: h.actorId, actorName: h.actorName, at: timestampText(h.at),
      };
    }),
  };
}
