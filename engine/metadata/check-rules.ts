import { inspectRule } from '../rules/rule-vars.js';

/** What a rule may read where it is used. */
export interface RuleScope {
  /** first segments of `var` paths the rule context offers */
  roots: ReadonlySet<string>;
  /** element ids of the form, when `values.<id>` is readable */
  elementIds?: ReadonlySet<number>;
  /** fields of the entity, when `row.<field>` must be a real field */
  rowFields?: ReadonlySet<string>;
  /** how to name the entity in messages */
  entityLabel?: string;
}

/** A problem at a pointer relative to the rule. */
export interface RuleIssue {
  pointer: string;
  message: string;
}

/** Variables json-logic itself binds inside map/filter/reduce. */
const ITERATION_ROOTS = new Set(['', 'current', 'accumulator']);

export const FORM_RULE_ROOTS = new Set(['user', 'tenant', 'today', 'values', 'parent', 'row']);
export const ENTITY_RULE_ROOTS = new Set(['user', 'tenant', 'today', 'row']);
export const SCREEN_RULE_ROOTS = new Set(['user', 'tenant', 'today']);
export const ROW_ACTION_RULE_ROOTS = new Set(['user', 'tenant', 'today', 'row']);
/** A named rule may be used anywhere, so it may read whatever some place offers. */
export const ALL_RULE_ROOTS = new Set([...FORM_RULE_ROOTS, ...ENTITY_RULE_ROOTS]);

/** Unknown operators, variables the context does not offer, and `values.<n>` naming a missing element. */
export function checkRule(rule: unknown, scope: RuleScope): RuleIssue[] {
  if (rule === undefined) return [];
  const issues: RuleIssue[] = [];
  const { vars, unknownOperators } = inspectRule(rule);
  for (const op of new Set(unknownOperators)) issues.push({ pointer: '', message: `rule uses unknown operator '${op}'` });
  for (const path of new Set(vars)) {
    const [root = '', next] = path.split('.');
    if (ITERATION_ROOTS.has(root) || /^\d+$/.test(root)) continue;
    if (!scope.roots.has(root)) {
      issues.push({ pointer: '', message: `rule reads unknown variable '${path}'; it may read ${[...scope.roots].join(', ')}` });
      continue;
    }
    if (root === 'values' && scope.elementIds) {
      if (next === undefined || !/^\d+$/.test(next)) {
        issues.push({ pointer: '', message: `rule reads '${path}'; values are keyed by element id (values.<id>)` });
      } else if (!scope.elementIds.has(Number(next))) {
        issues.push({ pointer: '', message: `rule names missing element ${next}` });
      }
    }
    if (root === 'row' && scope.rowFields && next !== undefined && !scope.rowFields.has(next)) {
      issues.push({ pointer: '', message: `rule reads row.${next}, a field ${scope.entityLabel ?? 'the entity'} lacks` });
    }
  }
  return issues;
}
