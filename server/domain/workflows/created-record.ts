import type { Entity, EntityField } from '../../../engine/metadata/entity-schema.js';
import type { WorkflowCreates } from '../../../engine/metadata/workflow-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import type { Knex } from 'knex';
import { findRowForChange, type Row } from '../../data/entity-store.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import { may } from '../record-access.js';
import { evaluateTemplate, type StepData } from '../../../engine/workflows/step-template.js';
import { nowIso } from '../../data/clock.js';
import { settle } from '../../rules/evaluate.js';

/** Why a value does not fit an input field of its type; null when it does. */
function misfit(field: EntityField | undefined, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return 'Required.';
  switch (field?.type) {
    case 'integer': return typeof value === 'number' && Number.isSafeInteger(value) ? null : 'A whole number is required.';
    case 'number': return typeof value === 'number' && Number.isFinite(value) ? null : 'A number is required.';
    case 'boolean': return typeof value === 'boolean' ? null : 'true or false is required.';
    default:
      if (typeof value !== 'string') return 'A text is required.';
      return field?.maxLength !== undefined && value.length > field.maxLength ? `At most ${field.maxLength} characters.` : null;
  }
}

/**
 * The record a transition creates, before it is stored: the caller's input (exactly the fields
 * the transition takes, each of its field's type) and, with a parent, the parent record read with
 * the caller's access (404 absent, 403 not theirs) and the fields copied from it.
 */
export async function createdRecord(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, entity: Entity, creates: WorkflowCreates, values: Readonly<Row>, comment: string | null): Promise<{ row: Row; parent: Row | undefined }> {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(values)) if (!creates.input.includes(key)) errors[key] = 'Not an input of this step.';
  for (const name of creates.input) {
    const problem = misfit(entity.fields.find((f) => f.id === name), values[name]);
    if (problem) errors[name] = problem;
  }
  if (Object.keys(errors).length > 0) throw invalid('The values of the new record are not valid.', errors);
  const row: Row = Object.fromEntries(creates.input.map((name) => [name, values[name]]));
  const parent = creates.parent ? await parentOf(trx, ctx, context, creates.parent, row) : undefined;
  if (creates.values) Object.assign(row, await settle(context, () => evaluateTemplate(creates.values!, newRecordData(context, row, parent, comment))));
  return { row, parent };
}

/** What a new record's computed values read: the caller, the input (as row) and the parent. */
function newRecordData(context: RuleContext, row: Row, parent: Row | undefined, comment: string | null): StepData {
  return { ...context, row, before: null, ...(parent ? { parent } : {}), comment, transition: '', from: null, to: '', now: nowIso(), params: {} };
}

/** The parent record, locked and read with the caller's access; the fields it gives the new record are copied. */
async function parentOf(trx: Knex.Transaction, ctx: AppContext, context: RuleContext, spec: NonNullable<WorkflowCreates['parent']>, row: Row): Promise<Row> {
  const parentEntity = ctx.registry.entities.get(spec.entityTypeId);
  if (!parentEntity) throw notFound('Entity type');
  const parentId = row[spec.field];
  if (typeof parentId !== 'number') throw invalid(`${spec.field} must name the record it belongs to.`, { [spec.field]: 'Required.' });
  // locked until the step is stored: two requests under one record run one after the other
  const parent = await findRowForChange(trx, ctx.db, parentEntity, parentId);
  if (!parent) throw notFound();
  if (!(await may(parentEntity, 'read', context, parent))) throw forbidden();
  for (const [to, from] of Object.entries(spec.copy ?? {})) row[to] = parent[from] ?? null;
  return parent;
}
