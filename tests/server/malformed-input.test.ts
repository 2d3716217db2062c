import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentity, type UserRow } from '../../server/domain/identity.js';
import { signToken } from '../../server/plugins/auth.js';
import { forbiddenCharacterAt } from '../../server/plugins/input-guard.js';
import { pdf } from '../support/file-samples.js';
import { addEducation, LEVEL } from '../support/records.js';
import { upload } from '../support/uploads.js';
import { TEST_DIALECT } from '../support/test-database.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Every API route the server registers (read from the input guard's onRoute list, not written
 * out here) gets malformed variants of its input, signed out and signed in as an administrator
 * and as a professional: no answer is a 500, the characters PostgreSQL cannot store are refused
 * with 400 at the edge, and no row of any table is written.
 */
let t: TestApp;
let admin: TestUser;
let pro: TestUser;
let tables: string[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.user(['AdminUser'], 'admin');
  pro = await t.user(['100'], 'pro');
  await addEducation(t, pro.token, { level: LEVEL.bachelor, school: 'University of Memphis', end: '2010-05-01' });
  const { knex } = t.database.db;
  tables = TEST_DIALECT === 'pg'
    ? ((await knex('information_schema.tables').where({ table_schema: 'public', table_type: 'BASE TABLE' }).select('table_name')) as { table_name: string }[]).map((r) => r.table_name)
    : ((await knex('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').select('name')) as { name: string }[]).map((r) => r.name);
}, 60_000);
afterAll(async () => { await t.close(); });

const counts = async () => Object.fromEntries(await Promise.all(tables.map(async (x) => [x, await t.count(x)] as const)));

/** A token of the person made without a sign-in (which would write its audit row). */
async function tokenOf(u: TestUser): Promise<string> {
  const row = (await t.database.db.knex('users').where({ id: u.id }).first()) as UserRow;
  return signToken(t.app, await loadIdentity(t.database.db.knex, t.app.ctx.registries, row));
}

const BIG = 'x'.repeat(100_000);
const JSON_TYPE = { 'content-type': 'application/json' };

interface Variant { name: string; guard?: boolean; url?: (url: string) => string; body?: string; headers?: Record<string, string>; params?: string }

/** Routes that read no input (any query or body is a valid request): only the edge's refusals and unparsable bodies apply. */
const TAKES_NO_INPUT = new Set(['POST /api/auth/logout']);

const withQuery = (q: string) => (url: string) => `${url}${url.includes('?') ? '&' : '?'}${q}`;

const VARIANTS: Variant[] = [
  { name: 'a NUL character in a body value', guard: true, body: JSON.stringify({ userName: 'a\u0000b@c.de', password: 'p\u0000', value: 'x\u0000', entityTypeId: 4 }) },
  { name: 'a lone surrogate in a body value', guard: true, body: '{"email":"\\ud800@a.bc","comments":"\\udc00"}' },
  { name: 'a NUL character in a body key, deep down', guard: true, body: '{"response":{"elementResponses":[{"a\\u0000":1}]}}' },
  { name: 'a NUL character in the query string', guard: true, url: withQuery('userId=1%00&q=%00') },
  { name: 'a NUL character in a path parameter', guard: true, params: '%00' },
  { name: 'bad JSON', body: '{"entityTypeId": 4,' },
  { name: 'a wrong content type', body: 'hello', headers: { 'content-type': 'text/plain' } },
  { name: 'an array for the object', body: '[1,2,3]' },
  { name: 'no fields', body: '{}' },
  { name: 'wrong types', body: JSON.stringify({ entityTypeId: 'x', formId: {}, formid: [], id: -1, userId: 1e20, entityId: [], userName: 123, password: false, response: 'x', employmentRecordId: -5, rolePromotionActionIds: 'all', key: null, value: { a: 1 }, entities: 'none', validations: 7 }) },
  { name: 'huge strings', body: JSON.stringify({ userName: BIG, password: BIG, email: BIG, value: BIG, code: BIG, comments: BIG, key: BIG, role: BIG }) },
  { name: 'negative, huge and non-numeric ids in the query', url: withQuery('userId=-1&id=99999999999999999999&employmentRecordId=abc&entityTypeId=1e20&organizationId=%20&rolePromotionActionId=-0') },
  { name: 'a negative id as the path parameter', params: '-1' },
  { name: 'a huge id as the path parameter', params: '99999999999999999999' },
];

function requestOf(method: string, url: string, v: Variant, token: string | null): InjectOptions {
  const path = url.replace(/:[A-Za-z]+/g, v.params ?? '1');
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(v.body !== undefined ? { ...JSON_TYPE, ...v.headers } : {}) };
  return { method: method as InjectOptions['method'], url: v.url ? v.url(path) : path, headers, ...(v.body !== undefined ? { payload: v.body } : {}) };
}

describe(`malformed input on every API route (${TEST_DIALECT})`, () => {
  it('answers no 500, refuses NUL and lone surrogates with 400, and writes nothing', async () => {
    const routes = t.app.apiRoutes.flatMap((r) => [r.method].flat().map((method) => ({ method, url: r.url })))
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const { method, url } of routes) {
      const tokens = [null, await tokenOf(admin), await tokenOf(pro)];
      const before = await counts();
      for (const v of VARIANTS) {
        if (v.body !== undefined && (method === 'GET' || method === 'DELETE' && v.guard === undefined)) continue;
        if (v.params !== undefined && !url.includes(':')) continue;
        if (TAKES_NO_INPUT.has(`${method} ${url}`) && !v.guard && v.name !== 'bad JSON') continue;
        for (const token of tokens) {
          const res = await t.app.inject(requestOf(method, url, v, token));
          sent += 1;
          const who = token === null ? 'signed out' : token === tokens[1] ? 'admin' : 'professional';
          if (res.statusCode >= 500) problems.push(`${method} ${url} ${v.name} (${who}): ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (v.guard && res.statusCode !== 400) problems.push(`${method} ${url} ${v.name} (${who}): ${res.statusCode}, not 400`);
          else if (v.guard && res.json<{ message: string }>().message !== t.registry.texts['security.invalidCharacters']) problems.push(`${method} ${url} ${v.name} (${who}): ${res.body.slice(0, 200)}`);
        }
      }
      const after = await counts();
      const changed = tables.filter((x) => before[x] !== after[x]).map((x) => `${x} ${before[x]} -> ${after[x]}`);
      if (changed.length) problems.push(`${method} ${url} wrote rows: ${changed.join(', ')}`);
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 180_000);
});

describe(`malformed multipart uploads (${TEST_DIALECT})`, () => {
  it('refuses a NUL character in a field with 400 and writes nothing', async () => {
    const before = await counts();
    const res = await upload(t, pro.token, { fileName: 'transcript.pdf', bytes: pdf(), fileSetId: 'set\u0000one' });
    expect(res.statusCode, res.body).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a NUL character', 'tran\u0000script.pdf'],
    ['a lone surrogate', 'tran\ud800script.pdf'],
  ])('keeps %s of a file name out of the database (the file name is cleaned, never a 500)', async (_name, fileName) => {
    const res = await upload(t, pro.token, { fileName, bytes: pdf() });
    expect(res.statusCode, res.body).toBe(200);
    expect(forbiddenCharacterAt(res.json<{ fileName: string }>().fileName, 'fileName')).toBeNull();
  });
});
