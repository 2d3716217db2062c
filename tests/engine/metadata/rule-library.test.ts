import { describe, expect, it } from 'vitest';
import type { MetadataFile } from '../../../engine/metadata/registry.js';
import { RULES_NAMED_IN_CODE } from '../../../engine/rules/named-rule.js';
import { loadRegistry } from '../../../server/metadata/load-metadata.js';
import { addFile, compileWith, patch, PROJECT_ROOT } from './metadata-fixture.js';

const ENTITY = 'metadata/entities/education.json';
const GRID = 'metadata/grids/education.json';
const OWNS_ROW = { '==': [{ var: 'row.userId' }, { var: 'user.id' }] };
const IS_MANAGER = { hasRole: ['400'] };

const rule = (id: string, logic: unknown) => ({ id, description: `the ${id} rule`, logic });
/** The rules the application evaluates by name: a base library gets them after its own. */
const NAMED_IN_CODE = RULES_NAMED_IN_CODE.map((name) => rule(name, { hasRole: ['300'] }));
const rules = (data: unknown, path = 'metadata/rules.json'): MetadataFile => {
  const tenant = path.startsWith('tenants/');
  return { path, kind: 'rule', layer: tenant ? 'tenant' : 'base', data: !tenant && Array.isArray(data) ? [...data, ...NAMED_IN_CODE] : data };
};
const ref = (name: string) => ({ rule: name });

const LIBRARY = rules([
  rule('ownsRow', OWNS_ROW),
  rule('isManager', IS_MANAGER),
  rule('managerOrOwner', { or: [ref('isManager'), ref('ownsRow')] }),
]);

describe('named rules (metadata/rules.json)', () => {
  it('inlines a reference wherever a rule goes, so the registry holds plain json-logic', () => {
    const { registry, problems } = compileWith('zz', addFile(LIBRARY),
      patch(ENTITY, { access: { read: ref('ownsRow'), disable: ref('isManager') } }),
      patch(GRID, { rowActions: [{ id: 'verify', visible: { and: [ref('ownsRow'), { '!': { var: 'row.verified' } }] } }] }));
    expect(problems).toEqual([]);
    expect(registry!.entities.get(4)!.access.read).toEqual(OWNS_ROW);
    expect(registry!.entities.get(4)!.access.disable).toEqual(IS_MANAGER);
    expect(registry!.grids.get('education')!.rowActions![0]!.visible).toEqual({ and: [OWNS_ROW, { '!': { var: 'row.verified' } }] });
  });

  it('inlines nested references: a named rule built of named rules', () => {
    const { registry, problems } = compileWith('zz', addFile(LIBRARY), patch(ENTITY, { access: { update: ref('managerOrOwner') } }));
    expect(problems).toEqual([]);
    expect(registry!.entities.get(4)!.access.update).toEqual({ or: [IS_MANAGER, OWNS_ROW] });
    expect(registry!.rules.get('managerOrOwner')).toEqual({ or: [IS_MANAGER, OWNS_ROW] });
  });

  it('inlines references in any kind, routes included', () => {
    const { registry, problems } = compileWith('zz', addFile(LIBRARY),
      patch('metadata/routes.json', [{ id: 'manage-users', visible: ref('isManager') }]));
    expect(problems).toEqual([]);
    expect(registry!.routes.find((r) => r.id === 'manage-users')!.visible).toEqual(IS_MANAGER);
  });

  it('reports a reference to an unknown rule at the pointer of the reference', () => {
    const { registry, problems } = compileWith('zz', addFile(LIBRARY), patch(ENTITY, { access: { read: { or: [ref('ownsRow'), ref('isDirector')] } } }));
    expect(registry).toBeNull();
    expect(problems).toEqual([{ file: ENTITY, pointer: '/access/read/or/1', message: "unknown rule 'isDirector'; the rule library (rules.json) has no rule of that name" }]);
  });

  it('reports an unknown rule named inside the library', () => {
    const { problems } = compileWith('zz', addFile(rules([rule('a', { and: [ref('missing'), true] })])));
    expect(problems).toEqual([{ file: 'metadata/rules.json', pointer: '/0/logic/and/0', message: "unknown rule 'missing'; the rule library (rules.json) has no rule of that name" }]);
  });

  it('reports a cycle once, at the reference that closes it', () => {
    const { registry, problems } = compileWith('zz', addFile(rules([
      rule('a', { '!': ref('b') }), rule('b', { or: [ref('c'), true] }), rule('c', ref('a')),
    ])), patch(ENTITY, { access: { read: ref('a') } }));
    expect(registry).toBeNull();
    expect(problems).toEqual([{ file: 'metadata/rules.json', pointer: '/2/logic', message: "rule 'a' refers back to itself: a -> b -> c -> a" }]);
  });

  it('reports a rule that refers to itself', () => {
    const { problems } = compileWith('zz', addFile(rules([rule('a', { or: [ref('a'), true] })])));
    expect(problems).toEqual([{ file: 'metadata/rules.json', pointer: '/0/logic/or/0', message: "rule 'a' refers back to itself: a -> a" }]);
  });

  it('checks a named rule as json-logic (unknown operator, unknown variable) and its schema', () => {
    const { problems } = compileWith('zz', addFile(rules([
      rule('odd', { hasRoles: ['400'] }), rule('stray', { var: 'session.id' }), { id: 'Bad name', logic: true },
    ])));
    expect(problems).toEqual([
      { file: 'metadata/rules.json', pointer: '/2', message: "missing required property 'description'" },
      { file: 'metadata/rules.json', pointer: '/2/id', message: expect.stringContaining('does not match the pattern') },
      { file: 'metadata/rules.json', pointer: '/0/logic', message: "rule uses unknown operator 'hasRoles'" },
      { file: 'metadata/rules.json', pointer: '/1/logic', message: expect.stringContaining("rule reads unknown variable 'session.id'") },
    ]);
  });

  it('lets a tenant override a named rule: every reference of the base metadata follows', () => {
    const tenantRule = { and: [IS_MANAGER, { activeRole: ['400'] }] };
    const { registry, problems } = compileWith('zz', addFile(LIBRARY),
      addFile(rules([{ id: 'isManager', logic: tenantRule }], 'tenants/zz/rules.json')),
      patch(ENTITY, { access: { disable: ref('isManager'), update: ref('managerOrOwner') } }));
    expect(problems).toEqual([]);
    expect(registry!.entities.get(4)!.access.disable).toEqual(tenantRule);
    expect(registry!.entities.get(4)!.access.update).toEqual({ or: [tenantRule, OWNS_ROW] });
  });

  it('reports a reference to a rule a tenant removes', () => {
    const { problems } = compileWith('zz', addFile(LIBRARY),
      addFile(rules([{ id: 'isManager', $remove: true }], 'tenants/zz/rules.json')),
      patch(ENTITY, { access: { disable: ref('isManager') } }));
    expect(problems).toEqual([
      { file: 'metadata/rules.json', pointer: '/2/logic/or/0', message: "unknown rule 'isManager'; the rule library (rules.json) has no rule of that name" },
      { file: ENTITY, pointer: '/access/disable', message: "unknown rule 'isManager'; the rule library (rules.json) has no rule of that name" },
    ]);
  });

  it('reports a library without a rule the application evaluates by name (a tenant removing it)', () => {
    const { problems } = compileWith('zz', addFile(LIBRARY), addFile(rules([{ id: 'isCoach', $remove: true }], 'tenants/zz/rules.json')));
    expect(problems).toEqual([{ file: 'tenants/zz/rules.json', pointer: '', message: "rule 'isCoach' is evaluated by the application and must be defined" }]);
  });
});

describe("the project's rule library", () => {
  it.each(['tn', 'al', 'jh'])('%s: has the named rules the server evaluates by name, and the staff, director and consultant roles', (tenant) => {
    const registry = loadRegistry(PROJECT_ROOT, tenant).registry!;
    for (const name of RULES_NAMED_IN_CODE) expect(registry.rules.has(name)).toBe(true);
    expect([...registry.roles.values()].filter((r) => r.duty !== undefined).map((r) => [r.id, r.duty])).toEqual([['100', 'staff'], ['200', 'director'], ['350', 'consultant']]);
  });
});
