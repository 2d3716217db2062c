import type { Knex } from 'knex';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { Workflow, WorkflowTransition } from '../../../engine/metadata/workflow-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { evaluateTemplate, type StepData } from '../../../engine/workflows/step-template.js';
import type { EffectName } from '../../../engine/workflows/workflow-effects.js';
import { fireTransition, initialState, refusal, stateOf, storedValue, type Authority, type WorkflowOutcome } from '../../../engine/workflows/workflow-engine.js';
import { RowFacts } from '../../rules/row-facts.js';
import type { AppContext } from '../../app-context.js';
import { writeAudit } from '../../data/audit.js';
import { nowIso } from '../../data/clock.js';
import { findRow, insertRow, updateRow, type Row } from '../../data/entity-store.js';
import { isUniqueViolation } from '../../data/unique-violation.js';
import { addStep } from '../../data/workflow-history.js';
import { AppError, invalid } from '../../errors.js';
import { settle } from '../../rules/evaluate.js';
import type { EffectHandler, EffectInput } from './effects/effect-input.js';
import { EFFECTS } from './effects/effect-registry.js';
import { createdRecord } from './created-record.js';
import { refusalError, textOf, visibleRecord } from './workflow-target.js';

/** One step asked for: on a record, or (a transition that creates it) on the input of a new one. */
export interface StepRequest {
  entityId?: number | null;
  /** the input of a transition that creates its record */
  values?: Readonly<Row>;
  transition: string;
  comment?: string | null;
  /** what the spec's calls add for the step's effects (e.g. a director's agency) */
  params?: Readonly<Record<string, unknown>>;
  /** a rule of a form saving the record takes the step (engine/workflows/workflow-engine.ts Authority) */
  authority?: Authority;
}

export interface StepTarget {
  entity: Entity;
  workflow: Workflow;
}

/** A step taken: the record as it is after it. */
export interface StepDone {
  entityId: number;
  from: string;
  to: string;
  historyId: number;
  transition: WorkflowTransition;
  row: Row;
}

/** A step checked and ready to store: the record (or the new one's values) and the engine's answer. */
interface Prepared {
  row: Row;
  parent: Row | undefined;
  outcome: Extract<WorkflowOutcome, { ok: true }>;
}

const trimmed = (comment: string | null | undefined): string | null => (comment?.trim() ? comment.trim() : null);

/**
 * Checks a step without storing anything: the record read (and locked) in the transaction with the
 * caller's access, or the new record's input and parent; then the engine's rules, guards, state and
 * comment. A refusal is answered as the error the API gives.
 */
async function prepare(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, target: StepTarget, req: StepRequest, bulk: boolean): Promise<Prepared> {
  const { entity, workflow } = target;
  const transition = workflow.transitions.find((t) => t.id === req.transition);
  const comment = trimmed(req.comment);
  let row: Row;
  let parent: Row | undefined;
  let state: string;
  if (transition?.creates) {
    if (req.entityId !== undefined && req.entityId !== null) throw invalid(`'${transition.id}' makes a new record: give its values, not an entityId.`, { entityId: 'Not for this step.' });
    ({ row, parent } = await createdRecord(trx, ctx, context, entity, transition.creates, req.values ?? {}, comment));
    state = initialState(workflow);
  } else {
    if (req.entityId === undefined || req.entityId === null) throw invalid('Name the record: entityId.', { entityId: 'Required.' });
    row = await visibleRecord(ctx, context, entity, req.entityId, trx, true);
    if (row.disabled === true && workflow.acceptsDisabled !== true) throw refusalError(ctx.registry, refusal(workflow, 'disabled', transition));
    state = stateOf(workflow, row);
  }
  const facts = new RowFacts(ctx, context, entity, [row]);
  const outcome = await settle({ ...context, facts }, () => fireTransition(workflow, state, req.transition, { ...context, facts }, { row, ...(parent ? { parent } : {}) }, comment, { bulk, authority: req.authority ?? 'caller' }));
  if (!outcome.ok) throw refusalError(ctx.registry, outcome.refusal);
  return { row, parent, outcome };
}

async function runEffects(base: Omit<EffectInput<EffectName>, 'params'>, workflow: Workflow, effects: ReadonlyArray<{ name: string; params?: Record<string, unknown> }>): Promise<void> {
  for (const effect of effects) {
    // the name and the parameters were checked against the registry by metadata:check
    const handler = EFFECTS[effect.name as EffectName] as EffectHandler<EffectName> | undefined;
    if (!handler) throw new Error(`workflow '${workflow.id}': unknown effect '${effect.name}'`);
    await handler({ ...base, params: (effect.params ?? {}) as EffectInput<EffectName>['params'] });
  }
}

/** The audit row of a step: the transition's action and detail, else the workflow's own account of it. */
function auditOf(t: WorkflowTransition, data: StepData, fallback: Record<string, unknown>): { action: string; detail: unknown } {
  if (!t.audit) return { action: 'workflow.transition', detail: fallback };
  return { action: t.audit.action, detail: t.audit.detail ? evaluateTemplate(t.audit.detail, data) : fallback };
}

/** Stores a prepared step: the new record (when it creates one), its history line, effects, new state and audit row. */
async function store(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, target: StepTarget, req: StepRequest, p: Prepared): Promise<StepDone> {
  const { entity, workflow } = target;
  const { outcome } = p;
  const comment = trimmed(req.comment);
  const actorId = context.user.id;
  const fields: Row = { [workflow.stateField]: storedValue(workflow, outcome.to) };
  const created = outcome.transition.creates !== undefined;
  let before: Row = p.row;
  let entityId: number;
  if (created) {
    entityId = await insertRow(trx, ctx.db, entity, { ...p.row, ...fields }, actorId).catch((e: unknown) => {
      throw isUniqueViolation(e) ? refusalError(ctx.registry, refusal(workflow, 'exists', outcome.transition)) : e;
    });
    before = (await findRow(ctx.db, entity, entityId, trx)) ?? { ...p.row, ...fields, id: entityId };
  } else {
    entityId = Number(p.row.id);
  }
  const from = created ? '' : outcome.from;
  let to = outcome.to;
  const now = nowIso();
  const auditExtra: Record<string, unknown> = {};
  const step = (): StepData => ({
    ...context, row: { ...before, ...fields }, before: created ? null : before, ...(p.parent ? { parent: p.parent } : {}),
    comment, transition: outcome.transition.id, from: created ? null : from, to, now, params: req.params ?? {},
  });
  const landIn = (state: string) => {
    if (!(outcome.transition.alsoTo ?? []).includes(state)) throw new Error(`workflow '${workflow.id}': '${outcome.transition.id}' cannot land in '${state}'`);
    to = state;
    fields[workflow.stateField] = storedValue(workflow, state);
  };
  await runEffects({
    trx, ctx, context, workflow, entity, entityId, row: before, transition: outcome.transition.id, from, to: outcome.to,
    comment, actorId, step, setFields: (values) => { Object.assign(fields, values); }, addAuditDetail: (detail) => { Object.assign(auditExtra, detail); }, landIn,
  }, workflow, outcome.effects);
  // the step's line of history, numbered: when another step of the record was stored first, this one is refused
  const historyId = await addStep(trx, { workflowId: workflow.id, entityTypeId: entity.id, entityId, transitionId: outcome.transition.id, from, to, comment, actorId });
  if (historyId === null) throw refusalError(ctx.registry, refusal(workflow, 'changedMeanwhile', outcome.transition));
  await updateRow(trx, ctx.db, entity, entityId, fields, before, actorId);
  const fallback = {
    workflowId: workflow.id, transition: outcome.transition.id, from, to, comment, effects: outcome.effects.map((e) => e.name), historyId,
    ...auditExtra, ...(req.authority === 'form' ? { by: 'form-rule' } : {}),
  };
  const audit = await settle(context, () => auditOf(outcome.transition, step(), fallback));
  await writeAudit(trx, { userId: actorId, action: audit.action, entityTypeId: entity.id, entityId, detail: audit.detail });
  return { entityId, from, to, historyId, transition: outcome.transition, row: { ...before, ...fields } };
}

/**
 * One step of a record's workflow inside the caller's transaction: checked (the record read and
 * locked with the caller's access, the engine run), then stored with its history line (two steps
 * at once on one record: one wins, the other answers 409), effects, new state and audit row.
 */
export async function stepInTransaction(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, target: StepTarget, req: StepRequest): Promise<StepDone> {
  return store(trx, ctx, context, target, req, await prepare(trx, ctx, context, target, req, false));
}

/** A step in a transaction of its own. */
export function takeStep(ctx: AppContext, context: RuleContext, target: StepTarget, req: StepRequest): Promise<StepDone> {
  return ctx.db.knex.transaction((trx) => stepInTransaction(trx, ctx, context, target, req));
}

/** How a record is named in a refusal of a step over several: its display value, else its id. */
async function recordName(ctx: AppContext, entity: Entity, id: number): Promise<string> {
  const row = entity.displayField ? await findRow(ctx.db, entity, id) : null;
  const shown = row && entity.displayField ? row[entity.displayField] : null;
  return shown === null || shown === undefined || shown === '' ? `#${id}` : String(shown);
}

/** One of several records taking a step together. */
export interface StepRecord {
  target: StepTarget;
  id: number;
}

/**
 * The answer when some of the chosen records cannot take the step: one refusal as it is, several
 * under one message; `refused` names each refused record with its reason.
 */
async function bulkRefusal(ctx: AppContext, refused: ReadonlyArray<{ record: StepRecord; error: AppError }>, count: number): Promise<AppError> {
  const lines: string[] = [];
  for (const r of refused) lines.push(`${await recordName(ctx, r.record.target.entity, r.record.id)}: ${r.error.message}`);
  const only = refused.length === 1 ? refused[0]!.error : null;
  const codes = new Set(refused.map((r) => r.error.code));
  const e = only ? new AppError(only.code, only.message, only.errors)
    : new AppError(codes.size === 1 ? refused[0]!.error.code : 'conflict', textOf(ctx.registry, 'workflow.bulkRefused').replace('{refused}', String(refused.length)).replace('{count}', String(count)), codes.has('invalid') ? {} : undefined);
  if (only?.textKey) e.textKey = only.textKey;
  e.extra = { refused: lines };
  return e;
}

/**
 * The same step on several records (the chosen rows of a grid), all or none: every record is
 * checked first, and when any is refused nothing is stored and the answer names each refused one.
 */
export async function takeSteps(ctx: AppContext, context: RuleContext, records: readonly StepRecord[], req: Omit<StepRequest, 'entityId' | 'values'>,
  opts: { bulk?: boolean } = {}): Promise<StepDone[]> {
  const bulk = opts.bulk ?? true;
  const seen = new Set<string>();
  const unique = records.filter((r) => !seen.has(`${r.target.entity.id}:${r.id}`) && seen.add(`${r.target.entity.id}:${r.id}`));
  return ctx.db.knex.transaction(async (trx) => {
    const prepared: Array<{ record: StepRecord; p: Prepared }> = [];
    const refused: Array<{ record: StepRecord; error: AppError }> = [];
    for (const record of unique) {
      try {
        prepared.push({ record, p: await prepare(trx, ctx, context, record.target, { ...req, entityId: record.id }, bulk) });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        refused.push({ record, error: e });
      }
    }
    if (refused.length > 0) throw await bulkRefusal(ctx, refused, unique.length);
    const done: StepDone[] = [];
    for (const { record, p } of prepared) done.push(await store(trx, ctx, context, record.target, { ...req, entityId: record.id }, p));
    return done;
  });
}

