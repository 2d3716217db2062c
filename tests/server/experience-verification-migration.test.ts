import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationSource } from '../../migrations/index.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Migration 015 (experience verification) goes down to the view of 014 and up again, on both databases. */

let t: TestApp;
const knex = () => t.database.db.knex;
const columns = async (table: string) => Object.keys(await knex()(table).columnInfo());

beforeAll(async () => { t = await startTestApp('tn'); });
afterAll(async () => { await t.close(); });

it('down removes the verification columns and keeps the view of 014; up brings them back', async () => {
  expect(await columns('employment_record_rows')).toEqual(expect.arrayContaining(['verification_status', 'verified', 'primary_entity_name', 'has_archived_compliance_reports']));
  await knex().migrate.down({ migrationSource, name: '015-experience-verification' });
  expect(await columns('employment_records')).not.toContain('verified');
  const view = await columns('employment_record_rows');
  expect(view).toContain('has_archived_compliance_reports');
  expect(view.filter((c) => ['verification_status', 'verified', 'primary_entity_name'].includes(c))).toEqual([]);
  await knex().migrate.latest({ migrationSource });
  expect(await columns('employment_records')).toEqual(expect.arrayContaining(['verification_status', 'verified']));
  expect(await columns('employment_record_rows')).toEqual(expect.arrayContaining(['verification_status', 'verified', 'primary_entity_name']));
});
