import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployment, addOrganization, personWith, type Person } from '../support/employment.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * User Access Permissions under concurrent changes: two user managers toggle roles of the same
 * people at the same moment (real concurrent requests; on PostgreSQL they run on separate
 * connections, on SQLite its writers are serialised). Whatever the order, the role rules hold
 * afterwards: never 350 and 375 together, one active row per role, 200 only with 100 there.
 */
let t: TestApp;
let acorns: number;
let adminA: Person;
let adminB: Person;

const PEOPLE = 8;
const knex = () => t.database.db.knex;
const del = (url: string, body: unknown, token: string) => t.app.inject({ method: 'DELETE', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
const grant = (p: Person, userId: number, roleName: string) => t.post('/api/accountroles', { userId, roleName }, p.token);
const remove = (p: Person, userId: number, roleName: string) => del('/api/accountroles', { userId, roleName }, p.token);
const orgToggle = (p: Person, body: Record<string, unknown>) => t.post('/api/userorganizationroles', body, p.token);

/** The active role rows of people, as `role@organization` (organization '-' for general roles). */
async function activeRoles(userIds: number[]): Promise<Map<number, string[]>> {
  const rows = (await knex()('user_roles').whereIn('user_id', userIds).andWhere({ active: true }).orderBy('id').select('user_id', 'role', 'organization_id')) as
    { user_id: number; role: string; organization_id: number | null }[];
  const byUser = new Map<number, string[]>(userIds.map((id) => [id, []]));
  for (const r of rows) byUser.get(Number(r.user_id))!.push(`${r.role}@${r.organization_id ?? '-'}`);
  return byUser;
}

const people = (name: string, roles: { role: string; organizationId?: number }[]) => Promise.all(Array.from({ length: PEOPLE }, () => personWith(t, name, roles)));

beforeAll(async () => {
  t = await startTestApp('tn');
  acorns = await addOrganization(t, 'Little Acorns Learning Center', { is_registry_organization: true });
  adminA = await personWith(t, 'Ada', [{ role: '100' }, { role: 'AdminUser' }]);
  adminB = await personWith(t, 'Bea', [{ role: '100' }, { role: '500' }]);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('two user managers at once (the person\'s row is locked while their roles change)', () => {
  it('never gives a person both 350 and 375', async () => {
    const targets = await people('Excl', [{ role: '100' }]);
    const answers = await Promise.all(targets.flatMap((p) => [grant(adminA, p.id, '350'), grant(adminB, p.id, '375')]));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    for (const [id, roles] of await activeRoles(targets.map((p) => p.id))) {
      expect({ id, both: roles.includes('350@-') && roles.includes('375@-') }).toEqual({ id, both: false });
    }
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PEOPLE);
  });

  it('keeps one active row of a role granted twice at the same moment', async () => {
    const targets = await people('Twice', [{ role: '100' }]);
    const answers = await Promise.all(targets.flatMap((p) => [grant(adminA, p.id, '300'), grant(adminB, p.id, '300')]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.json<{ changed: boolean }>().changed)).toHaveLength(PEOPLE);
    for (const [id, roles] of await activeRoles(targets.map((p) => p.id))) expect({ id, roles }).toEqual({ id, roles: ['100@-', '300@-'] });
  });

  it('never leaves a director role (200) without the staff role (100) there', async () => {
    const targets = await people('Dir', [{ role: '100' }, { role: '100', organizationId: acorns }]);
    const employments = await Promise.all(targets.map((p) => addEmployment(t, p.token, { agencyId: acorns })));
    const answers = await Promise.all(targets.flatMap((_p, i) => [
      orgToggle(adminA, { employmentRecordId: employments[i], roleName: '200', active: true }),
      orgToggle(adminB, { employmentRecordId: employments[i], roleName: '100', active: false }),
    ]));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    for (const [id, roles] of await activeRoles(targets.map((p) => p.id))) {
      const there = roles.filter((r) => r.endsWith(`@${acorns}`));
      expect({ id, directorWithoutStaff: there.includes(`200@${acorns}`) && !there.includes(`100@${acorns}`) }).toEqual({ id, directorWithoutStaff: false });
    }
  });

  it('never leaves an elevated role without the general staff role (100)', async () => {
    const targets = await people('Elev', [{ role: '100' }]);
    const answers = await Promise.all(targets.flatMap((p) => [grant(adminA, p.id, '400'), remove(adminB, p.id, '100')]));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    for (const [id, roles] of await activeRoles(targets.map((p) => p.id))) {
      expect({ id, elevatedWithoutStaff: roles.includes('400@-') && !roles.includes('100@-') }).toEqual({ id, elevatedWithoutStaff: false });
    }
  });
});
