import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp, registryFor } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createUser } from '../../server/domain/identity.js';
import type { GridRequest } from '../../engine/grid/grid-request.js';
import { benchDatabase } from './bench-database.js';
import { httpLoadFromChild, type HttpResult } from './bench-http.js';
import { loadPostgres, loadSqlite } from './bench-load.js';
import { bareSqlite, barePostgres, fmt, measure } from './bench-measure.js';
import { floorServer } from './bench-floor.js';
import { allStatements, bareContains, bareStatements, runScenario, type Scenario, type ScenarioResult } from './bench-scenarios.js';
import { manageUsersScenarios } from './bench-manage-users.js';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const ROWS_PER_PERSON = 10;
const PASSWORD = 'Bench-Password-1';
const CONTAINS_TERMS = (process.env.BENCH_TERMS ?? 'university,jasper medical,ch,xyzzy').split(',');
/** ours and the floor measured alternately this many times each, for this many seconds each */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 6);
/** 1: only the HTTP load against the floor (no in-process scenarios, no Search Users) */
const HTTP_ONLY = process.env.BENCH_HTTP_ONLY === '1' || Boolean(process.env.BENCH_PROFILE);
/** own, admin, floor-own or floor-admin: only ours (or the floor) on that page for one round, for a CPU profile */
const PROFILE = process.env.BENCH_PROFILE;
const SECRET = 'bench-secret-that-is-long-enough-for-hs256';

type Served = HttpResult & { cpuMicros: number };

/** The HTTP load on a port: this process's CPU (the server's; the load generator runs in its own) per request served. */
async function served(port: number, token: string, body: GridRequest, seconds = ROUND_SECONDS): Promise<Served> {
  const before = process.cpuUsage();
  const h = await httpLoadFromChild(port, token, body, 20, seconds);
  const used = process.cpuUsage(before);
  return { ...h, cpuMicros: (used.user + used.system) / Math.max(1, h.sent) };
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const database = await benchDatabase();
  const { db } = database;
  log(`database: ${db.dialect} ${database.location}; ${PEOPLE.toLocaleString('en-US')} people x ${ROWS_PER_PERSON} education rows`);
  const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'tn', JWT_SECRET: SECRET }), databaseUrl: database.databaseUrl };
  const registry = registryFor(config);
  const app = await buildApp({ config, db, registry });
  try {
    const newUser = (email: string, role: string) => createUser(db.knex, registry, { email, password: PASSWORD, firstName: 'Bench', lastName: 'Signin', roles: [{ role }], confirmed: true, firstTime: false }, null);
    const admin = await newUser('admin@bench.registry.test', 'AdminUser');
    const person = await newUser('person@bench.registry.test', '100');
    const plan = { firstUserId: person.id + 1, firstOwnerId: person.id, lastOwnerId: person.id + PEOPLE - 1, rowsPerPerson: ROWS_PER_PERSON };
    const loadStart = performance.now();
    const schools = new Set<string>();
    if (db.dialect === 'sqlite') loadSqlite(database.location, plan, schools);
    else await loadPostgres(database.location, plan, schools);
    log(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (${schools.size} distinct schools, indexes built after the rows)`);
    if (process.env.BENCH_LOAD_ONLY === '1') return;
    // The loader's garbage is not the server's: collect it before measuring (npm run bench:grid exposes gc).
    (globalThis as { gc?: () => void }).gc?.();

    const login = async (userName: string): Promise<string> => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { userName, password: PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return (JSON.parse((res.json() as { jwt: string }).jwt) as { auth_token: string }).auth_token;
    };
    const adminToken = await login(admin.user_name);
    const personToken = await login(person.user_name);
    const bare = db.dialect === 'sqlite' ? bareSqlite(database.location) : await barePostgres(database.location);

    const d = db.dialect;
    const adminBody: GridRequest = { entityTypeId: 4, altGridId: 'education-all', from: 1, to: 25 };
    const ownBody: GridRequest = { entityTypeId: 4, formId: 2, primaryEntity: { Id: person.id } };
    const scenarios: Scenario[] = [
      { name: 'own records (5 rows)', token: personToken, body: ownBody, bare: bareStatements(d, 'user_id = ? and disabled = false', [person.id], 5, 0, true) },
      { name: 'admin page 1 by endDate desc', token: adminToken, body: adminBody, bare: bareStatements(d, 'disabled = false', [], 25, 0) },
      { name: 'admin deep page (from 500,001)', token: adminToken, body: { ...adminBody, from: 500_001, to: 500_025 }, bare: bareStatements(d, 'disabled = false', [], 25, 500_000) },
    ];
    for (const term of CONTAINS_TERMS) {
      const body = { ...adminBody, filterInfo: { column: 'school', value: term, operation: 'Contains' as const } };
      scenarios.push({ name: `Contains school '${term}'`, token: adminToken, body, bare: await bareContains(d, bare, term) });
    }
    scenarios.push(...manageUsersScenarios(d, adminToken, PEOPLE));
    const results: ScenarioResult[] = [];
    for (const s of HTTP_ONLY ? [] : scenarios) {
      const r = await runScenario(app, bare, s);
      results.push(r);
      log(`  ${r.name}: e2e p50 ${fmt(r.e2e.p50)} p95 ${fmt(r.e2e.p95)} ms (n=${r.e2e.n}); page p95 ${fmt(r.page.p95)}, summary p95 ${fmt(r.summary.p95)} ms; bare p50 ${fmt(r.bare.p50)} p95 ${fmt(r.bare.p95)} ms; total ${r.total}`);
    }
    if (!HTTP_ONLY) {
      const like = allStatements(bareStatements(d, "disabled = false and lower(school) like ? escape '\\'", [`%${CONTAINS_TERMS[0]!.toLowerCase()}%`], 25, 0));
      const likeTiming = await measure(async () => { for (const st of like) await bare.query(st.sql, st.params); }, { warmup: 1, iterations: 5, seconds: 10 });
      log(`  reference: Contains '${CONTAINS_TERMS[0]}' as a plain LIKE scan (bare, no text index): p50 ${fmt(likeTiming.p50)} ms`);
      log(await searchUsersBench(app, db, await login((await newUser('state@bench.registry.test', '350')).user_name), plan));
    }

    await app.listen({ host: '127.0.0.1', port: 0 });
    const pages: [string, string, GridRequest, Scenario][] = [['own records page', personToken, ownBody, scenarios[0]!], ['admin page 1', adminToken, adminBody, scenarios[1]!]];
    const floorSql = d === 'sqlite' ? bareSqlite(database.location) : await barePostgres(database.location, 10);
    const floor = await floorServer(SECRET, floorSql, new Map(pages.map(([, , body, s]) => [JSON.stringify(body), s.bare.page])));
    if (PROFILE) {
      const [name, token, body] = pages[PROFILE.endsWith('admin') ? 1 : 0]!;
      const which = PROFILE.startsWith('floor') ? 'floor' : 'ours';
      const o = await served(which === 'floor' ? floor.port : (app.server.address() as AddressInfo).port, token, body);
      log(`${name}, ${which} only: ${Math.round(o.perSecond)} req/s, ${Math.round(o.cpuMicros)} µs server CPU per request`);
      await floor.close();
      await floorSql.close();
      await bare.close();
      return;
    }
    const ours = (app.server.address() as AddressInfo).port;
    const http = [];
    for (const [name, token, body] of pages) {
      const rounds: { ours: Served; floor: Served }[] = [];
      // both servers warmed up on this page first (compiled, caches filled), not measured
      for (const port of [ours, floor.port]) await served(port, token, body, 3);
      // alternating, each in its own time window: the machine's speed drifts, the ratio within a round holds
      for (let r = 0; r < ROUNDS; r++) rounds.push({ ours: await served(ours, token, body), floor: await served(floor.port, token, body) });
      http.push({ name, rounds });
    }
    await floor.close();
    await floorSql.close();
    await bare.close();

    if (results.length) log('');
    if (results.length) log(`| Scenario (${d === 'pg' ? 'PostgreSQL' : 'SQLite'}) | e2e p50 ms | e2e p95 ms | page p50 / p95 ms | summary p50 / p95 ms | bare p50 ms | bare p95 ms | ratio p50 | total |`);
    if (results.length) log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) log(`| ${r.name} | ${fmt(r.e2e.p50)} | ${fmt(r.e2e.p95)} | ${fmt(r.page.p50)} / ${fmt(r.page.p95)} | ${fmt(r.summary.p50)} / ${fmt(r.summary.p95)} | ${fmt(r.bare.p50)} | ${fmt(r.bare.p95)} | ${(r.e2e.p50 / r.bare.p50).toFixed(1)}x | ${r.total} |`);
    log('');
    log(`| HTTP, 20 keep-alive connections, client in a second process (${d === 'pg' ? 'PostgreSQL' : 'SQLite'}) | ours req/s | floor req/s | ours server CPU µs/request | floor server CPU µs/request | ours / floor CPU | ours p50 / p95 ms | errors |`);
    log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const { name, rounds } of http) {
      for (const [i, { ours: o, floor: f }] of rounds.entries()) {
        log(`| POST /api/grid ${name}, round ${i + 1} | ${Math.round(o.perSecond)} | ${Math.round(f.perSecond)} | ${Math.round(o.cpuMicros)} | ${Math.round(f.cpuMicros)} | ${(o.cpuMicros / f.cpuMicros).toFixed(2)}x | ${fmt(o.p50)} / ${fmt(o.p95)} | ${o.errors + f.errors} |`);
      }
      const median = (pick: (r: { ours: Served; floor: Served }) => number) => {
        const sorted = rounds.map(pick).sort((a, b) => a - b);
        return sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
      };
      log(`| **${name}, median of ${rounds.length}** | ${Math.round(median((r) => r.ours.perSecond))} | ${Math.round(median((r) => r.floor.perSecond))} | ${Math.round(median((r) => r.ours.cpuMicros))} | ${Math.round(median((r) => r.floor.cpuMicros))} | **${median((r) => r.ours.cpuMicros / r.floor.cpuMicros).toFixed(2)}x** | | |`);
    }
    log('');
    log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP === '1') {
      await db.knex.destroy();
      log(`kept the database: ${database.location}`);
    } else await database.drop();
  }
}

/**
 * Search Users (grid search-users, rows of the user search view): Contains on searchableName and
 * Equals on period (an agency with 2,000 of the people as staff, fewer when BENCH_PEOPLE is under
 * 74,000), each request timed on its own.
 */
async function searchUsersBench(app: Awaited<ReturnType<typeof buildApp>>, db: Awaited<ReturnType<typeof benchDatabase>>['db'], token: string, plan: { firstOwnerId: number }): Promise<string> {
  const now = new Date().toISOString();
  const [org] = (await db.knex('organizations').insert({ organization_name: 'Bench Agency', county: 'Bench', created_at: now, updated_at: now }).returning('id')) as ({ id: number } | number)[];
  const orgId = Number(typeof org === 'object' ? org.id : org);
  const staffCount = Math.min(2_000, Math.floor(PEOPLE / 37));
  const staff = Array.from({ length: staffCount }, (_, i) => ({ user_id: plan.firstOwnerId + i * 37, role: '100', organization_id: orgId, active: true, created_at: now, updated_at: now }));
  for (let i = 0; i < staff.length; i += 500) await db.knex('user_roles').insert(staff.slice(i, i + 500));
  const base = { entityTypeId: 1, formId: 1, altGridId: 'search-users', from: 1, to: 5 };
  const contains = (value: string) => ({ column: 'searchableName', value, operation: 'Contains' as const });
  const cases: [string, GridRequest][] = [
    ['Contains \'person4711\' (few)', { ...base, defaultFilters: [contains('person4711')] }],
    ['Contains \'bench\' (everyone)', { ...base, defaultFilters: [contains('bench')] }],
    ['Contains \'pe\' (2 characters, everyone)', { ...base, defaultFilters: [contains('pe')] }],
    ['Contains \'xyzzy\' (no one)', { ...base, defaultFilters: [contains('xyzzy')] }],
    ['Contains \'zq\' (2 characters, no one)', { ...base, defaultFilters: [contains('zq')] }],
    [`Equals period (agency of ${staffCount.toLocaleString('en-US')})`, { ...base, defaultFilters: [{ column: 'period', value: orgId, operation: 'Equals' }] }],
    ['Equals period + Contains \'person1\'', { ...base, defaultFilters: [{ column: 'period', value: orgId, operation: 'Equals' }, contains('person1')] }],
    ['Equals period, page 40', { ...base, from: 196, to: 200, defaultFilters: [{ column: 'period', value: orgId, operation: 'Equals' }] }],
  ];
  const lines = ['', '| Search Users | grid p50 ms | grid p95 ms | summary p50 ms | summary p95 ms | total |', '|---|---:|---:|---:|---:|---:|'];
  for (const [name, body] of cases) {
    const call = async (url: string) => {
      const res = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return res.body;
    };
    const total = (JSON.parse(await call('/api/grid/summary')) as { total: number }).total;
    const grid = await measure(async () => { await call('/api/grid'); });
    const summary = await measure(async () => { await call('/api/grid/summary'); });
    lines.push(`| ${name} | ${fmt(grid.p50)} | ${fmt(grid.p95)} | ${fmt(summary.p50)} | ${fmt(summary.p95)} | ${total} |`);
  }
  return lines.join('\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exitCode = 1;
});
