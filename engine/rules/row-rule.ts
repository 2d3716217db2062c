import { ruleHolds } from './json-logic.js';
import type { RuleContext } from './rule-context.js';
import { compileRowScope, RuleCompileError } from './rule-to-sql.js';
import { memoForCaller } from './caller-memo.js';
import { evaluateSqlCondition, type LoadedRelations, type SqlCondition } from './sql-condition.js';

/**
 * A rule over `row.*` prepared for a caller: a constant, a condition tested per row, or, for a
 * rule with no SQL form (one reading a fact, say), json-logic on each row. It holds nothing of one
 * request (the relations' values and the facts come with each test), so it may be kept for the
 * caller's next request (engine/rules/caller-memo.ts).
 */
export type PreparedRowRule =
  | { readonly kind: 'const'; readonly value: boolean }
  | { readonly kind: 'sql'; readonly cond: SqlCondition }
  | { readonly kind: 'logic' };

const HOLDS: PreparedRowRule = Object.freeze({ kind: 'const', value: true });
const FAILS: PreparedRowRule = Object.freeze({ kind: 'const', value: false });
const LOGIC: PreparedRowRule = Object.freeze({ kind: 'logic' });

/** Everything in `rule` that does not read the row, evaluated once (as for the SQL scope). */
export function prepareRowRule(rule: unknown, context: RuleContext, whenAbsent = false): PreparedRowRule {
  if (rule === undefined) return whenAbsent ? HOLDS : FAILS;
  try {
    const cond = compileRowScope(rule, context);
    if (cond.kind === 'const') return cond.value ? HOLDS : FAILS;
    return { kind: 'sql', cond };
  } catch (e) {
    if (!(e instanceof RuleCompileError)) throw e;
    return LOGIC;
  }
}

/** The relations loaded for this request, as a condition's test reads them. */
export function loadedRelationsOf(context: RuleContext): LoadedRelations {
  return (name) => context.relations?.loaded(name);
}

/** `prepared` (made from `rule`) for one row; `loaded` is loadedRelationsOf(context), made once per request. */
export function preparedHolds(prepared: PreparedRowRule, rule: unknown, context: RuleContext, loaded: LoadedRelations, row: Readonly<Record<string, unknown>>): boolean {
  switch (prepared.kind) {
    case 'const': return prepared.value;
    case 'sql': return evaluateSqlCondition(prepared.cond, row, loaded);
    case 'logic': return ruleHolds(rule, { ...context, row });
  }
}

/**
 * A rule over `row.*` prepared once for a caller and applied to many rows: everything that does
 * not read the row is evaluated once (as for the SQL scope), leaving a cheap test per row. Rules
 * that have no SQL form fall back to json-logic on each row.
 */
export function compileRowRule(rule: unknown, context: RuleContext, whenAbsent = false): (row: Readonly<Record<string, unknown>>) => boolean {
  const prepared = prepareRowRule(rule, context, whenAbsent);
  if (prepared.kind === 'const') return () => prepared.value;
  const loaded = loadedRelationsOf(context);
  return (row) => preparedHolds(prepared, rule, context, loaded, row);
}

const listKeys = new WeakMap<object, object>();

/**
 * Several row rules prepared together for the caller and kept for the caller's next request: one
 * lookup instead of one per rule. `owner` is the metadata object the list belongs to (a record
 * type, a workflow), `rules` read from it the same way each time; `whenAbsent` per rule.
 */
export function prepareRowRules(owner: object, context: RuleContext, rules: () => readonly (readonly [rule: unknown, whenAbsent: boolean])[]): readonly PreparedRowRule[] {
  let key = listKeys.get(owner);
  if (!key) listKeys.set(owner, (key = {}));
  return memoForCaller(key, context, () => false, (c) => rules().map(([rule, whenAbsent]) => prepareRowRule(rule, c, whenAbsent)));
}
