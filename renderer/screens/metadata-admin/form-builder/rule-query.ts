import { defaultRuleProcessorJsonLogic, formatQuery } from 'react-querybuilder/formatQuery';
import { parseJsonLogic } from 'react-querybuilder/parseJsonLogic';
import type { RuleGroupType, RuleProcessor, RuleType } from 'react-querybuilder';

/**
 * A form element rule's condition (`when`, json-logic) as a react-querybuilder query and back.
 * The query's fields are the form's elements, read as the form rules read them:
 * `{"var": "values.<element id>"}`. Besides the library's comparisons it reads and writes the rule
 * engine's `isEmpty` (an empty text, no choice, no value) and its negation, the form the metadata
 * uses for "has a value". A condition is editable only when the query written back equals it
 * exactly; any other stays as it is (shown read-only as JSON), so nothing is ever lost.
 */

export const IS_EMPTY = 'isEmpty';
export const IS_NOT_EMPTY = 'isNotEmpty';
const VALUES = 'values.';

/** The query field of an element: the var path form rules use. */
export const elementField = (id: number): string => `${VALUES}${id}`;
/** The element id of a query field, or null for any other var. */
export function elementOfField(field: string): number | null {
  return field.startsWith(VALUES) && /^\d+$/.test(field.slice(VALUES.length)) ? Number(field.slice(VALUES.length)) : null;
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"var": x}` or `[{"var": x}]`: x, else null. */
function varOf(v: unknown): string | null {
  const inner = Array.isArray(v) && v.length === 1 ? v[0] : v;
  return isObject(inner) && Object.keys(inner).length === 1 && typeof inner.var === 'string' ? inner.var : null;
}

const UNREADABLE: RuleType = { field: '', operator: '?', value: '' };

const jsonLogicOperations = {
  isEmpty: (v: unknown): RuleType => {
    const field = varOf(v);
    return field === null ? UNREADABLE : { field, operator: IS_EMPTY, value: '' };
  },
  '!': (v: unknown): RuleType => {
    const inner = Array.isArray(v) && v.length === 1 ? v[0] : v;
    const field = isObject(inner) && Object.keys(inner).length === 1 ? varOf(inner.isEmpty) : null;
    // anything else under "!" is not read: the round trip fails and the condition stays read-only
    return field === null ? UNREADABLE : { field, operator: IS_NOT_EMPTY, value: '' };
  },
};

const ruleProcessor: RuleProcessor = (rule, options) => {
  if (rule.operator === IS_EMPTY) return { isEmpty: [{ var: rule.field }] };
  if (rule.operator === IS_NOT_EMPTY) return { '!': { isEmpty: [{ var: rule.field }] } };
  return defaultRuleProcessorJsonLogic(rule, options) as unknown;
};

export const EMPTY_QUERY: RuleGroupType = { combinator: 'and', rules: [] };

/** The json-logic a query writes: undefined for an empty query (the action always applies); a query of one test is that test alone. */
export function queryToCondition(query: RuleGroupType): unknown {
  const logic = formatQuery(query, { format: 'jsonlogic', ruleProcessor, parseNumbers: false }) as unknown;
  if (logic === false || logic === null || logic === undefined) return undefined;
  const only = isObject(logic) && Object.keys(logic).length === 1 ? Object.values(logic)[0] : undefined;
  const single = query.rules.length === 1 && !('rules' in query.rules[0]!) && !query.not;
  return single && Array.isArray(only) && only.length === 1 ? only[0] : logic;
}

export type ConditionReading = { editable: true; query: RuleGroupType } | { editable: false; condition: unknown };

/** The query a condition reads as (an empty one for no condition), or not editable. */
export function conditionToQuery(condition: unknown): ConditionReading {
  if (condition === undefined || condition === null) return { editable: true, query: EMPTY_QUERY };
  if (!isObject(condition)) return { editable: false, condition };
  let query: RuleGroupType;
  try {
    query = parseJsonLogic(condition as never, { jsonLogicOperations });
  } catch {
    return { editable: false, condition };
  }
  return onlyElementValues(query) && sameJson(queryToCondition(query), condition) ? { editable: true, query } : { editable: false, condition };
}

/** Every test of the query compares an element's value with a given value (the builder offers nothing else). */
function onlyElementValues(group: RuleGroupType): boolean {
  return group.rules.every((r) => (typeof r === 'string' ? true
    : 'rules' in r ? onlyElementValues(r as RuleGroupType)
      : elementOfField(r.field) !== null && r.valueSource !== 'field'));
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
