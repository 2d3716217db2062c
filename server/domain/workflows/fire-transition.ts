import type { Knex } from 'knex';
import { settle } from '../../rules/evaluate.js';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { EffectName } from '../../../engine/workflows/workflow-effects.js';
import { fireTransition, refusal, stateOf } from '../../../engine/workflows/workflow-engine.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { updateRow, type Row } from '../../data/entity-store.js';
import { insertedId } from '../../data/inserted-id.js';
import { textError } from '../../errors.js';
import type { EffectHandler, EffectInput } from './effects/effect-input.js';
import { EFFECTS } from './effects/effect-registry.js';
import { isUniqueViolation } from '../../data/unique-violation.js';
import { refusalError, textOf, visibleRecord, workflowTarget } from './workflow-target.js';
import { workflowView } from './workflow-status.js';

export interface TransitionRequest {
  entityTypeId: number;
  entityId: number;
  transition: string;
  comment: string | null;
}

/** The number of the record's next step: one more than its last (the unique index makes it a compare-and-set). */
async function nextSequence(trx: Knex.Transaction, entityTypeId: number, entityId: number): Promise<number> {
  const r = (await trx('workflow_transitions').where({ entity_type_id: entityTypeId, entity_id: entityId }).max({ m: 'sequence' }).first()) as { m: number | string | null } | undefined;
  return Number(r?.m ?? 0) + 1;
}

async function runEffects(base: Omit<EffectInput<EffectName>, 'params'>, workflow: Workflow, effects: ReadonlyArray<{ name: string; params?: Record<string, unknown> }>): Promise<void> {
  for (const effect of effects) {
    // the name and the parameters were checked against the registry by metadata:check
    const handler = EFFECTS[effect.name as EffectName] as EffectHandler<EffectName> | undefined;
    if (!handler) throw new Error(`workflow '${workflow.id}': unknown effect '${effect.name}'`);
    await handler({ ...base, params: (effect.params ?? {}) as EffectInput<EffectName>['params'] });
  }
}

async function store(ctx: AppContext, context: RuleContext, entity: Entity, workflow: Workflow, req: TransitionRequest, comment: string | null) {
  return ctx.db.knex.transaction(async (trx) => {
    const row = await visibleRecord(ctx, context, entity, req.entityId, trx, true);
    if (row.disabled === true) throw textError('conflict', 'workflow.recordDisabled', textOf(ctx.registry, 'workflow.recordDisabled'));
    const outcome = await settle(context, () => fireTransition(workflow, stateOf(workflow, row), req.transition, context, row, comment));
    if (!outcome.ok) throw refusalError(ctx.registry, outcome.refusal);
    const actorId = context.user.id;
    const sequence = await nextSequence(trx, entity.id, req.entityId);
    // the unique (entity type, record, sequence) is the compare-and-set: another step stored first
    const historyId = insertedId(await trx('workflow_transitions').insert({
      workflow_id: workflow.id, entity_type_id: entity.id, entity_id: req.entityId, sequence, transition_id: outcome.transition.id,
      from_state: outcome.from, to_state: outcome.to, comment, actor_id: actorId, created_at: nowIso(),
    }).returning('id').catch((e: unknown) => {
      throw isUniqueViolation(e) ? refusalError(ctx.registry, refusal(workflow, 'changedMeanwhile')) : e;
    }));
    const fields: Row = { [workflow.stateField]: outcome.to };
    await runEffects({
      trx, ctx, workflow, entity, entityId: req.entityId, row, transition: outcome.transition.id, from: outcome.from, to: outcome.to,
      comment, actorId, setFields: (values) => { Object.assign(fields, values); },
    }, workflow, outcome.effects);
    await updateRow(trx, ctx.db, entity, req.entityId, fields, row, actorId);
    await writeAudit(trx, {
      userId: actorId, action: 'workflow.transition', entityTypeId: entity.id, entityId: req.entityId,
      detail: { workflowId: workflow.id, transition: outcome.transition.id, from: outcome.from, to: outcome.to, comment, effects: outcome.effects.map((e) => e.name), historyId },
    });
    return { historyId, ...(await workflowView(ctx.registry, context, workflow, { ...row, ...fields })) };
  });
}

/**
 * Fires one transition of the record's workflow in ONE transaction: the record read (and locked)
 * with the caller's access checked, the engine run, the step numbered in the history (two steps
 * at once: one wins, the other answers 409), the effects, the new state and the audit row.
 */
export async function fireWorkflowTransition(ctx: AppContext, context: RuleContext, req: TransitionRequest) {
  const { entity, workflow } = workflowTarget(ctx, req.entityTypeId);
  const comment = req.comment?.trim() ? req.comment.trim() : null;
  return { entityTypeId: entity.id, entityId: req.entityId, ...(await store(ctx, context, entity, workflow, req, comment)) };
}
