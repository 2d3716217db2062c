import type { Knex } from 'knex';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import type { WorkflowRefusal } from '../../../engine/workflows/workflow-engine.js';
import { workflowForEntity, workflowOfEntity } from '../../../engine/workflows/workflow-for-entity.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import { findRow, type Row } from '../../data/entity-store.js';
import { lockRecord } from '../../data/verification-store.js';
import { forbidden, notFound, textError, type AppError } from '../../errors.js';
import { entityOrThrow } from '../record-commands.js';
import { may } from '../record-access.js';

/**
 * The workflow a record type runs (metadata:check allows at most one per type), as it runs on that
 * type: its `entityRule`s are the type's own rules.
 */
export function workflowFor(registry: Registry, entityTypeId: number): Workflow | null {
  let byType = resolved.get(registry);
  if (!byType) resolved.set(registry, (byType = new Map()));
  let workflow = byType.get(entityTypeId);
  if (workflow === undefined) {
    const entity = registry.entities.get(entityTypeId);
    const wf = entity && workflowOfEntity(registry.workflows.values(), entity);
    byType.set(entityTypeId, (workflow = entity && wf ? workflowForEntity(wf, entity) : null));
  }
  return workflow;
}

/** Each registry's workflows as they run on each type, resolved once (a registry never changes; a publish makes a new one). */
const resolved = new WeakMap<Registry, Map<number, Workflow | null>>();

/** A record type with the workflow it runs. */
export interface WorkflowTargetOf {
  entity: Entity;
  workflow: Workflow;
}

/** The entity type and its workflow: 404 when the type is unknown or runs none. */
export function workflowTarget(ctx: AppContext, entityTypeId: number): WorkflowTargetOf {
  const entity = entityOrThrow(ctx, entityTypeId);
  const workflow = workflowFor(ctx.registry, entityTypeId);
  if (!workflow) throw notFound('Workflow');
  return { entity, workflow };
}

/**
 * The record the caller may see (404 absent, 403 not theirs), read in the transaction; with
 * `lock` its row is locked first (PostgreSQL) so two transitions on it run one after the other.
 */
export async function visibleRecord(ctx: AppContext, context: RuleContext, entity: Entity, id: number, trx?: Knex.Transaction, lock = false): Promise<Row> {
  if (lock && trx) await lockRecord(trx, ctx.db, entity, id);
  const row = await findRow(ctx.db, entity, id, trx);
  if (!row) throw notFound();
  if (!(await may(entity, 'read', context, row))) throw forbidden();
  return row;
}

/** A refusal of the engine as the error the API answers, its message from the catalogue. */
export function refusalError(registry: Registry, r: WorkflowRefusal): AppError {
  if (r.textKey === 'error.forbidden') return forbidden();
  return textError(r.status, r.textKey, registry.texts[r.textKey] ?? r.textKey, r.reason === 'commentRequired' ? 'comment' : undefined);
}

/** A text key of the catalogue as the tenant words it. */
export function textOf(registry: Registry, key: string): string {
  return registry.texts[key] ?? key;
}
