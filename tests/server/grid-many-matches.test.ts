import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRID_COUNT_CAP } from '../../engine/grid/grid-request.js';
import { MANY_TEXT_VALUES } from '../../server/data/grid-filters.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A Contains term that more than MANY_TEXT_VALUES distinct values hold (people's names): the grid
 * checks rows with LIKE, and a grid sorted by the filtered field takes its page from the matching
 * values in order. Both must give exactly the rows, order, total and latest update a plain
 * reading of the data gives.
 */
const CROWD = MANY_TEXT_VALUES + 700;

let t: TestApp;
let admin: Person;
let state: Person;
let org: number;
interface Made { id: number; lastName: string; userName: string; searchable: string; updatedAt: string }
const made: Made[] = [];

beforeAll(async () => {
  t = await startTestApp('tn');
  org = await addOrganization(t, 'Crowded Learning Center');
  admin = await addPerson(t, 'Adminia', [{ role: 'AdminUser' }]);
  state = await addPerson(t, 'Statia', [{ role: '350' }]);
  const knex = t.database.db.knex;
  const base = Date.UTC(2024, 0, 1);
  const rows = Array.from({ length: CROWD }, (_, i) => {
    // names out of id order, so a page in name order is not a page in id order
    const n = (i * 7919) % CROWD;
    const lastName = `Qrowd${String(n).padStart(5, '0')}`;
    const userName = `qrowd.member${i}@crowd.registry.test`;
    return { user_name: userName, email: userName, first_name: 'Member', last_name: lastName, registry_id: `QC${String(i).padStart(7, '0')}`, confirmed: true, first_time: false, created_at: new Date(base).toISOString(), updated_at: new Date(base + ((i * 104729) % CROWD) * 60_000).toISOString() };
  });
  for (let i = 0; i < rows.length; i += 500) {
    const ids = (await knex('users').insert(rows.slice(i, i + 500)).returning('id')) as ({ id: number } | number)[];
    const now = new Date().toISOString();
    await knex('user_roles').insert(ids.map((r) => ({ user_id: Number(typeof r === 'object' ? r.id : r), role: '100', organization_id: org, active: true, created_at: now, updated_at: now })));
  }
  const stored = (await knex('users').where('last_name', 'like', 'Qrowd%').select('id', 'last_name', 'user_name', 'searchable_name', 'updated_at')) as { id: number; last_name: string; user_name: string; searchable_name: string; updated_at: string | Date }[];
  for (const r of stored) made.push({ id: Number(r.id), lastName: r.last_name, userName: r.user_name, searchable: r.searchable_name, updatedAt: new Date(r.updated_at).toISOString() });
}, 120_000);

afterAll(async () => {
  await t.close();
});

const rowsOf = (body: string) => (body === 'No Data' ? [] : (JSON.parse(body) as { gridData: Record<string, unknown>[] }).gridData);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newest = (list: Made[]) => list.map((m) => m.updatedAt).sort().at(-1);

describe('Manage Users: Contains on the sorted field, matched by more than 5,000 names', () => {
  const body = (extra: Record<string, unknown>) => ({ entityTypeId: 1, formId: 1, filterInfo: { column: 'lastName', value: 'qrowd', operation: 'Contains' }, ...extra });
  const expected = () => [...made].sort((a, b) => byText(a.lastName, b.lastName) || a.id - b.id);

  it.each([[1, 25], [26, 50], [4_001, 4_025]])('rows %i to %i in last-name order', async (from, to) => {
    const res = await t.post('/api/grid', body({ from, to }), admin.token);
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body).map((r) => r.id)).toEqual(expected().slice(from - 1, to).map((m) => m.id));
  });

  it('descending as well', async () => {
    const res = await t.post('/api/grid', body({ from: 1, to: 25, sortInfo: { column: 'lastName', direction: 'Descending' } }), admin.token);
    const desc = [...made].sort((a, b) => byText(b.lastName, a.lastName) || b.id - a.id);
    expect(rowsOf(res.body).map((r) => r.id)).toEqual(desc.slice(0, 25).map((m) => m.id));
  });

  it('a term fewer names hold, sorted by another field, goes on finding the same rows', async () => {
    const res = await t.post('/api/grid', body({ from: 1, to: 10, filterInfo: { column: 'lastName', value: 'qrowd0', operation: 'Contains' }, sortInfo: { column: 'userName', direction: 'Ascending' } }), admin.token);
    const want = made.filter((m) => m.lastName.toLowerCase().includes('qrowd0')).sort((a, b) => byText(a.userName, b.userName) || a.id - b.id);
    expect(rowsOf(res.body).map((r) => r.id)).toEqual(want.slice(0, 10).map((m) => m.id));
  });

  it('the summary counts up to the cap and names the latest update', async () => {
    const res = await t.post('/api/grid/summary', body({}), admin.token);
    const s = res.json<{ total: number; totalCapped: boolean; maxUpdatedDate: string }>();
    expect([s.total, s.totalCapped]).toEqual([GRID_COUNT_CAP, true]);
    expect(new Date(s.maxUpdatedDate).toISOString()).toBe(newest(made));
  });

  // 'qrowd00' holds nearly all of the first last names in order (the density sample) and
  // exactly GRID_COUNT_CAP of them in all: counted row by row, not capped
  // 'qrowd0000': 10 values, few enough for the probe to name them (FEW_TEXT_VALUES)
  it.each(['qrowd00', 'qrowd000', 'qrowd0000'])('the summary and first page of %s are exact, sample dense or not', async (term) => {
    const page = await t.post('/api/grid', body({ from: 1, to: 25, filterInfo: { column: 'lastName', value: term, operation: 'Contains' } }), admin.token);
    const sorted = made.filter((m) => m.lastName.toLowerCase().includes(term)).sort((a, b) => byText(a.lastName, b.lastName) || a.id - b.id);
    expect(rowsOf(page.body).map((r) => r.id)).toEqual(sorted.slice(0, 25).map((m) => m.id));
    const res = await t.post('/api/grid/summary', body({ filterInfo: { column: 'lastName', value: term, operation: 'Contains' } }), admin.token);
    const s = res.json<{ total: number; totalCapped: boolean; maxUpdatedDate: string }>();
    const want = made.filter((m) => m.lastName.toLowerCase().includes(term));
    expect([s.total, s.totalCapped]).toEqual([want.length, false]);
    expect(new Date(s.maxUpdatedDate).toISOString()).toBe(newest(want));
  });
});

describe('Search Users: Contains on the search name, matched by more than 5,000 people', () => {
  const body = (from: number, to: number) => ({ entityTypeId: 1, formId: 1, altGridId: 'search-users', from, to, defaultFilters: [{ column: 'searchableName', value: 'qrowd', operation: 'Contains' }] });

  it.each([[1, 5], [96, 100]])('rows %i to %i in search-name order, one per person at the agency', async (from, to) => {
    const res = await t.post('/api/grid', body(from, to), state.token);
    expect(res.statusCode).toBe(200);
    const want = [...made].sort((a, b) => byText(a.searchable, b.searchable));
    expect(rowsOf(res.body).map((r) => r.userId)).toEqual(want.slice(from - 1, to).map((m) => m.id));
  });

  it('the summary agrees', async () => {
    const s = (await t.post('/api/grid/summary', body(1, 5), state.token)).json<{ total: number; totalCapped: boolean; maxUpdatedDate: string }>();
    expect([s.total, s.totalCapped]).toEqual([GRID_COUNT_CAP, true]);
    expect(new Date(s.maxUpdatedDate).toISOString()).toBe(newest(made));
  });
});

describe('Search Users: a term most names hold, at a small agency of old accounts', () => {
  // the agency's people are the crowd's least recently updated: a walk from the newest person
  // would pass nearly everyone before reaching one of them
  let small: number;
  let members: Made[];
  beforeAll(async () => {
    small = await addOrganization(t, 'Small Old Center');
    members = [...made].sort((a, b) => byText(a.updatedAt, b.updatedAt)).slice(0, 30);
    const now = new Date().toISOString();
    await t.database.db.knex('user_roles').insert(members.map((m) => ({ user_id: m.id, role: '100', organization_id: small, active: true, created_at: now, updated_at: now })));
  });
  const at = () => ({ entityTypeId: 1, formId: 1, altGridId: 'search-users', from: 1, to: 5, defaultFilters: [{ column: 'period', value: small, operation: 'Equals' }, { column: 'searchableName', value: 'qrowd', operation: 'Contains' }] });

  it('the summary counts the agency\'s matches and names the newest of them', async () => {
    const s = (await t.post('/api/grid/summary', at(), state.token)).json<{ total: number; totalCapped: boolean; maxUpdatedDate: string }>();
    expect([s.total, s.totalCapped]).toEqual([30, false]);
    expect(new Date(s.maxUpdatedDate).toISOString()).toBe(newest(members));
  });

  it('the first page holds the agency\'s first five in search-name order', async () => {
    const res = await t.post('/api/grid', at(), state.token);
    const want = [...members].sort((a, b) => byText(a.searchable, b.searchable)).slice(0, 5);
    expect(rowsOf(res.body).map((r) => r.userId)).toEqual(want.map((m) => m.id));
  });
});
