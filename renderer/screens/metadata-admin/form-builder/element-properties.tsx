import { useId, type ReactNode } from 'react';
import type { Entity } from '../../../../engine/metadata/entity-schema.js';
import type { Choice, FormElement } from '../../../../engine/metadata/form-schema.js';
import { useMetadata } from '../../../app/metadata.js';
import { addChoice, bindableFields, hasChoices, moveChoice, removeChoice, updateChoice } from './form-draft.js';

/** The binding dropdown's value that creates a new field of the entity, named after the label. */
export const NEW_FIELD = '$new';

const TEXT_SUBTYPES = ['', 'date', 'datetime', 'float', 'email'];

function Field({ label, hint, children, id }: { label: string; hint?: string; children: ReactNode; id: string }) {
  return (
    <div className="usa-form-group form-builder__field">
      <label className="usa-label" htmlFor={id}>{label}</label>
      {hint && <span className="usa-hint" id={`${id}-hint`}>{hint}</span>}
      {children}
    </div>
  );
}

function Check({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="usa-checkbox form-builder__check">
      <input className="usa-checkbox__input" id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label className="usa-checkbox__label" htmlFor={id}>{label}</label>
    </div>
  );
}

const numberOrUndefined = (s: string): number | undefined => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Math.trunc(Number(s)));

function ChoicesEditor({ choices, onChange }: { choices: Choice[]; onChange: (c: Choice[]) => void }) {
  const m = useMetadata();
  const id = useId();
  return (
    <fieldset className="usa-fieldset form-builder__choices">
      <legend className="usa-legend">{m.text('formBuilder.choices')}</legend>
      <ol className="form-builder__choice-list">
        {choices.map((c, i) => (
          <li key={c.id} className="form-builder__choice">
            <label className="usa-sr-only" htmlFor={`${id}-t${c.id}`}>{m.text('formBuilder.choiceText', { n: i + 1 })}</label>
            <input className="usa-input" id={`${id}-t${c.id}`} value={c.text} placeholder={m.text('formBuilder.choiceTextPlaceholder')} onChange={(e) => onChange(updateChoice(choices, c.id, { text: e.target.value }))} />
            <label className="usa-sr-only" htmlFor={`${id}-v${c.id}`}>{m.text('formBuilder.choiceValue', { n: i + 1 })}</label>
            <input className="usa-input" id={`${id}-v${c.id}`} value={c.value ?? ''} placeholder={m.text('formBuilder.choiceValuePlaceholder')} onChange={(e) => onChange(updateChoice(choices, c.id, { value: e.target.value }))} />
            <button type="button" className="usa-button usa-button--unstyled" disabled={i === 0} onClick={() => onChange(moveChoice(choices, c.id, -1))} aria-label={m.text('formBuilder.moveUpNamed', { name: c.text })}>{m.text('formBuilder.moveUp')}</button>
            <button type="button" className="usa-button usa-button--unstyled" disabled={i === choices.length - 1} onClick={() => onChange(moveChoice(choices, c.id, 1))} aria-label={m.text('formBuilder.moveDownNamed', { name: c.text })}>{m.text('formBuilder.moveDown')}</button>
            <button type="button" className="usa-button usa-button--unstyled form-builder__remove" onClick={() => onChange(removeChoice(choices, c.id))} aria-label={m.text('formBuilder.removeNamed', { name: c.text })}>{m.text('formBuilder.remove')}</button>
          </li>
        ))}
      </ol>
      <button type="button" className="usa-button usa-button--outline usa-button--small" onClick={() => onChange(addChoice(choices, m.text('formBuilder.choiceNew', { n: choices.length + 1 })))}>{m.text('formBuilder.addChoice')}</button>
    </fieldset>
  );
}

type Group = NonNullable<FormElement['choiceGroups']>[number];

function ChoiceGroupsEditor({ groups, onChange }: { groups: Group[]; onChange: (g: Group[] | undefined) => void }) {
  const m = useMetadata();
  const id = useId();
  const set = (i: number, change: Partial<Group>) => onChange(groups.map((g, j) => (j === i ? { ...g, ...change } : g)));
  return (
    <fieldset className="usa-fieldset form-builder__choices">
      <legend className="usa-legend">{m.text('formBuilder.choiceGroups')}</legend>
      <span className="usa-hint">{m.text('formBuilder.choiceGroupsHint')}</span>
      <ol className="form-builder__choice-list">
        {groups.map((g, i) => (
          <li key={i} className="form-builder__choice">
            <label className="usa-sr-only" htmlFor={`${id}-n${i}`}>{m.text('formBuilder.groupName', { n: i + 1 })}</label>
            <input className="usa-input" id={`${id}-n${i}`} value={g.groupName} onChange={(e) => set(i, { groupName: e.target.value })} />
            <label className="usa-sr-only" htmlFor={`${id}-s${i}`}>{m.text('formBuilder.groupFirst', { n: i + 1 })}</label>
            <input className="usa-input form-builder__narrow" id={`${id}-s${i}`} type="number" min={1} value={g.firstChoiceSequence} onChange={(e) => set(i, { firstChoiceSequence: numberOrUndefined(e.target.value) ?? 1 })} />
            <button type="button" className="usa-button usa-button--unstyled form-builder__remove" onClick={() => onChange(groups.length > 1 ? groups.filter((_, j) => j !== i) : undefined)} aria-label={m.text('formBuilder.removeNamed', { name: g.groupName })}>{m.text('formBuilder.remove')}</button>
          </li>
        ))}
      </ol>
      <button type="button" className="usa-button usa-button--outline usa-button--small" onClick={() => onChange([...groups, { groupName: m.text('formBuilder.groupNew'), firstChoiceSequence: 1 }])}>{m.text('formBuilder.addGroup')}</button>
    </fieldset>
  );
}

/** The selected element's properties; `onBind(NEW_FIELD)` asks for a new entity field named after the label. */
export function ElementProperties({ element, entity, onChange, onBind }: {
  element: FormElement;
  entity: Entity | null;
  onChange: (change: Partial<FormElement>) => void;
  onBind: (field: string) => void;
}) {
  const m = useMetadata();
  const id = useId();
  const fields = bindableFields(entity);
  const bound = element.field && !fields.some((f) => f.id === element.field) ? [{ id: element.field, label: element.field }] : [];
  return (
    <section className="form-builder__properties" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="form-builder__heading">{m.text('formBuilder.propertiesHeading', { name: element.stimulus || String(element.id) })}</h2>
      <Field id={`${id}-label`} label={m.text('formBuilder.label')}>
        <input className="usa-input" id={`${id}-label`} value={element.stimulus} onChange={(e) => onChange({ stimulus: e.target.value })} />
      </Field>
      <Field id={`${id}-field`} label={m.text('formBuilder.binding')} hint={m.text('formBuilder.bindingHint')}>
        <select className="usa-select" id={`${id}-field`} aria-describedby={`${id}-field-hint`} value={element.field ?? ''} onChange={(e) => onBind(e.target.value)}>
          <option value="">{m.text('formBuilder.bindingNone')}</option>
          {[...fields, ...bound].map((f) => <option key={f.id} value={f.id}>{f.label ? `${f.label} (${f.id})` : f.id}</option>)}
          <option value={NEW_FIELD}>{m.text('formBuilder.bindingNew')}</option>
        </select>
      </Field>
      {element.type === 'text' && (
        <Field id={`${id}-subtype`} label={m.text('formBuilder.subtype')}>
          <select className="usa-select" id={`${id}-subtype`} value={element.subtype ?? ''} onChange={(e) => onChange({ subtype: e.target.value || undefined })}>
            {TEXT_SUBTYPES.map((s) => <option key={s} value={s}>{m.text(`formBuilder.subtype.${s || 'plain'}`)}</option>)}
          </select>
        </Field>
      )}
      <div className="form-builder__checks">
        <Check id={`${id}-required`} label={m.text('formBuilder.required')} checked={element.required === true} onChange={(v) => onChange({ required: v || undefined })} />
        <Check id={`${id}-readonly`} label={m.text('formBuilder.readOnly')} checked={element.readOnly === true} onChange={(v) => onChange({ readOnly: v || undefined })} />
        <Check id={`${id}-visible`} label={m.text('formBuilder.hiddenAtFirst')} checked={element.visible === false} onChange={(v) => onChange({ visible: v ? false : undefined })} />
      </div>
      <div className="form-builder__row">
        <Field id={`${id}-width`} label={m.text('formBuilder.width')}>
          <input className="usa-input form-builder__narrow" id={`${id}-width`} type="number" min={1} max={12} value={element.width ?? ''} onChange={(e) => { const n = numberOrUndefined(e.target.value); onChange({ width: n === undefined ? undefined : Math.min(12, Math.max(1, n)) }); }} />
        </Field>
        <Field id={`${id}-max`} label={m.text('formBuilder.maxLength')}>
          <input className="usa-input form-builder__narrow" id={`${id}-max`} type="number" min={1} value={element.maxLength ?? ''} onChange={(e) => { const n = numberOrUndefined(e.target.value); onChange({ maxLength: n && n > 0 ? n : undefined }); }} />
        </Field>
      </div>
      <Field id={`${id}-regex`} label={m.text('formBuilder.pattern')} hint={m.text('formBuilder.patternHint')}>
        <input className="usa-input" id={`${id}-regex`} aria-describedby={`${id}-regex-hint`} value={element.regex ?? ''} onChange={(e) => onChange({ regex: e.target.value })} />
      </Field>
      <Field id={`${id}-warning`} label={m.text('formBuilder.warning')}>
        <input className="usa-input" id={`${id}-warning`} value={element.warningMessage ?? ''} onChange={(e) => onChange({ warningMessage: e.target.value })} />
      </Field>
      <Field id={`${id}-tooltip`} label={m.text('formBuilder.tooltip')}>
        <input className="usa-input" id={`${id}-tooltip`} value={element.tooltip ?? ''} onChange={(e) => onChange({ tooltip: e.target.value })} />
      </Field>
      {element.choiceList !== undefined && <p className="usa-hint">{m.text('formBuilder.sharedChoiceList', { list: element.choiceList })}</p>}
      {element.choiceList === undefined && (hasChoices(element.type) || element.choices) && <ChoicesEditor choices={element.choices ?? []} onChange={(choices) => onChange({ choices })} />}
      {(hasChoices(element.type) || element.choiceGroups) && <ChoiceGroupsEditor groups={element.choiceGroups ?? []} onChange={(choiceGroups) => onChange({ choiceGroups })} />}
    </section>
  );
}
