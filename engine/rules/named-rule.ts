import { ruleHolds } from './json-logic.js';
import type { RuleContext } from './rule-context.js';

/**
 * Whether a named rule of the rule library (metadata/rules.json, references already inlined)
 * holds. Code names a rule, never the role codes inside it; a missing rule is a metadata defect.
 */
export function namedRuleHolds(rules: ReadonlyMap<string, unknown>, name: string, context: RuleContext): boolean {
  if (!rules.has(name)) throw new Error(`the rule library (rules.json) has no rule '${name}'`);
  return ruleHolds(rules.get(name), context);
}
