import { describe, expect, it } from 'vitest';
import { evaluateRule } from '../../../engine/rules/json-logic.js';
import { namedRuleHolds } from '../../../engine/rules/named-rule.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { loadRegistry } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from '../metadata/metadata-fixture.js';

const registry = loadRegistry(PROJECT_ROOT, 'tn').registry!;
const contextOf = (roles: string[], activeRole: string): RuleContext => ({
  user: { id: 7, roles, activeRole, claims: roles.flatMap((r) => registry.roles.get(r)?.claims ?? []) },
  roles: registry.roles, tenant: 'tn', today: '2026-11-29',
});

describe('the rolesWith operator', () => {
  it.each([
    ['requestable', ['100', '200']],
    ['consultant', ['350']],
    ['Metadata.write', ['AdminUser']],
    ['User.write.all', ['400', '500', 'AdminUser']],
    ['nothing of the kind', []],
  ])('%s: the roles with that flag, duty or claim are %j', (what, roles) => {
    expect(evaluateRule({ rolesWith: what }, contextOf(['100'], '100'))).toEqual(roles);
  });
});

describe('administersMetadata: the active role holds Metadata.write (the access of /api/admin/metadata/*)', () => {
  it.each([
    [['AdminUser'], 'AdminUser', true],
    [['AdminUser', '100'], '100', false],
    [['500'], '500', false],
    [['400'], '400', false],
    [['100'], '100', false],
    [['250'], '250', false],
  ])('roles %j acting as %s: %s', (roles, active, expected) => {
    expect(namedRuleHolds(registry.rules, 'administersMetadata', contextOf(roles, active))).toBe(expected);
  });
});
