import { KNOWN_OPERATORS } from './json-logic.js';

export interface RuleInspection {
  /** every `var` path the rule reads (dotted, as written) */
  vars: string[];
  /** operators the rule uses that the evaluator does not know */
  unknownOperators: string[];
}

/** Walks a json-logic expression; used by the metadata check and the SQL compiler. */
export function inspectRule(rule: unknown): RuleInspection {
  const vars: string[] = [];
  const unknownOperators: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1) return; // a plain object literal, not an operation
    const op = keys[0]!;
    const arg = (node as Record<string, unknown>)[op];
    if (op === 'var') {
      const path = Array.isArray(arg) ? arg[0] : arg;
      if (typeof path === 'string' || typeof path === 'number') vars.push(String(path));
      return;
    }
    if (op === 'rule' && typeof arg === 'string') return; // a named rule's reference, checked where the library is
    if (!KNOWN_OPERATORS.has(op)) unknownOperators.push(op);
    walk(arg);
  };
  walk(rule);
  return { vars, unknownOperators };
}
