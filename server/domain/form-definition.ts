import type { FormElement } from '../../engine/metadata/form-schema.js';
import { valuesFromRow } from '../../engine/forms/entity-values.js';
import { isMultiValue } from '../../engine/forms/form-values.js';
import { resolveFormState } from '../../engine/forms/resolve-form-state.js';
import type { FormTarget } from './form-target.js';
import { settle } from '../rules/evaluate.js';
import { sanitiseElementValue } from './rich-text/sanitise-rich-text.js';

/** The form definition of POST /api/form (spec part 2 "Form definition"), with the live rule state. */
export async function formDefinition(target: FormTarget, valueLabels: Readonly<Record<number, string>> = {}) {
  const { form, entity, row } = target;
  const values = row ? valuesFromRow(form, entity, row, target.timeZone) : {};
  const state = await settle(target.state, () => resolveFormState(form, values, target.state));
  const display = row && entity.displayField ? row[entity.displayField] : null;
  return {
    formid: form.id,
    formId: form.id,
    entityTypeId: form.entityTypeId,
    name: form.name,
    entity: { Id: row ? Number(row.id) : 0, EntityTypeId: entity.id, DisplayValue: display === null || display === undefined ? null : String(display) },
    canEdit: target.canEdit,
    /** the stored record as element rules read it (`row.*`); null for a new one */
    row,
    locked: row !== null && !target.canEdit,
    elements: form.elements.map((e) => {
      const s = state.elements[e.id]!;
      const v = state.values[e.id] ?? null;
      return {
        id: e.id,
        formId: form.id,
        type: e.type,
        subtype: e.subtype ?? null,
        stimulus: e.stimulus,
        value: isMultiValue(e) ? null : sanitiseElementValue(e, v),
        multiValue: isMultiValue(e) ? (v ?? []) : null,
        /** what an autocomplete key stands for (the source record's shown value) */
        valueLabel: valueLabels[e.id] ?? null,
        required: s.required,
        readOnly: s.readOnly || !target.canEdit,
        visible: s.visible,
        width: e.width ?? 12,
        maxLength: e.maxLength ?? null,
        regex: e.regex ?? null,
        warningMessage: e.warningMessage ?? null,
        tooltip: e.tooltip ?? null,
        choices: (e.choices ?? []).map((c) => ({ id: c.id, text: c.text, sequence: c.sequence, visible: s.choices ? s.choices.some((x) => x.id === c.id) : c.visible !== false })),
        choiceGroups: e.choiceGroups ?? [],
        arguments: { rules: e.rules ?? [], comparisons: e.comparisons ?? [], source: e.source ?? null, ...crossReferenceArguments(e) },
        files: [],
      };
    }),
    preSubmissionValidation: (form.preSubmissionValidations ?? []).map((p) => ({ id: p.id, formElementIds: p.formElementIds })),
  };
}

/**
 * The spec's argument names of the cross reference elements (part 2 section 3): ecrEntityTypeId
 * and ecrSearchPropertyId (entity cross reference), ecrPropertyId and ecrElementId (entity property
 * cross reference: the element holding the referenced record's key), from the element's source.
 */
function crossReferenceArguments(e: FormElement) {
  const s = e.source;
  if (!s) return {};
  if (e.type === 'entitycrossreference') return { ecrEntityTypeId: s.entityTypeId, ecrSearchPropertyId: s.property };
  if (e.type === 'entitypropertycrossreference') return { ecrEntityTypeId: s.entityTypeId, ecrPropertyId: s.property, ...(s.element !== undefined ? { ecrElementId: s.element } : {}) };
  return {};
}
