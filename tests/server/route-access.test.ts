import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedRuleHolds, RULES_NAMED_IN_CODE, type RuleNamedInCode } from '../../engine/rules/named-rule.js';
import { todayIn } from '../../engine/rules/today.js';
import { OPENAPI_PATH } from '../../server/plugins/api-docs.js';
import { registerCaller } from '../../server/plugins/caller.js';
import { FORBIDDEN_MESSAGE } from '../../server/errors.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Authorization before input (issue 26, DESIGN section 5): every operation of the OpenAPI document
 * that is not public names its access ('x-access'), and answers 401 without a token and 403 to a
 * signed-in person without that access, whatever its body, query or path parameters. Generic: it
 * walks the document, so a route added later is checked too. SQLite, and PostgreSQL with DATABASE_URL.
 */
interface Operation { security?: unknown[]; 'x-access'?: string }
interface Call { name: string; method: string; url: string; access: string | undefined; takesBody: boolean }

const JUNK_BODY = { zzz: 1, entityTypeId: 'not a number', files: 7 };

let t: TestApp;
let calls: Call[];

beforeAll(async () => {
  t = await startTestApp();
  const doc = (await t.get(OPENAPI_PATH)).json<{ paths: Record<string, Record<string, Operation>> }>();
  calls = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops)
    .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
    .map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      // path parameters get a value of the wrong type, the query a field no route knows
      url: `${path.replace(/\{[^}]+\}/g, 'zzz')}?zzz=1&from=-1`,
      access: op['x-access'],
      takesBody: method !== 'get',
    })));
}, 60_000);
afterAll(async () => { await t?.close(); });

const send = (call: Call, token?: string) => t.app.inject({
  method: call.method as 'GET', url: call.url,
  headers: token ? { authorization: `Bearer ${token}` } : {},
  ...(call.takesBody ? { payload: JUNK_BODY } : {}),
});

/** A role of the tenant that lacks the access, '100' (a professional) first when it does. */
function roleWithout(access: string): string | undefined {
  const { registry } = t;
  const lacks = (role: string) => {
    if (access === 'sendsMessages') return !registry.messaging.senderRoles.includes(role);
    const user = { id: 0, roles: [role], activeRole: role, claims: registry.roles.get(role)?.claims ?? [] };
    return !namedRuleHolds(registry.rules, access as RuleNamedInCode, { user, roles: registry.roles, tenant: registry.tenant.code, today: todayIn(registry.tenant.timeZone) });
  };
  return ['100', ...[...registry.roles.keys()].filter((r) => r !== '100' && !registry.roles.get(r)?.service)].find(lacks);
}

describe('every protected operation names its access and checks it before its input', () => {
  it('the document has the protected operations, each with a known access', () => {
    expect(calls.length).toBeGreaterThan(80);
    const known = new Set<string>(['signedIn', 'sendsMessages', ...RULES_NAMED_IN_CODE]);
    expect(calls.filter((c) => !known.has(String(c.access))).map((c) => `${c.name}: ${String(c.access)}`)).toEqual([]);
    for (const name of RULES_NAMED_IN_CODE) expect(t.registry.rules.has(name), name).toBe(true);
    expect(calls.filter((c) => c.name.includes('/api/admin/')).map((c) => c.access)).toEqual(Array(15).fill('administersMetadata'));
  });

  it('answers 401 without a token, whatever the body, query and path', async () => {
    const wrong: string[] = [];
    for (const call of calls) {
      const res = await send(call);
      if (res.statusCode !== 401) wrong.push(`${call.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in person without the access, whatever the body, query and path', async () => {
    const tokens = new Map<string, string>();
    const gated = calls.filter((c) => c.access !== 'signedIn');
    expect(gated.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const call of gated) {
      const role = roleWithout(call.access!);
      if (role === undefined) { wrong.push(`${call.name}: every role holds ${call.access}`); continue; }
      if (!tokens.has(role)) tokens.set(role, (await t.user([role], `r${role}`)).token);
      const res = await send(call, tokens.get(role));
      if (res.statusCode !== 403) wrong.push(`${call.name} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (call.access !== 'sendsMessages') expect(res.json<{ message: string }>().message, call.name).toBe(FORBIDDEN_MESSAGE);
    }
    expect(wrong).toEqual([]);
  });
});

describe('deny by default', () => {
  it('a protected route that names no access stops the server at start; a public one does not need one', async () => {
    const build = async (schema: Record<string, unknown>) => {
      const app = Fastify();
      registerCaller(app);
      app.get('/api/open-door', { schema }, async () => 'in');
      await app.ready();
      await app.close();
    };
    await expect(build({ tags: ['x'] })).rejects.toThrow(/GET \/api\/open-door: a protected route names no access/);
    await expect(build({ tags: ['x'], security: [] })).resolves.toBeUndefined();
    await expect(build({ tags: ['x'], 'x-access': 'signedIn' })).resolves.toBeUndefined();
  });
});
