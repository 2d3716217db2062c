import type { FastifyInstance } from 'fastify';
import { GRID_COUNT_CAP, type GridRequest } from '../../engine/grid/grid-request.js';
import type { Dialect } from '../../server/data/db.js';
import { measure, type BareSql, type Timing } from './bench-measure.js';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Scenario {
  name: string;
  token: string;
  body: GridRequest;
  /** the same page, count (capped) and latest update written by hand */
  bare: BareQueries;
}

export interface ScenarioResult {
  name: string;
  /** the grid page and the summary, one after the other (what a grid's first load costs) */
  e2e: Timing;
  /** each request on its own */
  page: Timing;
  summary: Timing;
  bare: Timing;
  total: string;
  rows: number;
}

const COLUMNS = 'id, user_id, education_level, school, major, degree_status, start_date, end_date, credit_hours, file_key, verification_status, verified, disabled, created_at, updated_at, created_by, updated_by';
/** the API's count cap: the bare count stops where it does */
export const CAP = GRID_COUNT_CAP;

function order(dialect: Dialect): string {
  return dialect === 'pg' ? 'end_date desc nulls last, id desc nulls last' : 'end_date desc, id desc';
}

export interface BareQueries {
  /** statements the app runs before the page (the capped probe that picks the Contains plan) */
  before: Statement[];
  page: Statement;
  count: Statement;
  max: Statement;
}

export function allStatements(b: BareQueries): Statement[] {
  return [...b.before, b.page, b.count, b.max];
}

/**
 * The same SQL the grid layer runs, written by hand: the page (deferred join from offset 1,000),
 * the capped count and the latest update (SQLite: max(+updated_at) for one person's rows).
 */
export function bareStatements(dialect: Dialect, where: string, params: unknown[], limit: number, offset: number, owner = false): BareQueries {
  const page = offset >= 1_000
    ? `select ${COLUMNS} from education where id in (select id from education where ${where} order by ${order(dialect)} limit ${limit} offset ${offset}) order by ${order(dialect)}`
    : `select ${COLUMNS} from education where ${where} order by ${order(dialect)} limit ${limit} offset ${offset}`;
  return {
    before: [],
    page: { sql: page, params },
    count: { sql: `select count(*) as c from (select 1 from education where ${where} limit ${CAP + 1}) capped`, params },
    max: { sql: `select max(${owner && dialect === 'sqlite' ? '+' : ''}updated_at) as m from education where ${where}`, params },
  };
}

/** The distinct indexed values containing the term, as text-index.ts looks them up. */
function valuesMatching(dialect: Dialect, term: string): { sql: string; params: unknown[] } {
  const head = "select value from text_index where entity_type_id = 4 and field = 'school' and ";
  if (dialect === 'sqlite' && [...term].length >= 3) return { sql: `${head}id in (select rowid from text_index_fts where text_index_fts match ?)`, params: [`"${term.toLowerCase()}"`] };
  return { sql: `${head}value_lc like ? escape '\\'`, params: [`%${term.toLowerCase()}%`] };
}

/** Contains on school as the grid layer runs it: probe, then fetch-and-sort or a checked index walk; max per value. */
export async function bareContains(dialect: Dialect, bare: BareSql, term: string): Promise<BareQueries> {
  const v = valuesMatching(dialect, term);
  const where = `disabled = false and school in (${v.sql})`;
  const probe = { sql: `select count(*) as c from (select 1 from education where ${where} limit 5001) probe`, params: v.params };
  const few = Number((await bare.query(probe.sql, probe.params))[0]!.c) <= 5_000;
  const page = few
    ? `select ${COLUMNS} from education where id in (select id from education where ${where}) order by ${order(dialect)} limit 25 offset 0`
    : `select ${COLUMNS} from education where disabled = false and ${dialect === 'sqlite' ? `+school in (${v.sql})` : `school = any(array(${v.sql}))`} order by ${order(dialect)} limit 25 offset 0`;
  return {
    before: [probe],
    page: { sql: page, params: v.params },
    count: { sql: `select count(*) as c from (select 1 from education where ${where} limit ${CAP + 1}) capped`, params: v.params },
    max: { sql: `select max((select max(updated_at) from education where disabled = false and school = tv.value)) as m from (${v.sql}) tv`, params: v.params },
  };
}

async function inject(app: FastifyInstance, url: string, token: string, body: GridRequest): Promise<string> {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.body;
}

interface Summary { total: number; totalCapped: boolean; maxUpdatedDate: string | null }

function iso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
}

/** One pass through the API and the bare SQL: the same ids in the same order, the same total and latest update. */
async function check(app: FastifyInstance, bare: BareSql, s: Scenario): Promise<{ total: string; rows: number }> {
  const page = await inject(app, '/api/grid', s.token, s.body);
  const summary = JSON.parse(await inject(app, '/api/grid/summary', s.token, s.body)) as Summary;
  const apiIds = page === 'No Data' ? [] : (JSON.parse(page) as { gridData: { id: number }[] }).gridData.map((r) => r.id);
  const run = (st: Statement) => bare.query(st.sql, st.params);
  const [rows, count, max] = [await run(s.bare.page), await run(s.bare.count), await run(s.bare.max)];
  const bareIds = rows.map((r) => Number(r.id));
  const c = Number(count[0]!.c);
  const problems: string[] = [];
  if (apiIds.join() !== bareIds.join()) problems.push(`rows differ: api ${apiIds.slice(0, 5).join()} bare ${bareIds.slice(0, 5).join()}`);
  if (summary.total !== Math.min(c, CAP) || summary.totalCapped !== c > CAP) problems.push(`total differs: api ${summary.total}${summary.totalCapped ? '+' : ''} bare ${c}`);
  if (iso(summary.maxUpdatedDate) !== iso(max[0]!.m)) problems.push(`maxUpdatedDate differs: api ${summary.maxUpdatedDate} bare ${String(max[0]!.m)}`);
  if (problems.length) throw new Error(`${s.name}: ${problems.join('; ')}`);
  return { total: summary.totalCapped ? `${summary.total.toLocaleString('en-US')}+` : String(summary.total), rows: apiIds.length };
}

export async function runScenario(app: FastifyInstance, bare: BareSql, s: Scenario): Promise<ScenarioResult> {
  const checked = await check(app, bare, s);
  const e2e = await measure(async () => {
    await inject(app, '/api/grid', s.token, s.body);
    await inject(app, '/api/grid/summary', s.token, s.body);
  });
  const page = await measure(async () => { await inject(app, '/api/grid', s.token, s.body); });
  const summary = await measure(async () => { await inject(app, '/api/grid/summary', s.token, s.body); });
  const bareTiming = await measure(async () => {
    for (const st of allStatements(s.bare)) await bare.query(st.sql, st.params);
  });
  return { name: s.name, e2e, page, summary, bare: bareTiming, ...checked };
}
