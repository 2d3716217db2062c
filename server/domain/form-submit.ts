import type { Knex } from 'knex';
import { settle } from '../rules/evaluate.js';
import { fieldValueErrors, rowFromValues, valuesFromRow } from '../../engine/forms/entity-values.js';
import type { FormValues } from '../../engine/forms/form-types.js';
import { isMultiValue } from '../../engine/forms/form-values.js';
import { resolveFormState } from '../../engine/forms/resolve-form-state.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import type { AppContext } from '../app-context.js';
import { writeAudit } from '../data/audit.js';
import { recordCreated } from './record-effects.js';
import { findRowForChange, insertRow, updateRow } from '../data/entity-store.js';
import { conflict, forbidden, FORM_INVALID, invalid } from '../errors.js';
import { isLocked, lockedConflict, may } from './record-access.js';
import { applyFormRuleEffects } from './form-rule-effects.js';
import { resolveFormTarget, type TargetRequest } from './form-target.js';
import { attachFormFiles } from './files/file-attach.js';
import { removeBytes } from './files/file-removal.js';
import type { FileRow } from './files/file-rows.js';
import { unknownSourceKeys } from './source-keys.js';
import { sanitiseElementValue } from './rich-text/sanitise-rich-text.js';

export interface ElementResponse {
  formElementId: number;
  value?: string | null;
  multiValue?: string[] | null;
}


/** Reads the submitted element values; unknown, repeated or mis-shaped elements are errors. */
function submittedValues(target: Awaited<ReturnType<typeof resolveFormTarget>>, responses: ElementResponse[]): FormValues {
  const elements = new Map(target.form.elements.map((e) => [e.id, e]));
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const r of responses) {
    const e = elements.get(r.formElementId);
    if (!e) errors[r.formElementId] = 'This element is not part of the form.';
    else if (r.formElementId in values) errors[r.formElementId] = 'This element was answered twice.';
    else if (isMultiValue(e) && r.value !== undefined && r.value !== null) errors[e.id] = 'This element takes a list of values (multiValue).';
    else if (!isMultiValue(e) && r.multiValue !== undefined && r.multiValue !== null) errors[e.id] = 'This element takes a single value.';
    else values[e.id] = isMultiValue(e) ? (r.multiValue ?? []) : sanitiseElementValue(e, r.value ?? null);
  }
  if (Object.keys(errors).length) throw invalid(FORM_INVALID, errors);
  return values;
}

/** POST /api/form/formresponse: the same rules the browser ran, then one transaction with its audit row. */
export async function submitForm(ctx: AppContext, context: RuleContext, req: TargetRequest & { elementResponses: ElementResponse[] }) {
  const target = await resolveFormTarget(ctx, context, req);
  const { form, entity, row } = target;
  // who may not change the record at all hears so, not whether it is disabled or locked
  if (row && !(await may(entity, 'update', context, row))) throw forbidden();
  if (row?.disabled === true) throw conflict('This record is disabled and cannot be changed.');
  if (row && await isLocked(entity, context, row)) throw lockedConflict(row);
  if (row && !target.canEdit) throw forbidden();

  const submitted = submittedValues(target, req.elementResponses);
  const before = row ? valuesFromRow(form, entity, row, target.timeZone) : {};
  const beforeState = await settle(context, () => resolveFormState(form, before, target.state));
  const merged: FormValues = { ...before, ...submitted };
  for (const e of form.elements) if (beforeState.elements[e.id]?.readOnly) merged[e.id] = before[e.id] ?? null;
  const state = await settle(context, () => resolveFormState(form, merged, target.state));
  const fields = rowFromValues(form, entity, state.values, target.timeZone);
  const errors = { ...fieldValueErrors(form, entity, state.values, fields, target.state.texts), ...(await unknownSourceKeys(ctx.db, ctx.registry, form, state.values, before, target.state)), ...state.errors };
  if (Object.keys(errors).length) throw invalid(FORM_INVALID, errors);
  if (entity.ownerField && !row) fields[entity.ownerField] = target.ownerId;
  const after = { ...(row ?? {}), ...fields };
  if (!(await may(entity, row ? 'update' : 'create', context, after))) throw forbidden();

  const actor = context.user.id;
  const ownerId = entity.ownerField && after[entity.ownerField] !== null && after[entity.ownerField] !== undefined ? Number(after[entity.ownerField]) : null;
  const removedFiles: FileRow[] = [];
  const id = await ctx.db.knex.transaction(async (trx) => {
    const savedId = await writeRecord(trx);
    removedFiles.push(...await attachFormFiles(trx, { form, entity, recordId: savedId, ownerId, actorId: actor, before, values: state.values }));
    // the rule actions reject / verify / unverify take effect on the saved record (form-rule-effects.ts)
    await applyFormRuleEffects(trx, ctx, context, entity, savedId, state.effects);
    return savedId;
  });
  await removeBytes(ctx, removedFiles);
  const display = entity.displayField ? after[entity.displayField] : null;
  return { Id: id, EntityTypeId: entity.id, DisplayValue: display === null || display === undefined ? null : String(display) };

  async function writeRecord(trx: Knex.Transaction): Promise<number> {
    if (row) {
      const current = await findRowForChange(trx, ctx.db, entity, Number(row.id));
      if (!current || current.updatedAt !== row.updatedAt) throw conflict('This record was changed by someone else. Please reload it and try again.');
      await updateRow(trx, ctx.db, entity, Number(row.id), fields, row, actor);
      const changes = Object.fromEntries(Object.keys(fields).filter((k) => fields[k] !== row[k]).map((k) => [k, [row[k] ?? null, fields[k]]]));
      await writeAudit(trx, { userId: actor, action: 'record.update', entityTypeId: entity.id, entityId: Number(row.id), detail: { formId: form.id, changes } });
      return Number(row.id);
    }
    const newId = await insertRow(trx, ctx.db, entity, fields, actor);
    await writeAudit(trx, { userId: actor, action: 'record.create', entityTypeId: entity.id, entityId: newId, detail: { formId: form.id, values: fields } });
    await recordCreated(trx, ctx, context, entity, newId, fields);
    return newId;
  }
}
