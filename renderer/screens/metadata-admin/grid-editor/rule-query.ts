import { isPlainObject } from '../../../../engine/metadata/overlay.js';
import { negated, ruleQuery, UNREADABLE } from '../rule-query.js';

/**
 * Visibility rules of row actions and toolbar switches: besides the library's comparisons a bare
 * `{"var": x}` (x is true), `{"!": {"var": x}}`, a named rule `{"rule": name}` and its negation, and
 * `{"tenant": [codes]}`.
 */

/** Field names of the query that are not `var`s: the named rule and the tenant test. */
export const NAMED_RULE_FIELD = '$rule';
export const TENANT_FIELD = '$tenant';
/** Operators of bare `var` tests. */
export const IS_TRUE = 'isTrue';
export const IS_FALSE = 'isFalse';

export const gridRules = ruleQuery({
  operations: {
    var: (v) => ({ field: String(Array.isArray(v) ? v[0] : v), operator: IS_TRUE, value: '' }),
    rule: (v) => ({ field: NAMED_RULE_FIELD, operator: '=', value: String(v) }),
    tenant: (v) => ({ field: TENANT_FIELD, operator: 'in', value: (Array.isArray(v) ? v : [v]).map(String).join(',') }),
    '!': (v) => {
      const inner = negated(v);
      if (isPlainObject(inner) && 'var' in inner) return { field: String(inner.var), operator: IS_FALSE, value: '' };
      if (isPlainObject(inner) && 'rule' in inner) return { field: NAMED_RULE_FIELD, operator: '!=', value: String(inner.rule) };
      return UNREADABLE;
    },
  },
  write: (rule) => {
    if (rule.field === NAMED_RULE_FIELD) return rule.operator === '!=' ? { '!': { rule: rule.value } } : { rule: rule.value };
    if (rule.field === TENANT_FIELD) return { tenant: String(rule.value).split(',').map((s) => s.trim()).filter(Boolean) };
    if (rule.operator === IS_TRUE) return { var: rule.field };
    if (rule.operator === IS_FALSE) return { '!': { var: rule.field } };
    return undefined;
  },
});
