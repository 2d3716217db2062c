import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID_COUNT_CAP } from '../../engine/grid/grid-request.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let acorns: number;
let oaks: number;
let pat: Person;
let sam: Person;
let loner: Person;
let lastCycleId: number;
const asRole: Record<string, Person> = {};

const ROLES = ['100', '200', '250', '300', '350', '375', '400', '500'] as const;
const ALLOWED = new Set(['350', '375', '400', '500']);
const grid = (token: string, defaultFilters: unknown[] = [], extra: Record<string, unknown> = {}) =>
  t.post('/api/grid', { entityTypeId: 1, formId: 1, altGridId: 'search-users', from: 1, to: 5, defaultFilters, ...extra }, token);
const summary = (token: string, defaultFilters: unknown[] = []) =>
  t.post('/api/grid/summary', { entityTypeId: 1, formId: 1, altGridId: 'search-users', defaultFilters }, token);
const rowsOf = (body: string) => (body === 'No Data' ? [] : (JSON.parse(body) as { gridData: Record<string, unknown>[] }).gridData);
const contains = (value: string) => ({ column: 'searchableName', value, operation: 'Contains' });
const period = (value: number) => ({ column: 'period', value, operation: 'Equals' });

async function archive(userId: number, organizationId: number, cycleStart: string, cycleEnd: string): Promise<number> {
  const [r] = (await t.database.db.knex('compliance_reports').insert({
    user_id: userId, organization_id: organizationId, cycle_start: cycleStart, cycle_end: cycleEnd, status: 'Current',
    pdf: Buffer.from('%PDF-1.3 archived'), training_count: 1, generated_by: userId, created_at: new Date().toISOString(),
  }).returning('id')) as ({ id: number } | number)[];
  return Number(typeof r === 'object' ? r.id : r);
}

beforeAll(async () => {
  t = await startTestApp('jh'); // the locale with every role (tn has no 250, al no 300 or 375)
  acorns = await addOrganization(t, 'Little Acorns Learning Center', { county: 'Knox' });
  oaks = await addOrganization(t, 'Twin Oaks Preschool', { county: 'Knox' });
  await addOrganization(t, 'Blount Babies', { county: 'Blount', disabled: true });
  pat = await addPerson(t, 'Patricia', [{ role: '100' }, { role: '100', organizationId: acorns }]);
  sam = await addPerson(t, 'Samwise', [{ role: '100', organizationId: acorns }, { role: '100', organizationId: oaks }]);
  loner = await addPerson(t, 'Lonestar', [{ role: '100' }]);
  for (const role of ROLES) {
    const at = role === '200' ? [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }] : [{ role }];
    asRole[role] = await addPerson(t, `Role${role}`, at, role);
  }
  await archive(pat.id, acorns, '2023-07-01', '2024-07-01');
  lastCycleId = await archive(pat.id, acorns, '2024-07-01', '2025-07-01');
  await archive(sam.id, acorns, '2024-07-01', '2025-07-01');
  await archive(sam.id, oaks, '2024-07-01', '2025-07-01');
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('Search Users grid (entity 1, form 1, rows of entity 125)', () => {
  // a trainer (250) lists the rows of professionals (role 100) too: staff enrollment (rule findsPeopleToEnroll)
  it.each(ROLES)('role %s: the grid lists people only for 350, 375, 400 and 500, and professionals for 250', async (role) => {
    const res = await grid(asRole[role]!.token, [contains('samwise')]);
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res.body);
    const sees = ALLOWED.has(role) || role === '250';
    if (sees) expect(rows.map((r) => r.organizationName).sort()).toEqual(['Little Acorns Learning Center', 'Twin Oaks Preschool']);
    else expect(rows).toEqual([]);
    const total = (await summary(asRole[role]!.token, [contains('samwise')])).json<{ total: number }>().total;
    expect(total).toBe(sees ? 2 : 0);
  });

  it('finds people by any part of name, user name or registry id (Contains on searchableName)', async () => {
    const token = asRole['350']!.token;
    const byFirst = rowsOf((await grid(token, [contains('LONESTAR')])).body);
    expect(byFirst).toHaveLength(1);
    expect(byFirst[0]).toMatchObject({ userId: loner.id, fullName: 'Lonestar Tester', organizationId: null, has100Role: false });
    const registryId = (await t.database.db.knex('users').where({ id: pat.id }).first('registry_id') as { registry_id: string }).registry_id;
    expect(rowsOf((await grid(token, [contains(registryId.toLowerCase())])).body).map((r) => r.userId)).toEqual([pat.id]);
    expect(rowsOf((await grid(token, [contains(pat.userName.slice(0, 12))])).body).map((r) => r.userId)).toContain(pat.id);
    expect(rowsOf((await grid(token, [contains('tricia tes')])).body).map((r) => r.userId)).toEqual([pat.id]);
    expect(rowsOf((await grid(token, [contains('zzqx')])).body)).toEqual([]);
  });

  it('keeps the search name in step when a name changes', async () => {
    await t.database.db.knex('users').where({ id: loner.id }).update({ last_name: 'Renamed' });
    expect(rowsOf((await grid(asRole['400']!.token, [contains('lonestar renamed')])).body).map((r) => r.userId)).toEqual([loner.id]);
  });

  it("lists an agency's people with Equals on period (the organization), with the row flags the actions need", async () => {
    const rows = rowsOf((await grid(asRole['375']!.token, [period(acorns)], { to: 25 })).body);
    const people = rows.filter((r) => r.userId === pat.id || r.userId === sam.id);
    expect(people).toHaveLength(2);
    expect(people.every((r) => r.organizationId === acorns && r.has100Role === true && r.isRegistryOrganization === true && r.agencyIsClosed === false)).toBe(true);
    expect(people.every((r) => r.hasArchivedComplianceReports === true)).toBe(true);
    const both = rowsOf((await grid(asRole['375']!.token, [period(oaks), contains('samwise')])).body);
    expect(both.map((r) => [r.userId, r.organizationId])).toEqual([[sam.id, oaks]]);
  });

  it('shows a person without an agency once, and a person of an agency only with it', async () => {
    const rows = rowsOf((await grid(asRole['500']!.token, [contains('patricia')])).body);
    expect(rows.map((r) => r.organizationId)).toEqual([acorns]);
  });

  it('checks a term matching more than 5,000 people row by row (LIKE), the newest update and the capped total included', async () => {
    const k = t.database.db.knex;
    const now = new Date().toISOString();
    const people = Array.from({ length: 5_100 }, (_, i) => ({ user_name: `many${i}@bulk.registry.test`, email: `many${i}@bulk.registry.test`, first_name: 'Manyname', last_name: `Bulk${i}`, registry_id: `BULK${i}`, created_at: now, updated_at: now }));
    await k.batchInsert('users', people, 500);
    const ids = (await k('users').where('first_name', 'Manyname').pluck('id')) as number[];
    await k.batchInsert('user_roles', ids.map((id) => ({ user_id: id, role: '100', active: true, created_at: now, updated_at: now })), 500);
    const token = asRole['400']!.token;
    const rows = rowsOf((await grid(token, [contains('manyname')])).body);
    expect(rows.map((r) => r.fullName)).toEqual(['Manyname Bulk0', 'Manyname Bulk1', 'Manyname Bulk10', 'Manyname Bulk100', 'Manyname Bulk1000']);
    const sum = (await summary(token, [contains('manyname')])).json<{ total: number; totalCapped: boolean; maxUpdatedDate: string | null }>();
    expect([sum.total, sum.totalCapped]).toEqual([GRID_COUNT_CAP, true]);
    expect(sum.maxUpdatedDate).not.toBeNull();
    expect(rowsOf((await grid(token, [contains('manyname bulk4999')])).body).map((r) => r.fullName)).toEqual(['Manyname Bulk4999']);
  }, 60_000);

  it('refuses a filter on a column the grid does not have', async () => {
    const res = await grid(asRole['350']!.token, [{ column: 'email', value: 'x', operation: 'Contains' }]);
    expect(res.statusCode).toBe(400);
  });
});

describe('agency and county search (2 characters, county without agencies)', () => {
  it('answers nothing below 2 characters and matches from 2', async () => {
    const token = asRole['350']!.token;
    expect((await t.get('/api/userorganizationroles/agencysearch?searchString=L', token)).json()).toEqual([]);
    expect((await t.get('/api/userorganizationroles/countysearch?searchString=K', token)).json()).toEqual([]);
    expect((await t.get('/api/userorganizationroles/agencysearch?searchString=ac', token)).json()).toEqual(expect.arrayContaining([{ key: String(acorns), value: 'Little Acorns Learning Center' }]));
    expect((await t.get('/api/userorganizationroles/countysearch?searchString=kn', token)).json()).toEqual([{ key: 'Knox', value: 'Knox' }]);
  });

  it("lists a county's agencies and says when it has none", async () => {
    const token = asRole['350']!.token;
    expect((await t.get('/api/userorganizationroles/searchagencybycounty?county=Knox', token)).json<{ value: string }[]>().map((a) => a.value)).toEqual(['Little Acorns Learning Center', 'Twin Oaks Preschool']);
    const none = await t.get('/api/userorganizationroles/searchagencybycounty?county=Blount', token);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ message: string }>().message).toBe('No agencies found in Blount county.');
  });
});

describe('Agency Archives', () => {
  it.each(ROLES)('role %s: cycles of an agency and its archived members only for 350, 375, 400 and 500', async (role) => {
    const token = asRole[role]!.token;
    const cycles = await t.get(`/api/reporting/archivedcycles?organizationId=${acorns}&scope=organization`, token);
    const members = await t.post('/api/reporting/archivedmembers', { organizationId: acorns, cycleId: lastCycleId }, token);
    if (!ALLOWED.has(role)) {
      expect(cycles.statusCode).toBe(403);
      expect(members.statusCode).toBe(403);
      return;
    }
    expect(cycles.statusCode).toBe(200);
    expect(cycles.json<{ startDate: string }[]>().map((c) => c.startDate)).toEqual(['2024-07-01', '2023-07-01']);
    expect(members.statusCode).toBe(200);
    expect(members.json<{ userId: number; fullName: string; startDate: string; reportId: number }[]>().map((m) => [m.userId, m.startDate])).toEqual([[pat.id, '2024-07-01'], [sam.id, '2024-07-01']]);
  });

  it('answers 404 for a cycle of another agency or an unknown one, 400 for a bad id, and lists the older cycle', async () => {
    const token = asRole['350']!.token;
    expect((await t.post('/api/reporting/archivedmembers', { organizationId: oaks, cycleId: lastCycleId }, token)).statusCode).toBe(404);
    expect((await t.post('/api/reporting/archivedmembers', { organizationId: acorns, cycleId: 99999999 }, token)).statusCode).toBe(404);
    expect((await t.post('/api/reporting/archivedmembers', { organizationId: 99999999, cycleId: lastCycleId }, token)).statusCode).toBe(404);
    expect((await t.post('/api/reporting/archivedmembers', { organizationId: 'x', cycleId: lastCycleId }, token)).statusCode).toBe(400);
    expect((await t.get('/api/reporting/archivedcycles?scope=organization', token)).statusCode).toBe(400);
    const cycles = (await t.get(`/api/reporting/archivedcycles?organizationId=${acorns}&scope=organization`, token)).json<{ cycleId: number; startDate: string }[]>();
    const older = cycles.find((c) => c.startDate === '2023-07-01')!;
    const members = (await t.post('/api/reporting/archivedmembers', { organizationId: acorns, cycleId: older.cycleId }, token)).json<{ userId: number }[]>();
    expect(members.map((m) => m.userId)).toEqual([pat.id]);
  });
});
