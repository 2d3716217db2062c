import { defaultRuleProcessorJsonLogic, formatQuery } from 'react-querybuilder/formatQuery';
import { parseJsonLogic } from 'react-querybuilder/parseJsonLogic';
import type { RuleGroupType, RuleProcessor } from 'react-querybuilder';

/**
 * Visibility rules (json-logic) as react-querybuilder queries and back. Besides the library's
 * comparisons it reads the forms the metadata uses: a bare `{"var": x}` (x is true), `{"!": {"var": x}}`,
 * a named rule `{"rule": name}` and its negation, and `{"tenant": [codes]}`. A rule is editable only
 * when the query written back equals it exactly; any other rule stays as it is (shown as read-only
 * JSON), so nothing the builder cannot express is ever lost.
 */

/** Field names of the query that are not `var`s: the named rule and the tenant test. */
export const NAMED_RULE_FIELD = '$rule';
export const TENANT_FIELD = '$tenant';
/** Operators of bare `var` tests. */
export const IS_TRUE = 'isTrue';
export const IS_FALSE = 'isFalse';

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const jsonLogicOperations = {
  var: (v: unknown) => ({ field: String(Array.isArray(v) ? v[0] : v), operator: IS_TRUE, value: '' }),
  rule: (v: unknown) => ({ field: NAMED_RULE_FIELD, operator: '=', value: String(v) }),
  tenant: (v: unknown) => ({ field: TENANT_FIELD, operator: 'in', value: (Array.isArray(v) ? v : [v]).map(String).join(',') }),
  '!': (v: unknown) => {
    const inner = Array.isArray(v) && v.length === 1 ? v[0] : v;
    if (isObject(inner) && 'var' in inner) return { field: String(inner.var), operator: IS_FALSE, value: '' };
    if (isObject(inner) && 'rule' in inner) return { field: NAMED_RULE_FIELD, operator: '!=', value: String(inner.rule) };
    // anything else under "!" is not understood: the round trip fails and the rule stays read-only
    return { field: '', operator: '!', value: JSON.stringify(v) };
  },
};

const ruleProcessor: RuleProcessor = (rule, options) => {
  if (rule.field === NAMED_RULE_FIELD) return rule.operator === '!=' ? { '!': { rule: rule.value } } : { rule: rule.value };
  if (rule.field === TENANT_FIELD) return { tenant: String(rule.value).split(',').map((s) => s.trim()).filter(Boolean) };
  if (rule.operator === IS_TRUE) return { var: rule.field };
  if (rule.operator === IS_FALSE) return { '!': { var: rule.field } };
  return defaultRuleProcessorJsonLogic(rule, options) as unknown;
};

/** The json-logic a query writes (undefined for an empty query: no rule; a query of one test is that test alone). */
export function queryToRule(query: RuleGroupType): unknown {
  const rule = formatQuery(query, { format: 'jsonlogic', ruleProcessor, parseNumbers: false }) as unknown;
  if (rule === false || rule === null) return undefined;
  const only = isObject(rule) ? Object.values(rule)[0] : undefined;
  const single = query.rules.length === 1 && !('rules' in query.rules[0]!) && !query.not;
  return single && Array.isArray(only) && only.length === 1 ? only[0] : rule;
}

/** The query a rule reads as; an empty query for no rule. */
export type RuleReading = { editable: true; query: RuleGroupType } | { editable: false; rule: unknown };

export const EMPTY_QUERY: RuleGroupType = { combinator: 'and', rules: [] };

export function ruleToQuery(rule: unknown): RuleReading {
  if (rule === undefined || rule === null) return { editable: true, query: EMPTY_QUERY };
  if (!isObject(rule)) return { editable: false, rule };
  let query: RuleGroupType;
  try {
    query = parseJsonLogic(rule as never, { jsonLogicOperations });
  } catch {
    return { editable: false, rule };
  }
  return sameJson(queryToRule(query), rule) ? { editable: true, query } : { editable: false, rule };
}

/** Deep equality of JSON values (object key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
}
