import type { Registry } from '../../../engine/metadata/registry.js';
import { settle } from '../../rules/evaluate.js';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { availableTransitions, stateOf } from '../../../engine/workflows/workflow-engine.js';
import type { AppContext } from '../../app-context.js';
import { timestampText } from '../../data/clock.js';
import type { Row } from '../../data/entity-store.js';
import { textOf, visibleRecord, workflowTarget } from './workflow-target.js';

interface HistoryRow {
  id: number; transition_id: string; from_state: string; to_state: string; comment: string | null; actor_id: number;
  created_at: string | Date; first_name: string | null; last_name: string | null;
}

const stateLabel = (registry: Registry, workflow: Workflow, id: string) => {
  const state = workflow.states.find((s) => s.id === id);
  return state ? textOf(registry, state.label) : id;
};

/** Where a record stands and what the caller may do next, from a record already read. */
export async function workflowView(registry: Registry, context: RuleContext, workflow: Workflow, row: Readonly<Row>) {
  const state = stateOf(workflow, row);
  const available = await settle(context, () => availableTransitions(workflow, state, context, row));
  return {
    workflowId: workflow.id,
    state: { id: state, label: stateLabel(registry, workflow, state), final: workflow.states.find((s) => s.id === state)?.final === true },
    transitions: available.map((t) => ({ id: t.id, label: textOf(registry, t.label), commentRequired: t.commentRequired === true })),
  };
}

/** GET /api/workflow: the record's state, the transitions the caller may fire now and its history, oldest first. */
export async function workflowStatus(ctx: AppContext, context: RuleContext, entityTypeId: number, entityId: number) {
  const { entity, workflow } = workflowTarget(ctx, entityTypeId);
  const row = await visibleRecord(ctx, context, entity, entityId);
  const history = (await ctx.db.knex('workflow_transitions as w').leftJoin('users as u', 'u.id', 'w.actor_id')
    .where({ 'w.entity_type_id': entityTypeId, 'w.entity_id': entityId }).orderBy('w.sequence')
    .select('w.id', 'w.transition_id', 'w.from_state', 'w.to_state', 'w.comment', 'w.actor_id', 'w.created_at', 'u.first_name', 'u.last_name')) as HistoryRow[];
  return {
    entityTypeId, entityId, ...(await workflowView(ctx.registry, context, workflow, row)),
    history: history.map((h) => {
      const transition = workflow.transitions.find((t) => t.id === h.transition_id);
      return {
        id: Number(h.id), transition: h.transition_id, label: transition ? textOf(ctx.registry, transition.label) : h.transition_id,
        from: h.from_state, to: h.to_state, toLabel: stateLabel(ctx.registry, workflow, h.to_state), comment: h.comment,
        actorId: Number(h.actor_id), actorName: [h.first_name, h.last_name].filter(Boolean).join(' '), at: timestampText(h.created_at),
      };
    }),
  };
}
