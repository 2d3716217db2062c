import { describe, expect, it } from 'vitest';
import { evaluateRule } from '../../../engine/rules/json-logic.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { compileRowScope } from '../../../engine/rules/rule-to-sql.js';

const context: RuleContext = { user: { id: 7, roles: ['100'], activeRole: '100', claims: [] }, tenant: 'tn', today: '2026-11-23' };

describe('the addDays operator', () => {
  it.each([
    [{ addDays: [{ today: [] }, 90] }, '2027-02-21'],
    [{ addDays: ['2024-02-28', 1] }, '2024-02-29'],
    [{ addDays: [{ today: [] }, -23] }, '2026-10-31'],
    [{ addDays: ['not a date', 3] }, null],
    [{ addDays: [{ today: [] }, 'x'] }, null],
  ])('%j is %j', (rule, expected) => {
    expect(evaluateRule(rule, context)).toBe(expected);
  });

  it('compiles inside a row scope to constant date bounds (expiring within 90 days)', () => {
    const rule = { '<=': [{ today: [] }, { var: 'row.expirationDate' }, { addDays: [{ today: [] }, 90] }] };
    expect(compileRowScope(rule, context)).toEqual({ kind: 'and', items: [
      { kind: 'compare', field: 'expirationDate', op: '>=', value: '2026-11-23' },
      { kind: 'compare', field: 'expirationDate', op: '<=', value: '2027-02-21' },
    ] });
  });
});
