import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { addPerson } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Migration 021 (Search Users) goes down and up again on both databases, and fills the search name of people already there. */

let t: TestApp;
const knex = () => t.database.db.knex;
const columns = async (table: string) => Object.keys(await knex()(table).columnInfo());

beforeAll(async () => { t = await startTestApp('tn'); });
afterAll(async () => { await t.close(); });

it('down removes the search name, its triggers and the view; up brings them back for existing people', async () => {
  const p = await addPerson(t, 'Quentin', [{ role: '100' }]);
  // 036 keeps a copy of the search name on each role row: it goes down first, as it came after
  await knex().migrate.down({ migrationSource, name: '036-user-search-order' });
  expect(await columns('user_roles')).not.toContain('searchable_name');
  await knex().migrate.down({ migrationSource, name: '021-user-search' });
  expect(await columns('users')).not.toContain('searchable_name');
  expect(Number(((await knex()('text_index').where({ entity_type_id: 125 }).count({ c: '*' }).first()) as { c: number | string }).c)).toBe(0);
  await knex()('users').where({ id: p.id }).update({ last_name: 'Downstairs' });
  await knex().migrate.latest({ migrationSource });
  const row = (await knex()('users').where({ id: p.id }).first('searchable_name')) as { searchable_name: string };
  expect(row.searchable_name).toMatch(/^quentin downstairs quentin\d+@people\.registry\.test /);
  const view = (await knex()('user_search_rows').where({ user_id: p.id }).first()) as Record<string, unknown>;
  expect(view).toMatchObject({ searchable_name: row.searchable_name });
  const index = (await knex()('text_index').where({ entity_type_id: 125, field: 'searchableName', value: row.searchable_name }).first('id')) as { id: number } | undefined;
  expect(index).toBeDefined();
});

it('each role row keeps its person\'s search name, however the person or the role is written (036)', async () => {
  const p = await addPerson(t, 'Rosalind', [{ role: '100' }]);
  const roleNames = async () => ((await knex()('user_roles').where({ user_id: p.id }).orderBy('id').select('searchable_name')) as { searchable_name: string | null }[]).map((r) => r.searchable_name);
  const personName = async () => ((await knex()('users').where({ id: p.id }).first('searchable_name')) as { searchable_name: string }).searchable_name;
  expect(await roleNames()).toEqual([await personName()]);
  await knex()('users').where({ id: p.id }).update({ last_name: 'Renamed', registry_id: 'TN0000036' });
  const renamed = await personName();
  expect(renamed).toMatch(/^rosalind renamed .* tn0000036$/);
  const org = Number(((await knex()('organizations').insert({ organization_name: 'Copy Check Center', created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).returning('id')) as ({ id: number } | number)[]).map((r) => (typeof r === 'object' ? r.id : r))[0]);
  await knex()('user_roles').insert({ user_id: p.id, role: '100', organization_id: org, active: true, created_at: new Date().toISOString(), updated_at: new Date().toISOString() });
  expect(await roleNames()).toEqual([renamed, renamed]);
  const rows = (await knex()('user_search_rows').where({ user_id: p.id }).select('searchable_name', 'period')) as { searchable_name: string; period: number | null }[];
  expect(rows).toEqual([{ searchable_name: renamed, period: org }]);
  await knex()('users').where({ id: p.id }).update({ first_name: 'Rosa' });
  expect(new Set(await roleNames())).toEqual(new Set([await personName()]));
});
