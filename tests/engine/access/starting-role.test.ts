import { describe, expect, it } from 'vitest';
import { startingRole } from '../../../engine/access/starting-role.js';
import type { Role } from '../../../engine/metadata/app-schema.js';
import { loadRegistry } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from '../metadata/metadata-fixture.js';

const roles = (): ReadonlyMap<string, Role> => loadRegistry(PROJECT_ROOT, 'tn').registry!.roles;

describe('startingRole (the role a sign-in starts in, by role metadata startRank)', () => {
  it.each([
    [['100', '200'], '200'],
    [['200', '100'], '200'],
    [['100'], '100'],
    [['200'], '200'],
    [['350', '100'], '100'],
    [['300', '200', '100'], '200'],
    [['350'], '350'],
    [['AdminUser', '500'], 'AdminUser'],
    [[], '100'],
  ])('holding %j starts in %s', (held, expected) => {
    expect(startingRole(held, roles())).toBe(expected);
  });
});
