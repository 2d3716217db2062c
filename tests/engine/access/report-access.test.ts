import { describe, expect, it } from 'vitest';
import { mayReadReport } from '../../../engine/access/report-access.js';
import type { RuleUser } from '../../../engine/rules/rule-context.js';
import { loadRegistry } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from '../metadata/metadata-fixture.js';
import { givenRelations } from '../../support/relations.js';

const registry = loadRegistry(PROJECT_ROOT, 'tn').registry!;
const report = registry.reports.get('training')!;
/** the director (user 9) directs organization 5, where people 1 and 2 are staff */
const relations = givenRelations(registry, { directedOrganizations: [5], directedStaff: [1, 2] });
const mayReadTrainingReport = (user: RuleUser, ownerId: number, organizationId: number | null): boolean =>
  mayReadReport(report, { user, relations, tenant: 'tn', today: '2026-03-01' }, ownerId, organizationId);

const user = (over: Partial<RuleUser>): RuleUser => ({ id: 9, roles: ['100'], activeRole: '100', claims: [], ...over });
const director = user({ roles: ['100', '200'], activeRole: '200' });

describe('who may read a Training Report (its access rule in metadata/reports.json)', () => {
  it.each<[string, RuleUser, number, number | null, boolean]>([
    ['the person themself', user({ id: 1 }), 1, 5, true],
    ['another professional', user({}), 1, 5, false],
    ['the director of that organization, acting as director', director, 1, 5, true],
    ['the same director acting as a professional', { ...director, activeRole: '100' }, 1, 5, false],
    ['a director of another organization', director, 1, 6, false],
    ['a director for someone who is not their staff', director, 3, 5, false],
    ['a director without an organization', director, 1, null, false],
    ['licensing staff (350)', user({ roles: ['350'], activeRole: '350' }), 1, 5, true],
    ['a supervisor (375)', user({ roles: ['375'], activeRole: '375' }), 1, 5, true],
    ['a manager (400)', user({ roles: ['400'], activeRole: '400' }), 1, null, true],
    ['a trainer (250)', user({ roles: ['250'], activeRole: '250' }), 1, 5, false],
    ['a coach (300)', user({ roles: ['300'], activeRole: '300' }), 1, 5, false],
  ])('%s: %s', (_name, viewer, ownerId, organizationId, expected) => {
    expect(mayReadTrainingReport(viewer, ownerId, organizationId)).toBe(expected);
  });
});
