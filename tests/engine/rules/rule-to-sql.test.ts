import { describe, expect, it } from 'vitest';
import { compileRowScope, RuleCompileError, type SqlCondition } from '../../../engine/rules/rule-to-sql.js';
import { ruleHolds } from '../../../engine/rules/json-logic.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { evaluateSqlCondition } from '../../../engine/rules/sql-condition.js';

const user7: RuleContext = { user: { id: 7, roles: ['100'], activeRole: '100', claims: [] }, tenant: 'tn', today: '2024-06-15' };
const admin: RuleContext = { user: { id: 1, roles: ['100', 'AdminUser'], activeRole: 'AdminUser', claims: [] }, tenant: 'tn', today: '2024-06-15' };
const OWNER = { or: [{ hasRole: ['AdminUser', '400', '500'] }, { '==': [{ var: 'row.userId' }, { var: 'user.id' }] }] };
const rowVar = (f: string): unknown => ({ var: `row.${f}` });
const isNull = (field: string, negated = false): SqlCondition => ({ kind: 'null', field, negated });
const cmp = (field: string, op: '=' | '<>' | '<' | '<=' | '>' | '>=', value: string | number | boolean): SqlCondition => ({ kind: 'compare', field, op, value });

const cases: { name: string; rule: unknown; context?: RuleContext; expected: SqlCondition }[] = [
  { name: 'absent rule denies', rule: undefined, expected: { kind: 'const', value: false } },
  { name: 'owner rule for an admin', rule: OWNER, context: admin, expected: { kind: 'const', value: true } },
  { name: 'owner rule for user 7', rule: OWNER, expected: cmp('userId', '=', 7) },
  { name: 'constant true', rule: true, expected: { kind: 'const', value: true } },
  { name: 'row-free rule on tenant', rule: { tenant: ['al'] }, expected: { kind: 'const', value: false } },
  { name: 'var on the right swaps the operator', rule: { '<': [5, rowVar('level')] }, expected: cmp('level', '>', 5) },
  { name: '>= with a string', rule: { '>=': [rowVar('endDate'), { today: [] }] }, expected: cmp('endDate', '>=', '2024-06-15') },
  { name: '=== with boolean', rule: { '===': [rowVar('disabled'), false] }, expected: cmp('disabled', '=', false) },
  { name: '!= holds for null too', rule: { '!=': [rowVar('status'), 'Deleted'] }, expected: { kind: 'or', items: [cmp('status', '<>', 'Deleted'), isNull('status')] } },
  { name: '== null', rule: { '==': [rowVar('deletedAt'), null] }, expected: isNull('deletedAt') },
  { name: '!== null', rule: { '!==': [null, rowVar('deletedAt')] }, expected: isNull('deletedAt', true) },
  { name: 'missing user var is null', rule: { '==': [rowVar('agencyId'), { var: 'user.agencyId' }] }, expected: isNull('agencyId') },
  { name: 'in a list', rule: { in: [rowVar('status'), ['Requested', 'Approved']] }, expected: { kind: 'in', field: 'status', values: ['Requested', 'Approved'] } },
  { name: 'in a computed list', rule: { in: [rowVar('role'), { merge: [['200'], { activeRole: [] }] }] }, expected: { kind: 'in', field: 'role', values: ['200', '100'] } },
  { name: 'in an empty list', rule: { in: [rowVar('status'), []] }, expected: { kind: 'const', value: false } },
  { name: 'bare var', rule: rowVar('published'), expected: cmp('published', '=', true) },
  { name: '!! of a bare var', rule: { '!!': [rowVar('published')] }, expected: cmp('published', '=', true) },
  { name: 'negated comparison', rule: { '!': { '==': [rowVar('status'), 'Rejected'] } }, expected: { kind: 'or', items: [cmp('status', '<>', 'Rejected'), isNull('status')] } },
  { name: 'negated in', rule: { '!': [{ in: [rowVar('status'), ['A']] }] }, expected: { kind: 'or', items: [{ kind: 'not', item: { kind: 'in', field: 'status', values: ['A'] } }, isNull('status')] } },
  { name: 'negated null test', rule: { '!': { '==': [rowVar('x'), null] } }, expected: isNull('x', true) },
  { name: 'double negation', rule: { '!': { '!': { '<': [rowVar('x'), 3] } } }, expected: cmp('x', '<', 3) },
  { name: 'negated !=', rule: { '!': { '!=': [rowVar('status'), 'Deleted'] } }, expected: cmp('status', '=', 'Deleted') },
  { name: 'double negated in', rule: { '!': { '!': { in: [rowVar('s'), [1]] } } }, expected: { kind: 'in', field: 's', values: [1] } },
  { name: 'and drops true items', rule: { and: [true, { hasRole: ['100'] }, { '==': [rowVar('a'), 1] }] }, expected: cmp('a', '=', 1) },
  { name: 'and with a false item is false', rule: { and: [{ hasRole: ['400'] }, { '==': [rowVar('a'), 1] }] }, expected: { kind: 'const', value: false } },
  { name: 'or with a true item is true', rule: { or: [{ tenant: ['tn'] }, { '==': [rowVar('a'), 1] }] }, expected: { kind: 'const', value: true } },
  { name: 'nested and flattened', rule: { and: [{ '>': [rowVar('a'), 1] }, { and: [{ '<': [rowVar('a'), 9] }, { '==': [rowVar('b'), 'x'] }] }] }, expected: { kind: 'and', items: [cmp('a', '>', 1), cmp('a', '<', 9), cmp('b', '=', 'x')] } },
  { name: 'between', rule: { '<=': [1, rowVar('level'), 8] }, expected: { kind: 'and', items: [cmp('level', '>=', 1), cmp('level', '<=', 8)] } },
  { name: 'de morgan', rule: { '!': { and: [{ '==': [rowVar('a'), 1] }, { '==': [rowVar('b'), null] }] } }, expected: { kind: 'or', items: [cmp('a', '<>', 1), isNull('a'), isNull('b', true)] } },
  { name: 'nested field of a record', rule: { '==': [rowVar('data.county'), 'Knox'] }, expected: cmp('data.county', '=', 'Knox') },
  { name: 'item-scoped var in some is not the row', rule: { and: [{ some: [{ var: 'user.roles' }, { '==': [{ var: '' }, '100'] }] }, { '==': [rowVar('a'), 1] }] }, expected: cmp('a', '=', 1) },
];

describe('compileRowScope', () => {
  it.each(cases)('$name', ({ rule, context, expected }) => {
    expect(compileRowScope(rule, context ?? user7)).toEqual(expected);
  });

  it.each([
    { name: 'arithmetic on a row field', rule: { '==': [{ '+': [rowVar('a'), 1] }, 2] }, operator: '"=="' },
    { name: 'custom operator on a row field', rule: { '>': [{ daysBetween: [rowVar('start'), { today: [] }] }, 30] }, operator: '">"' },
    { name: 'if over the row', rule: { if: [rowVar('a'), true, false] }, operator: '"if"' },
    { name: 'two row fields', rule: { '==': [rowVar('a'), rowVar('b')] }, operator: '"=="' },
    { name: 'substring in', rule: { in: ['x', rowVar('tags')] }, operator: '"in"' },
    { name: 'in against a string', rule: { in: [rowVar('code'), 'abc'] }, operator: '"in"' },
    { name: 'row compared with a list', rule: { '==': [rowVar('a'), [1, 2]] }, operator: '"=="' },
    { name: 'less than null', rule: { '<': [rowVar('a'), null] }, operator: '"<"' },
    { name: 'missing over the row', rule: { missing: ['row.a'] }, operator: '"missing"' },
    { name: 'the whole row', rule: { '==': [{ var: 'row' }, 1] }, operator: '"=="' },
    { name: 'var with a default', rule: { var: ['row.a', true] }, operator: '"var"' },
  ])('cannot compile $name', ({ rule, operator }) => {
    expect(() => compileRowScope(rule, user7)).toThrow(RuleCompileError);
    expect(() => compileRowScope(rule, user7)).toThrow(operator);
  });

  it.each([
    { name: 'computed var path', rule: { '==': [{ var: { cat: ['row.', 'a'] } }, 1] } },
    { name: 'odd field name', rule: { '==': [{ var: 'row.a b' }, 1] } },
  ])('rejects $name', ({ rule }) => {
    expect(() => compileRowScope(rule, user7)).toThrow(RuleCompileError);
  });
});

describe('evaluateSqlCondition agrees with json-logic', () => {
  const rules: unknown[] = [
    OWNER,
    { '!=': [rowVar('status'), 'Deleted'] },
    { '!': { in: [rowVar('status'), ['Requested', 'Approved']] } },
    { and: [{ '>=': [rowVar('level'), 2] }, { '!': { '==': [rowVar('status'), null] } }] },
    { or: [rowVar('published'), { '==': [rowVar('userId'), 8] }] },
    { '<=': [1, rowVar('level'), 3] },
  ];
  const rows: Record<string, unknown>[] = [
    { userId: 7, status: 'Approved', level: 3, published: true },
    { userId: 8, status: 'Deleted', level: 1, published: false },
    { userId: null, status: null, level: 5, published: null },
    { userId: 9, status: 'Requested', level: 2 },
  ];
  it.each(rules.flatMap((rule) => rows.map((row) => ({ rule, row, label: `${JSON.stringify(rule)} on ${JSON.stringify(row)}` }))))('$label', ({ rule, row }) => {
    const condition = compileRowScope(rule, user7);
    expect(evaluateSqlCondition(condition, row)).toBe(ruleHolds(rule, { ...user7, row }));
  });

  it.each([
    { cond: cmp('n', '=', 1), row: { n: true }, expected: true },
    { cond: cmp('n', '=', true), row: { n: 1 }, expected: true },
    { cond: cmp('n', '<', 10), row: { n: '9' }, expected: true },
    { cond: cmp('d', '<', '2024-06-15'), row: { d: '2024-06-14' }, expected: true },
    { cond: cmp('n', '<>', 3), row: { n: null }, expected: false },
    { cond: cmp('n', '<>', 3), row: { n: 'abc' }, expected: true },
    { cond: { kind: 'in', field: 'n', values: [1, 2] } as SqlCondition, row: { n: '2' }, expected: true },
    { cond: { kind: 'in', field: 'n', values: [1, 2] } as SqlCondition, row: {}, expected: false },
    { cond: cmp('data.county', '=', 'Knox'), row: { data: { county: 'Knox' } }, expected: true },
  ])('evaluates $cond.kind on $row', ({ cond, row, expected }) => {
    expect(evaluateSqlCondition(cond, row)).toBe(expected);
  });
});
