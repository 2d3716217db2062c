import { defaultRuleProcessorJsonLogic, formatQuery } from 'react-querybuilder/formatQuery';
import { parseJsonLogic } from 'react-querybuilder/parseJsonLogic';
import type { RuleGroupType, RuleProcessor, RuleType } from 'react-querybuilder';
import { jsonEqual } from '../../../engine/metadata/json-equal.js';
import { isPlainObject } from '../../../engine/metadata/overlay.js';

/**
 * json-logic rules as react-querybuilder queries and back, for every rule editor of the metadata
 * screens. A dialect adds the operators its rules use beyond the library's comparisons (how each is
 * read into a query test and written back). A rule is editable only when the query written back
 * equals it exactly (and the dialect accepts the query); any other rule stays as it is, shown as
 * read-only JSON, so nothing the builder cannot express is ever lost.
 */
export interface RuleDialect {
  /** json-logic operator -> the query test it reads as (a test with an unknown operator fails the round trip) */
  operations: Record<string, (args: unknown) => RuleType>;
  /** the json-logic of a test the library does not write itself; undefined: the library's */
  write: (rule: RuleType) => unknown;
  /** the queries the editor can show (default every query) */
  accepts?: (query: RuleGroupType) => boolean;
}

/** The query a rule reads as (an empty query for no rule), or the rule itself when it is not editable. */
export type RuleReading = { editable: true; query: RuleGroupType } | { editable: false; rule: unknown };

export const EMPTY_QUERY: RuleGroupType = { combinator: 'and', rules: [] };

/** A test that never round-trips: what a dialect answers for a form it does not read. */
export const UNREADABLE: RuleType = { field: '', operator: '?', value: '' };

/** `{"var": x}` or `[{"var": x}]`: x, else null. */
export function varOf(v: unknown): string | null {
  const inner = Array.isArray(v) && v.length === 1 ? v[0] : v;
  return isPlainObject(inner) && Object.keys(inner).length === 1 && typeof inner.var === 'string' ? inner.var : null;
}

/** The argument of `{"!": x}` as json-logic writes it (`[x]` or `x`). */
export function negated(v: unknown): unknown {
  return Array.isArray(v) && v.length === 1 ? v[0] : v;
}

export interface RuleQuery {
  /** the json-logic a query writes: undefined for an empty query (no rule); a query of one test is that test alone */
  toRule: (query: RuleGroupType) => unknown;
  toQuery: (rule: unknown) => RuleReading;
}

export function ruleQuery(dialect: RuleDialect): RuleQuery {
  const ruleProcessor: RuleProcessor = (rule, options) => dialect.write(rule) ?? (defaultRuleProcessorJsonLogic(rule, options) as unknown);
  const toRule = (query: RuleGroupType): unknown => {
    const logic = formatQuery(query, { format: 'jsonlogic', ruleProcessor, parseNumbers: false }) as unknown;
    if (logic === false || logic === null || logic === undefined) return undefined;
    const only = isPlainObject(logic) && Object.keys(logic).length === 1 ? Object.values(logic)[0] : undefined;
    const single = query.rules.length === 1 && !('rules' in query.rules[0]!) && !query.not;
    return single && Array.isArray(only) && only.length === 1 ? only[0] : logic;
  };
  const toQuery = (rule: unknown): RuleReading => {
    if (rule === undefined || rule === null) return { editable: true, query: EMPTY_QUERY };
    if (!isPlainObject(rule)) return { editable: false, rule };
    let query: RuleGroupType;
    try {
      query = parseJsonLogic(rule as never, { jsonLogicOperations: dialect.operations });
    } catch {
      return { editable: false, rule };
    }
    const accepted = dialect.accepts?.(query) ?? true;
    return accepted && jsonEqual(toRule(query), rule) ? { editable: true, query } : { editable: false, rule };
  };
  return { toRule, toQuery };
}
