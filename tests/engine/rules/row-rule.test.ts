import { describe, expect, it } from 'vitest';
import { ruleHolds } from '../../../engine/rules/json-logic.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { compileRowRule } from '../../../engine/rules/row-rule.js';

const ctx = (roles: string[], id = 7): RuleContext => ({ user: { id, roles, activeRole: roles[0] ?? '100', claims: [] }, tenant: 'tn', today: '2026-11-21' });
const OWNER = { '==': [{ var: 'row.userId' }, { var: 'user.id' }] };
const ELEVATED_OR_OWNER = { or: [{ hasRole: ['AdminUser', '400', '500'] }, OWNER] };
const LOCKED = { '==': [{ var: 'row.verificationStatus' }, 'Requested'] };
const ARITHMETIC = { '>': [{ '+': [{ var: 'row.creditHours' }, 1] }, 10] };

describe('compileRowRule agrees with json-logic on rows', () => {
  it.each<[string, unknown, RuleContext, Record<string, unknown>]>([
    ['owner, own row', OWNER, ctx(['100']), { userId: 7 }],
    ['owner, other row', OWNER, ctx(['100']), { userId: 8 }],
    ['elevated, other row', ELEVATED_OR_OWNER, ctx(['AdminUser']), { userId: 8 }],
    ['professional, other row', ELEVATED_OR_OWNER, ctx(['100']), { userId: 8 }],
    ['locked', LOCKED, ctx(['100']), { verificationStatus: 'Requested' }],
    ['not locked (null)', LOCKED, ctx(['100']), { verificationStatus: null }],
    ['no SQL form: falls back to json-logic (true)', ARITHMETIC, ctx(['100']), { creditHours: 12 }],
    ['no SQL form: falls back to json-logic (false)', ARITHMETIC, ctx(['100']), { creditHours: 2 }],
  ])('%s', (_label, rule, context, row) => {
    expect(compileRowRule(rule, context)(row)).toBe(ruleHolds(rule, { ...context, row }));
  });

  it.each([[true], [false]])('an absent rule answers the default (%s)', (whenAbsent) => {
    expect(compileRowRule(undefined, ctx(['100']), whenAbsent)({})).toBe(whenAbsent);
  });
});
