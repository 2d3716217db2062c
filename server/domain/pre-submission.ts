import { rowFromValues, valuesFromRow } from '../../engine/forms/entity-values.js';
import { holds } from '../rules/evaluate.js';
import type { FormValues } from '../../engine/forms/form-types.js';
import type { EntityRef, PrimaryEntity } from '../../engine/grid/grid-request.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import { ownerHasSameRecord } from '../data/entity-lookup.js';
import { invalid, notFound } from '../errors.js';
import { resolveFormTarget, type FormTarget } from './form-target.js';

export interface ValidationItem {
  entityTypeId?: number;
  formElementId: number;
  value?: string | string[] | null;
}

/** Whether the owner already has another enabled record with the same values in these fields. */
async function duplicateExists(ctx: AppContext, target: FormTarget, fields: Record<string, unknown>): Promise<boolean> {
  const { entity } = target;
  if (!entity.ownerField || target.ownerId === null) return false;
  return ownerHasSameRecord(ctx.db, entity, entity.ownerField, target.ownerId, target.row ? Number(target.row.id) : null, fields);
}

/** POST /api/form/presubmissionvalidation: messages, and whether the person may submit anyway. */
export async function preSubmissionMessages(ctx: AppContext, context: RuleContext, body: { validations: ValidationItem[]; entities?: EntityRef[] | null; primaryEntity?: PrimaryEntity | null }) {
  const first = ctx.registry.elements.get(body.validations[0]!.formElementId);
  if (!first) throw notFound('Form element');
  const form = first.form;
  const given: FormValues = {};
  for (const v of body.validations) {
    if (ctx.registry.elements.get(v.formElementId)?.form.id !== form.id) throw invalid('All validated elements must belong to one form.', { [v.formElementId]: 'Not part of this form.' });
    given[v.formElementId] = v.value ?? null;
  }
  const target = await resolveFormTarget(ctx, context, { formId: form.id, entities: body.entities ?? null, primaryEntity: body.primaryEntity ?? null });
  const values: FormValues = { ...(target.row ? valuesFromRow(form, target.entity, target.row, target.timeZone) : {}), ...given };
  const messages: string[] = [];
  let overridable = true;
  for (const p of form.preSubmissionValidations ?? []) {
    if (!p.formElementIds.every((id) => id in given)) continue;
    const hit = p.kind === 'rule'
      ? await holds({ ...target.state, values }, p.when)
      : await duplicateExists(ctx, target, rowFromValues({ ...form, elements: form.elements.filter((e) => p.formElementIds.includes(e.id)) }, target.entity, values));
    if (hit) {
      messages.push(p.message);
      overridable &&= p.overridable;
    }
  }
  return { messages, overridable: messages.length > 0 && overridable };
}
