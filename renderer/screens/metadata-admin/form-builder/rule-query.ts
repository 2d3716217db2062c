import type { RuleGroupType } from 'react-querybuilder';
import { isPlainObject } from '../../../../engine/metadata/overlay.js';
import { negated, ruleQuery, UNREADABLE, varOf } from '../rule-query.js';

/**
 * A form element rule's condition (`when`): the query's fields are the form's elements, read as the
 * form rules read them, `{"var": "values.<element id>"}`. Besides the library's comparisons it reads
 * and writes the rule engine's `isEmpty` (an empty text, no choice, no value) and its negation, the
 * form the metadata uses for "has a value". Only tests comparing an element with a given value are
 * editable (the builder offers nothing else).
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

/** Every test of the query compares an element's value with a given value. */
function onlyElementValues(group: RuleGroupType): boolean {
  return group.rules.every((r) => (typeof r === 'string' ? true
    : 'rules' in r ? onlyElementValues(r as RuleGroupType)
      : elementOfField(r.field) !== null && r.valueSource !== 'field'));
}

export const conditionRules = ruleQuery({
  operations: {
    isEmpty: (v) => {
      const field = varOf(v);
      return field === null ? UNREADABLE : { field, operator: IS_EMPTY, value: '' };
    },
    '!': (v) => {
      const inner = negated(v);
      const field = isPlainObject(inner) && Object.keys(inner).length === 1 ? varOf(inner.isEmpty) : null;
      return field === null ? UNREADABLE : { field, operator: IS_NOT_EMPTY, value: '' };
    },
  },
  write: (rule) => {
    if (rule.operator === IS_EMPTY) return { isEmpty: [{ var: rule.field }] };
    if (rule.operator === IS_NOT_EMPTY) return { '!': { isEmpty: [{ var: rule.field }] } };
    return undefined;
  },
  accepts: onlyElementValues,
});
