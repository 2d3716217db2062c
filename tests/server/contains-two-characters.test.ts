import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Contains with a 2-character term goes through the values' 2-character pieces (migration 035:
 * SQLite text_index_bigrams, PostgreSQL a GIN index of text_bigrams): it finds exactly what a
 * plain reading of the names finds, wherever the piece stands, whatever characters it holds, for
 * names written by any path (the users' triggers, a rename, values there before the migration).
 */
let t: TestApp;
let admin: Person;
let state: Person;
const FIRST_NAMES = ['Zqara', 'Abzq', 'Mazqazq', 'Per%cent', 'Under_score', 'Zoë', 'Quinn', 'Lo'];
const people: Person[] = [];

const rowsOf = (body: string) => (body === 'No Data' ? [] : (JSON.parse(body) as { gridData: Record<string, unknown>[] }).gridData);
const manageUsers = (value: string) => ({ entityTypeId: 1, formId: 1, from: 1, to: 100, filterInfo: { column: 'firstName', value, operation: 'Contains' } });
const searchUsers = (value: string) => ({ entityTypeId: 1, formId: 1, altGridId: 'search-users', from: 1, to: 100, defaultFilters: [{ column: 'searchableName', value, operation: 'Contains' }] });

async function firstNamesFound(value: string): Promise<string[]> {
  const res = await t.post('/api/grid', manageUsers(value), admin.token);
  expect(res.statusCode, res.body).toBe(200);
  const total = (await t.post('/api/grid/summary', manageUsers(value), admin.token)).json<{ total: number }>().total;
  const names = rowsOf(res.body).map((r) => String(r.firstName)).sort();
  expect(total).toBe(names.length);
  return names;
}

const holding = (value: string) => ['Adminia', 'Statia', ...FIRST_NAMES].filter((n) => n.toLowerCase().includes(value.toLowerCase())).sort();

beforeAll(async () => {
  t = await startTestApp('tn');
  const org = await addOrganization(t, 'Pieces Learning Center');
  admin = await addPerson(t, 'Adminia', [{ role: 'AdminUser' }]);
  state = await addPerson(t, 'Statia', [{ role: '350' }]);
  // first names an e-mail address cannot hold: written as a profile change would be, through the users' triggers
  for (const name of FIRST_NAMES) {
    const p = await addPerson(t, 'Piece', [{ role: '100', organizationId: org }]);
    await t.database.db.knex('users').where({ id: p.id }).update({ first_name: name });
    people.push(p);
  }
}, 60_000);
afterAll(async () => { await t.close(); });

describe('Manage Users: Contains on the first name with 2 characters', () => {
  it.each(['zq', 'ZQ', 'qa', 'ar', 'r%', '%c', '_s', 'r_', 'ë', 'oë', 'lo', 'xx'])('%s finds exactly the names holding it', async (term) => {
    expect(await firstNamesFound(term)).toEqual(holding(term));
  });

  it('a renamed person is found by the new name and no longer by the old one', async () => {
    const quinn = people[FIRST_NAMES.indexOf('Quinn')]!;
    await t.database.db.knex('users').where({ id: quinn.id }).update({ first_name: 'Qvinnzq' });
    expect(await firstNamesFound('nz')).toEqual(['Qvinnzq']);
    expect(await firstNamesFound('ui')).toEqual(holding('ui').filter((n) => n !== 'Quinn'));
    await t.database.db.knex('users').where({ id: quinn.id }).update({ first_name: 'Quinn' });
  });
});

describe('Search Users: Contains on the search name with 2 characters', () => {
  it.each(['zq', 'r%', '@p'])('%s finds the staff whose name, user name or registry id holds it', async (term) => {
    const res = await t.post('/api/grid', searchUsers(term), state.token);
    expect(res.statusCode, res.body).toBe(200);
    const found = rowsOf(res.body).map((r) => Number(r.userId)).sort((a, b) => a - b);
    const stored = (await t.database.db.knex('users').whereIn('id', people.map((p) => p.id)).select('id', 'searchable_name')) as { id: number; searchable_name: string }[];
    expect(found).toEqual(stored.filter((s) => s.searchable_name.includes(term.toLowerCase())).map((s) => Number(s.id)).sort((a, b) => a - b));
  });
});

describe('migration 035', () => {
  it('goes down and up again, and the names already there are found by their pieces', async () => {
    await t.database.db.knex.migrate.down({ migrationSource, name: '035-text-index-bigrams' });
    const late = await addPerson(t, 'Wyzqlate', [{ role: '100' }]);
    await t.database.db.knex.migrate.latest({ migrationSource });
    expect(await firstNamesFound('yz')).toEqual(['Wyzqlate']);
    expect(await firstNamesFound('zq')).toEqual([...holding('zq'), 'Wyzqlate'].sort());
    expect(late.id).toBeGreaterThan(0);
  });
});
