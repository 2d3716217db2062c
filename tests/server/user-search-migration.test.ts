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
