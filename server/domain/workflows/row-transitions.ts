import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { offeredTransitions } from '../../../engine/workflows/workflow-engine.js';
import type { AppContext } from '../../app-context.js';
import { findRows, type Row } from '../../data/entity-store.js';
import { preparedRowRule, settle } from '../../rules/evaluate.js';
import { offeredStep } from './workflow-status.js';
import { RowFacts } from '../../rules/row-facts.js';
import { workflowFor } from './workflow-target.js';

type Offered = ReturnType<typeof offeredStep>;

/**
 * The offered steps of records of one type, for the caller (none when the type runs no workflow);
 * `unseen` records (read for another grid's rows) offer steps only when the caller may read them.
 */
async function stepsFor(ctx: AppContext, context: RuleContext, entity: Entity, records: readonly Row[], unseen: boolean): Promise<Map<number, Offered[]>> {
  const workflow = workflowFor(ctx.registry, entity.id);
  const out = new Map<number, Offered[]>();
  if (!workflow) return out;
  const withFacts: RuleContext = { ...context, facts: new RowFacts(ctx, context, entity, records) };
  return settle(withFacts, () => {
    const offer = offeredTransitions(workflow, withFacts);
    const readable = unseen ? preparedRowRule(entity.access.read, context) : () => true;
    for (const record of records) if (readable(record)) out.set(Number(record.id), offer(record).map((a) => offeredStep(ctx.registry, a)));
    return out;
  });
}

/**
 * Each row of a grid page gets `transitions`, the steps of its workflow the caller may take now
 * (DESIGN section 5): the row's own record's, or, for a grid whose rows stand for records of other
 * types (`transitionsOf`), that record's, with `transitionTarget` naming it.
 */
export async function withTransitions(ctx: AppContext, context: RuleContext, grid: Grid, entity: Entity, rows: Row[]): Promise<void> {
  const subject = grid.transitionsOf;
  if (!subject) {
    if (!workflowFor(ctx.registry, entity.id)) return;
    const steps = await stepsFor(ctx, context, entity, rows, false);
    for (const row of rows) row.transitions = steps.get(Number(row.id)) ?? [];
    return;
  }
  const byType = new Map<number, number[]>();
  for (const row of rows) {
    const [type, id] = [Number(row[subject.entityTypeIdField]), Number(row[subject.entityIdField])];
    if (Number.isInteger(type) && Number.isInteger(id)) byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  const steps = new Map<string, Offered[]>();
  for (const [type, ids] of byType) {
    const target = ctx.registry.entities.get(type);
    if (!target || !workflowFor(ctx.registry, type)) continue;
    for (const [id, offered] of await stepsFor(ctx, context, target, await findRows(ctx.db, target, ids), true)) steps.set(`${type}:${id}`, offered);
  }
  for (const row of rows) {
    const [type, id] = [Number(row[subject.entityTypeIdField]), Number(row[subject.entityIdField])];
    row.transitions = steps.get(`${type}:${id}`) ?? [];
    row.transitionTarget = { entityTypeId: type, entityId: id };
  }
}
