import type { Dialect } from '../../server/data/db.js';
import { CAP, type BareQueries, type Scenario } from './bench-scenarios.js';

/**
 * Manage Users (grid manage-users: entity 1, form 1, rows of the view manage_user_rows) on the
 * bench's people: the first page by last name, a deep page, and Contains on the text-indexed last
 * name and registry ID, each with the bare SQL the grid layer should run.
 */
const PAGE = 25;
const VIEW = 'manage_user_rows';

function order(d: Dialect): string {
  return d === 'pg' ? 'last_name asc nulls first, id asc nulls first' : 'last_name asc, id asc';
}

function valuesMatching(d: Dialect, field: string, term: string): { sql: string; params: unknown[] } {
  const head = `select value from text_index where entity_type_id = 181 and field = '${field}' and `;
  if (d === 'sqlite' && [...term].length >= 3) return { sql: `${head}id in (select rowid from text_index_fts where text_index_fts match ?)`, params: [`"${term.toLowerCase()}"`] };
  return { sql: `${head}value_lc like ? escape '\\'`, params: [`%${term.toLowerCase()}%`] };
}

function bareList(d: Dialect, offset: number): BareQueries {
  const where = 'disabled = false';
  const page = offset >= 1_000
    ? `select id from ${VIEW} where id in (select id from ${VIEW} where ${where} order by ${order(d)} limit ${PAGE} offset ${offset}) order by ${order(d)}`
    : `select id from ${VIEW} where ${where} order by ${order(d)} limit ${PAGE} offset ${offset}`;
  return {
    before: [],
    page: { sql: page, params: [] },
    count: { sql: `select count(*) as c from (select 1 from ${VIEW} where ${where} limit ${CAP + 1}) capped`, params: [] },
    max: { sql: `select max(updated_at) as m from ${VIEW} where ${where}`, params: [] },
  };
}

/** Few matching values: their rows through the column's index, sorted; the latest update per value. */
function bareContains(d: Dialect, field: string, column: string, term: string): BareQueries {
  const v = valuesMatching(d, field, term);
  const where = `disabled = false and ${column} in (${v.sql})`;
  return {
    before: [{ sql: `select count(*) as c from (select 1 from ${VIEW} where ${where} limit 5001) probe`, params: v.params }],
    page: { sql: `select id from ${VIEW} where id in (select id from ${VIEW} where ${where}) order by ${order(d)} limit ${PAGE}`, params: v.params },
    count: { sql: `select count(*) as c from (select 1 from ${VIEW} where ${where} limit ${CAP + 1}) capped`, params: v.params },
    max: { sql: `select max((select max(updated_at) from users where disabled = false and ${column} = tv.value)) as m from (${v.sql}) tv`, params: v.params },
  };
}

export function manageUsersScenarios(d: Dialect, adminToken: string, people: number): Scenario[] {
  const body = { entityTypeId: 1, formId: 1, from: 1, to: PAGE };
  const deep = Math.max(0, Math.floor(people / 2));
  const lastName = `person${Math.floor(people / 3)}`;
  const registryId = `tb${String(Math.floor(people / 7)).padStart(7, '0').slice(0, 6)}`;
  return [
    { name: 'Manage Users page 1 by last name', token: adminToken, body, bare: bareList(d, 0) },
    { name: `Manage Users deep page (from ${(deep + 1).toLocaleString('en-US')})`, token: adminToken, body: { ...body, from: deep + 1, to: deep + PAGE }, bare: bareList(d, deep) },
    { name: `Manage Users Contains last name '${lastName}'`, token: adminToken, body: { ...body, filterInfo: { column: 'lastName', value: lastName, operation: 'Contains' } }, bare: bareContains(d, 'lastName', 'last_name', lastName) },
    { name: `Manage Users Contains registry ID '${registryId}'`, token: adminToken, body: { ...body, filterInfo: { column: 'registryId', value: registryId, operation: 'Contains' } }, bare: bareContains(d, 'registryId', 'registry_id', registryId) },
  ];
}
