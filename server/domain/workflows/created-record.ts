import type { Entity, EntityField } from '../../../engine/metadata/entity-schema.js';
import type { WorkflowCreates } from '../../../engine/metadata/workflow-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import type { AppContext } from '../../app-context.js';
import type { Row } from '../../data/entity-store.js';
import { invalid, notFound } from '../../errors.js';
import { readableRecord } from '../record-commands.js';

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
export async function createdRecord(ctx: AppContext, context: RuleContext, entity: Entity, creates: WorkflowCreates, values: Readonly<Row>): Promise<{ row: Row; parent: Row | undefined }> {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(values)) if (!creates.input.includes(key)) errors[key] = 'Not an input of this step.';
  for (const name of creates.input) {
    const problem = misfit(entity.fields.find((f) => f.id === name), values[name]);
    if (problem) errors[name] = problem;
  }
  if (Object.keys(errors).length > 0) throw invalid('The values of the new record are not valid.', errors);
  const row: Row = Object.fromEntries(creates.input.map((name) => [name, values[name]]));
  const spec = creates.parent;
  if (!spec) return { row, parent: undefined };
  const parentEntity = ctx.registry.entities.get(spec.entityTypeId);
  if (!parentEntity) throw notFound('Entity type');
  const parentId = row[spec.field];
  if (typeof parentId !== 'number') throw invalid(`${spec.field} must name the record it belongs to.`, { [spec.field]: 'Required.' });
  const parent = await readableRecord(ctx, context, parentEntity, parentId);
  for (const [to, from] of Object.entries(spec.copy ?? {})) row[to] = parent[from] ?? null;
  return { row, parent };
}
