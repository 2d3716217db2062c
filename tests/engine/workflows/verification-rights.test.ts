import { describe, expect, it } from 'vitest';
import type { Entity } from '../../../engine/metadata/entity-schema.js';
import type { RuleContext } from '../../../engine/rules/rule-context.js';
import { isVerifiable, verificationActor, verificationSubject } from '../../../engine/workflows/verification-rights.js';
import { loadRegistry } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from '../metadata/metadata-fixture.js';
import { givenRelations } from '../../support/relations.js';
import type { Registry } from '../../../engine/metadata/registry.js';

const loaded = new Map<string, Registry>();
const registryOf = (tenant: string) => {
  if (!loaded.has(tenant)) loaded.set(tenant, loadRegistry(PROJECT_ROOT, tenant).registry!);
  return loaded.get(tenant)!;
};
const entities = (tenant: string): ReadonlyMap<number, Entity> => registryOf(tenant).entities;
const OWNER = 7;
const ME = 40;
const context = (tenant: string, activeRole: string, staffIds: number[] = []): RuleContext => ({
  tenant, today: '2026-03-01', user: { id: ME, roles: [activeRole], activeRole, claims: [] },
  relations: givenRelations(registryOf(tenant), { directedOrganizations: staffIds.length ? [3] : [], directedStaff: staffIds }),
});
const record = { id: 1, userId: OWNER, verificationStatus: 'Requested', verified: false, disabled: false, fileKey: null, isEndorsement: false };
const rights = (tenant: string, entityId: number, c: RuleContext) => {
  const a = verificationActor(entities(tenant).get(entityId)!, c, record, { viewed: true, downloaded: true });
  return { review: a.mayReview, remove: a.mayRemove };
};

describe('who reviews and who removes, from the entity metadata (spec part 2 section 6)', () => {
  it.each([
    // tenant, active role, owner on the director's staff, review, remove
    ['tn', '200', true, true, true],
    ['tn', '200', false, false, false],
    ['al', '200', true, true, false],
    ['jh', '200', true, true, false],
    ['tn', '350', false, true, true],
    ['al', '350', false, true, true],
    ['tn', '375', false, false, true],
    ['tn', '400', false, false, true],
    ['tn', '500', false, false, true],
    ['tn', 'AdminUser', false, false, false],
    ['tn', '100', false, false, false],
    ['tn', '300', false, false, false],
    ['tn', '250', false, false, false],
  ] as const)('%s, active role %s, staff %s: review %s, remove %s', (tenant, role, staff, review, remove) => {
    const c = context(tenant, role, staff ? [OWNER] : [99]);
    for (const entityId of [4, 7]) expect(rights(tenant, entityId, c)).toEqual({ review, remove });
  });

  it('a director acting as a professional (active role 100) reviews nothing', () => {
    expect(rights('tn', 4, { ...context('tn', '100', [OWNER]), user: { ...context('tn', '100', [OWNER]).user, roles: ['100', '200'] } })).toEqual({ review: false, remove: false });
  });

  it('the owner is recognised by the owner field', () => {
    const c = context('tn', '100');
    expect(verificationActor(entities('tn').get(4)!, { ...c, user: { ...c.user, id: OWNER } }, record, { viewed: false, downloaded: true }).isOwner).toBe(true);
    expect(verificationActor(entities('tn').get(4)!, c, record, { viewed: false, downloaded: true }).isOwner).toBe(false);
  });
});

describe('which records can be verified', () => {
  it.each([[4, true], [7, true], [1, false], [2, false], [15, false]])('entity %i is verifiable: %s', (id, verifiable) => {
    expect(isVerifiable(entities('tn').get(id))).toBe(verifiable);
  });

  it('endorsements (certification records) cannot be verified; other certifications can', () => {
    const cert: Entity = entities('tn').get(7)!;
    const c = context('tn', '200', [OWNER]);
    expect(verificationSubject(cert, c, { ...record, isEndorsement: true }).available).toBe(false);
    expect(verificationSubject(cert, c, record)).toEqual({ state: 'Requested', available: true, disabled: false, reverifyDeclined: false });
  });
});
