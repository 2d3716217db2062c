import { describe, expect, it } from 'vitest';
import { conditionRules, elementField, elementOfField, IS_NOT_EMPTY } from '../../renderer/screens/metadata-admin/form-builder/rule-query.js';
import { EMPTY_QUERY } from '../../renderer/screens/metadata-admin/rule-query.js';

const conditionToQuery = conditionRules.toQuery;
const queryToCondition = conditionRules.toRule;

/** Round trips of the form rules' conditions between json-logic and react-querybuilder queries. */

const roundTrip = (condition: unknown) => {
  const reading = conditionToQuery(condition);
  expect(reading.editable).toBe(true);
  if (reading.editable) expect(queryToCondition(reading.query)).toEqual(condition);
};

describe('form rule conditions as queries', () => {
  it('reads and writes the conditions of the repository forms', () => {
    roundTrip({ '==': [{ var: 'values.2004' }, '1'] });
    roundTrip({ in: [{ var: 'values.2001' }, ['1', '2']] });
    roundTrip({ '!': { isEmpty: [{ var: 'values.6001' }] } });
    roundTrip({ isEmpty: [{ var: 'values.6001' }] });
    roundTrip({ and: [{ '==': [{ var: 'values.1' }, 'a'] }, { '!=': [{ var: 'values.2' }, 'b'] }] });
    roundTrip({ or: [{ '==': [{ var: 'values.1' }, 'a'] }, { and: [{ '>': [{ var: 'values.2' }, '3'] }, { isEmpty: [{ var: 'values.3' }] }] }] });
  });

  it('writes "has a value" as the negated isEmpty the rule engine knows', () => {
    const query = { combinator: 'and', rules: [{ field: elementField(900001), operator: IS_NOT_EMPTY, value: '' }] };
    expect(queryToCondition(query)).toEqual({ '!': { isEmpty: [{ var: 'values.900001' }] } });
  });

  it('reads no condition as an empty query and writes an empty query as no condition', () => {
    expect(conditionToQuery(undefined)).toEqual({ editable: true, query: EMPTY_QUERY });
    expect(queryToCondition(EMPTY_QUERY)).toBeUndefined();
  });

  it('keeps a condition it cannot express, unchanged and not editable', () => {
    for (const condition of [
      { rule: 'isManager' },
      { '!': { var: 'row.x' } },
      { '==': [{ var: 'row.requestCount' }, { var: 'user.id' }] },
      { if: [true, 1, 2] },
      true,
    ]) {
      expect(conditionToQuery(condition)).toEqual({ editable: false, rule: condition });
    }
  });

  it('names element fields by the var path of form rules', () => {
    expect(elementField(12)).toBe('values.12');
    expect(elementOfField('values.12')).toBe(12);
    expect(elementOfField('row.x')).toBeNull();
  });
});

describe('the conditions of the repository forms', () => {
  it('reads every condition over element values for editing and writes it back unchanged; keeps the others as they are', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dirs = ['metadata/forms', ...readdirSync('tenants').map((t) => `tenants/${t}/forms`)].filter((d) => { try { readdirSync(d); return true; } catch { return false; } });
    let editable = 0;
    let kept = 0;
    for (const dir of dirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
        const form = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { elements?: Array<{ rules?: Array<{ when?: unknown }> }> };
        for (const rule of (form.elements ?? []).flatMap((e) => e.rules ?? []).filter((r) => r.when !== undefined)) {
          const reading = conditionToQuery(rule.when);
          const vars = JSON.stringify(rule.when).match(/"var":"[^"]*"/g) ?? [];
          if (reading.editable) {
            editable++;
            expect(queryToCondition(reading.query), `${dir}/${file}`).toEqual(rule.when);
          } else {
            kept++;
            expect(reading.rule).toBe(rule.when);
            // only conditions that read more than element values are left to the JSON editor
            expect(vars.every((v) => v.startsWith('"var":"values.')) && vars.length > 0 ? JSON.stringify(rule.when) : 'reads more').toBe('reads more');
          }
        }
      }
    }
    expect(editable).toBeGreaterThan(3);
    expect(kept).toBeGreaterThan(0);
  });
});
