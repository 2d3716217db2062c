import { useEffect, useMemo, useRef, useState } from 'react';
import { defaultOperators, QueryBuilder, type Field, type FullOperator, type RuleGroupType } from 'react-querybuilder';
import 'react-querybuilder/dist/query-builder.css';
import type { TextFn } from '../../../components/data-grid/grid-types.js';
import { gridRules, IS_FALSE, IS_TRUE, NAMED_RULE_FIELD, TENANT_FIELD } from './rule-query.js';

/** A field a rule may test: `row.<field>` of the grid's rows, or a property of the person (`user.*`). */
export interface RuleField {
  name: string;
  label: string;
}

/** The fields every rule may test besides the row's: the person's active role and id, a named rule, the tenant. */
export function personFields(text: TextFn): RuleField[] {
  return [
    { name: 'user.activeRole', label: text('gridEditor.fieldActiveRole') },
    { name: 'user.id', label: text('gridEditor.fieldUserId') },
    { name: NAMED_RULE_FIELD, label: text('gridEditor.fieldNamedRule') },
    { name: TENANT_FIELD, label: text('gridEditor.fieldTenant') },
  ];
}

/**
 * A json-logic rule edited with react-querybuilder. A rule the builder cannot express exactly is
 * shown as read-only JSON and kept (it can only be removed here; the document editor changes it).
 */
export function RuleEditor({ rule, fields, text, label, onChange, jsonHref }: {
  rule: unknown;
  fields: readonly RuleField[];
  text: TextFn;
  /** names the builder for assistive technology */
  label: string;
  onChange: (rule: unknown) => void;
  jsonHref?: string;
}) {
  const [reading] = useState(() => gridRules.toQuery(rule));
  const [query, setQuery] = useState<RuleGroupType | null>(reading.editable ? reading.query : null);
  const operators = useMemo<FullOperator[]>(() => [
    ...defaultOperators.filter((o) => !['null', 'notNull'].includes(o.name)),
    { name: IS_TRUE, value: IS_TRUE, label: text('gridEditor.opIsTrue'), arity: 'unary' },
    { name: IS_FALSE, value: IS_FALSE, label: text('gridEditor.opIsFalse'), arity: 'unary' },
  ], [text]);
  const builderFields = useMemo<Field[]>(() => fields.map((f) => ({ name: f.name, value: f.name, label: f.label })), [fields]);
  // The builder names its controls by title only and renders an unnamed role="form": after each
  // render its controls get their title as accessible name, and the builder this editor's label.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    root.querySelector('[role="form"]')?.setAttribute('aria-label', label);
    root.querySelectorAll('select[title], input[title]').forEach((el) => {
      if (!el.hasAttribute('aria-label')) el.setAttribute('aria-label', el.getAttribute('title') ?? '');
    });
  });

  if (!query) {
    return (
      <div className="grid-editor__rule" role="group" aria-label={label}>
        <p className="usa-hint">{text('gridEditor.ruleReadOnly')}</p>
        <pre className="grid-editor__json" tabIndex={0}>{JSON.stringify(rule, null, 2)}</pre>
        {jsonHref && <a className="usa-link" href={jsonHref}>{text('gridEditor.openJson')}</a>}{' '}
        <button type="button" className="usa-button usa-button--unstyled" onClick={() => { setQuery({ combinator: 'and', rules: [] }); onChange(undefined); }}>{text('gridEditor.ruleClear')}</button>
      </div>
    );
  }
  return (
    <div className="grid-editor__rule" ref={box}>
      <QueryBuilder
        fields={builderFields}
        operators={operators}
        query={query}
        controlClassnames={{ queryBuilder: 'grid-editor__query' }}
        onQueryChange={(q) => { setQuery(q); onChange(gridRules.toRule(q)); }}
      />
    </div>
  );
}
