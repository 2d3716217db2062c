import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrisCycleOn } from '../../engine/reports/qris-cycle.js';
import { todayIn } from '../../engine/rules/today.js';
import { insertRow } from '../../server/data/entity-store.js';
import { latticeFactsOf } from '../../server/data/lattice-facts-store.js';
import { demoUserName } from '../../server/commands/demo-users.js';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { contextOf } from '../../server/commands/seed-demo-work.js';
import { latticeOf, standingOfPerson } from '../../server/domain/lattice/lattice-standing.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The career lattice (issue 28 part 2, al): the level a person's VERIFIED, enabled records reach,
 * counted in SQL on SQLite and PostgreSQL; what the next level needs; a claimed level above the
 * records flagged to the reviewer; who may read a person's standing; the staff grid's levels.
 */

type Status = 'Approved' | 'Requested' | 'Rejected' | null;
interface Records {
  education?: [string, Status, boolean?][];
  credentials?: [string, Status][];
  /** hours, status, and whether dated before the current cycle */
  training?: [number, Status, boolean?][];
}

let t: TestApp;
let org: number;
let cycle: { startDate: string; endDate: string };
const people: Record<string, Person> = {};

async function give(p: Person, r: Records): Promise<void> {
  const { db } = t.database;
  const add = (entityTypeId: number, values: Record<string, unknown>, status: Status, disabled = false) => db.knex.transaction(async (trx) => {
    const id = await insertRow(trx, db, t.registry.entities.get(entityTypeId)!, { userId: p.id, ...values, verificationStatus: status, verified: status === 'Approved' }, p.id);
    if (disabled) {
      const entity = t.registry.entities.get(entityTypeId)!;
      await trx(entity.storage.kind === 'table' ? entity.storage.table : 'records').where({ id }).update({ disabled: true });
    }
    return id;
  });
  for (const [level, status, disabled] of r.education ?? []) await add(4, { educationLevel: level, school: 'Lattice State College', major: 'Early Childhood Education' }, status, disabled);
  for (const [name, status] of r.credentials ?? []) await add(7, { certificationType: 'Credential', certificationName: name, issuingBody: 'Council for Professional Recognition' }, status);
  for (const [hours, status, before] of r.training ?? []) {
    const date = before ? '2000-01-15' : cycle.startDate;
    await add(3, { trainingTitle: `Lattice Training ${hours}`, trainingProvider: 'Regional Training Center', dateCompleted: date, trainingHours: hours }, status);
  }
}

const HS = 'High School Diploma or GED';
/** Each person's records and the level they reach: every level, and the boundary cases. */
const PEOPLE: { key: string; records: Records; level: number | null; nextMissing: number }[] = [
  { key: 'none', records: {}, level: null, nextMissing: 1 },
  { key: 'hoursOneBelow', records: { training: [[4, 'Approved'], [3.5, 'Approved']] }, level: null, nextMissing: 1 },
  { key: 'level1', records: { training: [[5, 'Approved'], [3, 'Approved']] }, level: 1, nextMissing: 2 },
  { key: 'unverifiedHours', records: { training: [[8, 'Requested'], [12, 'Rejected'], [20, null]] }, level: null, nextMissing: 1 },
  { key: 'hoursBeforeCycle', records: { training: [[30, 'Approved', true]] }, level: null, nextMissing: 1 },
  { key: 'level2', records: { training: [[12, 'Approved']], education: [[HS, 'Approved']] }, level: 2, nextMissing: 1 },
  { key: 'level3', records: { training: [[20, 'Approved']], education: [[HS, 'Approved']] }, level: 3, nextMissing: 1 },
  { key: 'level4', records: { training: [[20, 'Approved']], education: [[HS, 'Approved']], credentials: [['Child Development Associate (CDA)', 'Approved']] }, level: 4, nextMissing: 1 },
  { key: 'level5', records: { training: [[20, 'Approved']], education: [["Associate's Degree", 'Approved']] }, level: 5, nextMissing: 1 },
  { key: 'level6', records: { training: [[20, 'Approved']], education: [["Bachelor's Degree", 'Approved']] }, level: 6, nextMissing: 1 },
  { key: 'level7', records: { training: [[20, 'Approved']], education: [["Bachelor's Degree", 'Approved']], credentials: [['Early Childhood Director Credential', 'Approved']] }, level: 7, nextMissing: 1 },
  { key: 'level8', records: { training: [[20, 'Approved']], education: [["Master's Degree", 'Approved'], [HS, 'Approved']], credentials: [['Director Credential', 'Approved']] }, level: 8, nextMissing: 0 },
  // a degree that does not count: asked for, declined, disabled
  { key: 'unverifiedDegree', records: { training: [[20, 'Approved']], education: [["Master's Degree", 'Requested'], [HS, 'Approved']] }, level: 3, nextMissing: 1 },
  { key: 'declinedDegree', records: { training: [[20, 'Approved']], education: [["Master's Degree", 'Rejected'], [HS, 'Approved']] }, level: 3, nextMissing: 1 },
  { key: 'disabledDegree', records: { training: [[20, 'Approved']], education: [["Master's Degree", 'Approved', true], [HS, 'Approved']] }, level: 3, nextMissing: 1 },
  { key: 'declinedCredential', records: { training: [[20, 'Approved']], education: [[HS, 'Approved']], credentials: [['Child Development Associate (CDA)', 'Rejected']] }, level: 3, nextMissing: 1 },
];

beforeAll(async () => {
  t = await startTestApp('al');
  cycle = qrisCycleOn(todayIn(t.registry.tenant.timeZone), t.registry.tenant.qrisCycle);
  org = await addOrganization(t, 'Lattice Learning Center');
  const other = await addOrganization(t, 'Elsewhere Early Learning');
  people.D1 = await addPerson(t, 'Dora', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }], '200');
  people.D2 = await addPerson(t, 'Dale', [{ role: '100', organizationId: other }, { role: '200', organizationId: other }], '200');
  people.B = await addPerson(t, 'Bea', [{ role: '100', organizationId: other }]);
  for (const p of PEOPLE) {
    people[p.key] = await addPerson(t, `L${p.key}`, [{ role: '100', organizationId: org }]);
    await give(people[p.key]!, p.records);
  }
}, 120_000);

afterAll(async () => { await t?.close(); });

describe('the level computed from verified records (SQL on this database)', () => {
  it.each(PEOPLE)('$key reaches level $level', async ({ key, level, nextMissing }) => {
    const res = await t.get('/api/career-lattice/standing', people[key]!.token);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<{ computed: { id: number } | null; next: { id: number; missing: string[] } | null }>();
    expect(s.computed?.id ?? null).toBe(level);
    expect(s.next?.id ?? null).toBe(level === 8 ? null : (level ?? 0) + 1);
    expect(s.next?.missing.length ?? 0).toBe(nextMissing);
  });

  it('one query for many people gives what each person\'s own gives', async () => {
    const { lattice, sources } = latticeOf(t.app.ctx);
    const ids = PEOPLE.map((p) => people[p.key]!.id);
    const all = await latticeFactsOf(t.database.db, lattice, sources, ids, cycle);
    for (const id of ids) {
      const one = await latticeFactsOf(t.database.db, lattice, sources, [id], cycle);
      expect(all.get(id) ?? null).toEqual(one.get(id) ?? null);
    }
    expect(all.get(people.level1!.id)?.cycleHours).toBe(8);
    expect(all.get(people.level4!.id)?.credentials).toEqual(['child development associate (cda)']);
  });

  it('names what the next level needs in sentences', async () => {
    const s = (await t.get('/api/career-lattice/standing', people.hoursOneBelow!.token)).json<{ next: { missing: string[] } }>();
    expect(s.next.missing).toEqual(['Complete at least 8 hours of verified training in the current cycle (you have 7.5).']);
  });
});

describe('who reads a person\'s standing', () => {
  it.each([
    ['B', 403], ['D2', 403], ['D1', 200],
  ] as const)('%s asking for another person\'s: %s', async (who, status) => {
    const res = await t.get(`/api/career-lattice/standing?userId=${people.level3!.id}`, people[who]!.token);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(res.json<{ computed: { id: number } }>().computed.id).toBe(3);
    else expect(res.body).not.toContain('Level 3');
  });

  it('refuses a caller who is not signed in before reading the query', async () => {
    expect((await t.get('/api/career-lattice/standing?userId=abc')).statusCode).toBe(401);
  });
});

describe('a claimed level above the records', () => {
  let claimId = 0;
  it('is flagged in the person\'s row, the standing and the reviewer\'s verification requests', async () => {
    const p = people.level3!;
    const saved = await t.post('/api/form/formresponse', { response: { formId: 28, elementResponses: [{ formElementId: 28001, value: '5' }, { formElementId: 28002, value: cycle.startDate }, { formElementId: 28003, value: 'Working toward my associate degree.' }] }, primaryEntity: { Id: p.id, EntityTypeId: 1 } }, p.token);
    expect(saved.statusCode, saved.body).toBe(200);
    claimId = saved.json<{ Id: number }>().Id;
    const s = (await t.get('/api/career-lattice/standing', p.token)).json<{ current: { level: string; currentLevel: string }; claimAbove: boolean }>();
    expect(s.current).toMatchObject({ level: 'Level 5', currentLevel: '5' });
    expect(s.claimAbove).toBe(true);

    const own = await t.post('/api/grid', { from: 1, to: 5, entityTypeId: 31, formId: 28, primaryEntity: { Id: p.id, EntityTypeId: 1 } }, p.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ gridData: Record<string, unknown>[] }>().gridData[0]).toMatchObject({ level: 'Level 5', computedLevel: 'Level 3', claimAboveRecords: 'Claimed above records' });

    const asked = await t.post('/api/workflow/transition', { entityTypeId: 31, entityId: claimId, transition: 'request', comment: null }, p.token);
    expect(asked.statusCode, asked.body).toBe(200);
    const review = await t.post('/api/grid', { from: 1, to: 50, entityTypeId: 15, formId: 19, defaultFilters: [{ column: 'status', value: 'Requested', operation: 'Equals' }] }, people.D1!.token);
    expect(review.statusCode, review.body).toBe(200);
    const row = review.json<{ gridData: Record<string, unknown>[] }>().gridData.find((r) => r.entityTypeId === 31 && r.entityId === claimId);
    expect(row?.careerLatticeCheck).toBe('Claims Level 5; records reach Level 3');
  });

  it('is not flagged at or below the records', async () => {
    const p = people.level6!;
    const saved = await t.post('/api/form/formresponse', { response: { formId: 28, elementResponses: [{ formElementId: 28001, value: '6' }] }, primaryEntity: { Id: p.id, EntityTypeId: 1 } }, p.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.get('/api/career-lattice/standing', p.token)).json<{ claimAbove: boolean }>().claimAbove).toBe(false);
  });

  const ref = () => [{ Id: claimId, EntityTypeId: 31 }];
  const calls = [
    ['reads it', (tok: string) => t.post('/api/form', { formid: 28, entities: ref() }, tok)],
    ['changes it', (tok: string) => t.post('/api/form/formresponse', { response: { formId: 28, elementResponses: [{ formElementId: 28001, value: '8' }] }, entities: ref() }, tok)],
    ['deletes it', (tok: string) => t.post('/api/grid/delete', { entityTypeId: 31, entityId: claimId }, tok)],
    ['verifies it', (tok: string) => t.post('/api/workflow/transition', { entityTypeId: 31, entityId: claimId, transition: 'verify', comment: null }, tok)],
  ] as const;
  it.each(calls)('another person\'s claimed level: B and another director are refused when it %s', async (_name, call) => {
    for (const who of ['B', 'D2'] as const) {
      const res = await call(people[who]!.token);
      expect([403, 404], res.body).toContain(res.statusCode);
      expect(res.body).not.toContain('associate degree');
    }
    const row = await t.database.db.knex('records').where({ id: claimId }).first();
    expect(typeof row.data === 'string' ? JSON.parse(row.data) : row.data).toMatchObject({ level: 'Level 5', verificationStatus: 'Requested' });
  });

  it('the person\'s director reads it', async () => {
    const res = await t.post('/api/form', { formid: 28, entities: ref() }, people.D1!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('associate degree');
  });
});

describe('the staff grid lists computed levels (row scope as before)', () => {
  it('the director sees the staff of the organization with their levels, nobody else', async () => {
    const res = await t.post('/api/grid', { from: 1, to: 50, entityTypeId: 1, formId: 1, altGridId: 'organization-users', defaultFilters: [{ column: 'organizationId', value: org, operation: 'Equals' }] }, people.D1!.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ gridData: { userId: number; careerLatticeLevel: string }[] }>().gridData;
    const level = (key: string) => rows.find((r) => r.userId === people[key]!.id)?.careerLatticeLevel;
    expect(level('level8')).toBe('Level 8');
    expect(level('level4')).toBe('Level 4');
    expect(level('none')).toBe('Below Level 1');
    expect(rows.some((r) => r.userId === people.B!.id)).toBe(false);
  });

  it('the child care consultant (350) sees the same staff with the same levels (View Facility reads this grid)', async () => {
    const consultant = await addPerson(t, 'Cara', [{ role: '350' }], '350');
    const res = await t.post('/api/grid', { from: 1, to: 50, entityTypeId: 1, formId: 1, altGridId: 'organization-users', primaryEntity: { Id: org, EntityTypeId: 2 } }, consultant.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ gridData: { userId: number; careerLatticeLevel: string }[] }>().gridData;
    const level = (key: string) => rows.find((r) => r.userId === people[key]!.id)?.careerLatticeLevel;
    expect(level('level8')).toBe('Level 8');
    expect(level('level3')).toBe('Level 3');
    expect(level('unverifiedHours')).toBe('Below Level 1');
  });

  it('another director does not list them', async () => {
    const res = await t.post('/api/grid', { from: 1, to: 50, entityTypeId: 1, formId: 1, altGridId: 'organization-users', defaultFilters: [{ column: 'organizationId', value: org, operation: 'Equals' }] }, people.D2!.token);
    const rows = res.statusCode === 200 && res.body !== 'No Data' ? res.json<{ gridData: { userId: number }[] }>().gridData : [];
    expect(rows.some((r) => r.userId === people.level8!.id)).toBe(false);
  });

  it('a computed column is neither sorted nor filtered on', async () => {
    const res = await t.post('/api/grid', { from: 1, to: 5, entityTypeId: 31, formId: 28, sortInfo: { column: 'computedLevel', direction: 'Ascending' } }, people.level1!.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('the al demo', () => {
  it('has the demo professional\'s verified records reaching a level and a claimed level above it waiting for review', async () => {
    const demo = await startTestApp('al');
    try {
      await seedDemo(demo.app.ctx);
      const pro = (await demo.database.db.knex('users').where({ user_name: demoUserName('100') }).first('id')) as { id: number };
      const director = (await demo.database.db.knex('users').where({ user_name: demoUserName('200') }).first('id')) as { id: number };
      const s = await standingOfPerson(demo.app.ctx, await contextOf(demo.app.ctx, director.id, '200'), pro.id);
      expect(s.computed?.id).toBeGreaterThanOrEqual(1);
      expect(s.current).toMatchObject({ level: 'Level 4', currentLevel: '4', verificationStatus: 'Requested' });
      expect(s.claimAbove).toBe(true);
      const waiting = await demo.database.db.knex('verifications').where({ entity_type_id: 31, primary_entity_id: pro.id, status: 'Requested' });
      expect(waiting).toHaveLength(1);
    } finally {
      await demo.close();
    }
  }, 90_000);
});
