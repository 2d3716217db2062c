import { ruleHolds } from '../../engine/rules/json-logic.js';
import { namedRuleHolds, type RuleNamedInCode } from '../../engine/rules/named-rule.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { compileRowScope } from '../../engine/rules/rule-to-sql.js';
import { compileRowRule } from '../../engine/rules/row-rule.js';

export { loadedRelationsOf, preparedHolds, prepareRowRules, type PreparedRowRule } from '../../engine/rules/row-rule.js';
import type { SqlCondition } from '../../engine/rules/sql-condition.js';
import type { Registry } from '../../engine/metadata/registry.js';
import { settle } from './request-relations.js';

/**
 * The server's way to evaluate rules: each with the caller's relations read when the rule asks
 * (server/rules/request-relations.ts). Code outside server/rules never calls the engine's
 * evaluators directly (lint-enforced); a pure engine computation over rules runs in `settle`.
 */
export function holds(context: RuleContext, rule: unknown, whenAbsent = false): Promise<boolean> {
  return settle(context, () => ruleHolds(rule, context, whenAbsent));
}

/** A named rule of the library (metadata/rules.json) that code names. */
export function holdsNamed(registry: Registry, name: RuleNamedInCode, context: RuleContext): Promise<boolean> {
  return settle(context, () => namedRuleHolds(registry.rules, name, context));
}

/** A row-scope rule compiled for the caller: relations become subqueries, the rest constants. */
export function rowScope(context: RuleContext, rule: unknown): Promise<SqlCondition> {
  return settle(context, () => compileRowScope(rule, context));
}

export { settle } from './request-relations.js';

/** A row rule (an access rule, a lock rule) for one row: with SQL's semantics, as the grid's scope applies it. */
export function holdsForRow(context: RuleContext, rule: unknown, row: Readonly<Record<string, unknown>>, whenAbsent = false): Promise<boolean> {
  return settle(context, () => compileRowRule(rule, context, whenAbsent)(row));
}

/**
 * A row rule prepared once for many rows (a grid page). It may stop at a relation not loaded yet:
 * prepare and apply it inside `settle`.
 */
export const preparedRowRule: typeof compileRowRule = compileRowRule;
