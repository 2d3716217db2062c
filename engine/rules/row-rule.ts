import { ruleHolds } from './json-logic.js';
import type { RuleContext } from './rule-context.js';
import { compileRowScope, RuleCompileError } from './rule-to-sql.js';
import { evaluateSqlCondition } from './sql-condition.js';

/**
 * A rule over `row.*` prepared once for a caller and applied to many rows: everything that does
 * not read the row is evaluated once (as for the SQL scope), leaving a cheap test per row. Rules
 * that have no SQL form fall back to json-logic on each row.
 */
export function compileRowRule(rule: unknown, context: RuleContext, whenAbsent = false): (row: Readonly<Record<string, unknown>>) => boolean {
  if (rule === undefined) return () => whenAbsent;
  try {
    const cond = compileRowScope(rule, context);
    if (cond.kind === 'const') return () => cond.value;
    const loaded = (name: string) => context.relations?.loaded(name);
    return (row) => evaluateSqlCondition(cond, row, loaded);
  } catch (e) {
    if (!(e instanceof RuleCompileError)) throw e;
    return (row) => ruleHolds(rule, { ...context, row });
  }
}
