import { useId, useMemo, useState } from 'react';
import {
  defaultOperators, QueryBuilder, ValueEditor, ValueSelector, type Field, type FullOperator, type RuleGroupType, type ValueEditorProps, type ValueSelectorProps,
} from 'react-querybuilder';
import 'react-querybuilder/dist/query-builder.css';
import { RULE_ACTIONS, type ElementRule, type Form, type FormElement, type RuleAction } from '../../../../engine/metadata/form-schema.js';
import { useMetadata } from '../../../app/metadata.js';
import { conditionRules, elementField, IS_EMPTY, IS_NOT_EMPTY } from './rule-query.js';

/**
 * The element's rules: each an action (show, hide, require, ... every action of the spec) and its
 * condition `when`, edited with react-querybuilder over the form's other elements and written as
 * json-logic. A condition the builder cannot read stays as it is, shown as JSON with a note.
 */

/** The builder's selectors and inputs inside a visible label (the library names them by title alone). */
function LabelledSelector(props: ValueSelectorProps) {
  return <label className="form-builder__qb-control"><span className="form-builder__qb-label">{props.title}</span><ValueSelector {...props} /></label>;
}
function LabelledEditor(props: ValueEditorProps) {
  if (props.operator === IS_EMPTY || props.operator === IS_NOT_EMPTY) return null;
  return <label className="form-builder__qb-control"><span className="form-builder__qb-label">{props.title}</span><ValueEditor {...props} /></label>;
}
const CONTROL_ELEMENTS = { combinatorSelector: LabelledSelector, fieldSelector: LabelledSelector, operatorSelector: LabelledSelector, valueEditor: LabelledEditor };

/** The condition of one rule: the query builder, or the JSON it cannot read. */
function ConditionEditor({ when, fields, label, onChange }: { when: unknown; fields: Field[]; label: string; onChange: (when: unknown) => void }) {
  const m = useMetadata();
  const [reading] = useState(() => conditionRules.toQuery(when));
  const [query, setQuery] = useState<RuleGroupType | null>(reading.editable ? reading.query : null);
  const operators = useMemo<FullOperator[]>(() => [
    { name: IS_NOT_EMPTY, value: IS_NOT_EMPTY, label: m.text('formBuilder.opHasValue'), arity: 'unary' },
    { name: IS_EMPTY, value: IS_EMPTY, label: m.text('formBuilder.opIsEmpty'), arity: 'unary' },
    ...defaultOperators.filter((o) => !['null', 'notNull'].includes(o.name)),
  ], [m]);
  const translations = useMemo(() => ({
    fields: { title: m.text('formBuilder.qbField') },
    operators: { title: m.text('formBuilder.qbOperator') },
    combinators: { title: m.text('formBuilder.qbCombinator') },
    value: { title: m.text('formBuilder.qbValue') },
    addRule: { label: m.text('formBuilder.qbAddCondition'), title: m.text('formBuilder.qbAddCondition') },
    addGroup: { label: m.text('formBuilder.qbAddGroup'), title: m.text('formBuilder.qbAddGroup') },
    removeRule: { label: '×', title: m.text('formBuilder.qbRemoveCondition') },
    removeGroup: { label: '×', title: m.text('formBuilder.qbRemoveGroup') },
  }), [m]);
  if (!query) {
    return (
      <div className="form-builder__condition" role="group" aria-label={label}>
        <p className="usa-hint">{m.text('formBuilder.conditionReadOnly')}</p>
        <pre className="form-builder__json" tabIndex={0}>{JSON.stringify(when, null, 2)}</pre>
      </div>
    );
  }
  return (
    <div className="form-builder__condition" role="group" aria-label={label}>
      <p className="usa-hint">{m.text(query.rules.length === 0 ? 'formBuilder.conditionAlways' : 'formBuilder.conditionWhen')}</p>
      <QueryBuilder
        fields={fields}
        operators={operators}
        query={query}
        getDefaultOperator={() => IS_NOT_EMPTY}
        controlElements={CONTROL_ELEMENTS}
        translations={translations}
        controlClassnames={{ queryBuilder: 'form-builder__query' }}
        onQueryChange={(q) => { setQuery(q); onChange(conditionRules.toRule(q)); }}
      />
    </div>
  );
}

function RuleItem({ rule, element, fields, index, onChange, onRemove }: {
  rule: ElementRule; element: FormElement; fields: Field[]; index: number;
  onChange: (rule: ElementRule) => void; onRemove: () => void;
}) {
  const m = useMetadata();
  const id = useId();
  const set = (change: Partial<ElementRule>) => {
    const next: Record<string, unknown> = { ...rule, ...change };
    for (const [k, v] of Object.entries(next)) if (v === undefined) delete next[k];
    onChange(next as ElementRule);
  };
  const kept = new Set(rule.choices ?? []);
  const name = m.text('formBuilder.ruleNumber', { n: index + 1 });
  return (
    <li className="form-builder__rule">
      <div className="form-builder__row">
        <div className="usa-form-group form-builder__field">
          <label className="usa-label" htmlFor={`${id}-action`}>{m.text('formBuilder.ruleAction', { n: index + 1 })}</label>
          <select className="usa-select" id={`${id}-action`} value={rule.action} onChange={(e) => set({ action: e.target.value as RuleAction })}>
            {RULE_ACTIONS.map((a) => <option key={a} value={a}>{m.text(`formBuilder.action.${a}`)}</option>)}
          </select>
        </div>
        <button type="button" className="usa-button usa-button--unstyled form-builder__remove" onClick={onRemove} aria-label={m.text('formBuilder.removeNamed', { name })}>{m.text('formBuilder.removeRule')}</button>
      </div>
      {rule.action === 'filterListChoices' && (
        <fieldset className="usa-fieldset">
          <legend className="usa-legend">{m.text('formBuilder.keptChoices')}</legend>
          {(element.choices ?? []).map((c) => (
            <div key={c.id} className="usa-checkbox">
              <input className="usa-checkbox__input" id={`${id}-c${c.id}`} type="checkbox" checked={kept.has(c.id)}
                onChange={(e) => set({ choices: (element.choices ?? []).map((x) => x.id).filter((x) => (x === c.id ? e.target.checked : kept.has(x))) })} />
              <label className="usa-checkbox__label" htmlFor={`${id}-c${c.id}`}>{c.text}</label>
            </div>
          ))}
        </fieldset>
      )}
      {rule.action === 'setDefault' && (typeof rule.value === 'object' && rule.value !== null
        ? <pre className="form-builder__json" tabIndex={0}>{JSON.stringify(rule.value, null, 2)}</pre>
        : <div className="usa-form-group form-builder__field">
          <label className="usa-label" htmlFor={`${id}-value`}>{m.text('formBuilder.defaultValue')}</label>
          <input className="usa-input" id={`${id}-value`} value={rule.value === undefined ? '' : String(rule.value)} onChange={(e) => set({ value: e.target.value === '' ? undefined : e.target.value })} />
        </div>)}
      {rule.action === 'populateFromParent' && (
        <div className="usa-form-group form-builder__field">
          <label className="usa-label" htmlFor={`${id}-property`}>{m.text('formBuilder.parentProperty')}</label>
          <input className="usa-input" id={`${id}-property`} value={rule.property ?? ''} onChange={(e) => set({ property: e.target.value || undefined })} />
        </div>
      )}
      <ConditionEditor when={rule.when} fields={fields} label={m.text('formBuilder.conditionOf', { name })} onChange={(when) => set({ when: when as ElementRule['when'] })} />
    </li>
  );
}

/** The query fields: the form's other elements by label, choice elements with their choices to pick from. */
export function conditionFields(form: Form, element: FormElement): Field[] {
  return form.elements.filter((e) => e.id !== element.id).map((e) => ({
    name: elementField(e.id),
    value: elementField(e.id),
    label: e.stimulus || String(e.id),
    ...(e.choices && e.type !== 'checkbox'
      ? { valueEditorType: 'select' as const, values: e.choices.map((c) => ({ name: String(c.id), value: String(c.id), label: c.text })) }
      : {}),
  }));
}

export function RuleEditor({ form, element, onChange }: { form: Form; element: FormElement; onChange: (rules: ElementRule[] | undefined) => void }) {
  const m = useMetadata();
  const id = useId();
  const fields = useMemo(() => conditionFields(form, element), [form, element]);
  const rules = element.rules ?? [];
  return (
    <section className="form-builder__rules" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="form-builder__heading">{m.text('formBuilder.rulesHeading', { name: element.stimulus || String(element.id) })}</h2>
      {rules.length === 0 && <p>{m.text('formBuilder.noRules')}</p>}
      <ol className="form-builder__rule-list">
        {rules.map((r, i) => (
          <RuleItem key={`${element.id}-${i}-${rules.length}`} rule={r} element={element} fields={fields} index={i}
            onChange={(next) => onChange(rules.map((x, j) => (j === i ? next : x)))}
            onRemove={() => onChange(rules.length > 1 ? rules.filter((_, j) => j !== i) : undefined)} />
        ))}
      </ol>
      <button type="button" className="usa-button usa-button--outline usa-button--small" onClick={() => onChange([...rules, { action: 'show' }])}>{m.text('formBuilder.addRule')}</button>
    </section>
  );
}
