import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, registryFor } from '../../server/app.js';
import { openDatabase } from '../../server/data/db.js';
import { pinRegistry, registerRequestRegistry, registryOf, RegistryHolder } from '../../server/metadata/registry-holder.js';
import { TEST_DIALECT } from '../support/test-database.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * The administrators' layer across server instances and restarts (issue 13): a publish on one
 * instance is served by another within a second (PostgreSQL NOTIFY); a server starts on the
 * published layer, or on the files alone when the layer no longer compiles over them; a request
 * in flight finishes on the registry it started with.
 */
let t: TestApp;
let admin: TestUser;
const API = '/api/admin/metadata';

const publishText = async (app: FastifyInstance, key: string, text: string): Promise<number> => {
  const auth = { authorization: `Bearer ${admin.token}` };
  const doc = (await app.inject({ method: 'GET', url: `${API}/document?kind=text&id=text`, headers: auth })).json<{ draft: Record<string, string> | null; value: Record<string, string> }>();
  await app.inject({ method: 'PUT', url: `${API}/draft`, headers: auth, payload: { kind: 'text', id: 'text', value: { ...(doc.draft ?? doc.value), [key]: text } } });
  const res = await app.inject({ method: 'POST', url: `${API}/publish`, headers: auth, payload: { comment: text } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ number: number }>().number;
};
const textOf = async (app: FastifyInstance, key: string) => (await app.inject({ method: 'GET', url: '/api/metadata' })).json<{ texts: Record<string, string> }>().texts[key];

/** Another server instance on the same database. */
async function secondInstance(logLines?: string[]): Promise<FastifyInstance> {
  const db = openDatabase(t.database.databaseUrl, t.database.dataDir);
  const app = await buildApp({
    config: t.config, db, registry: registryFor(t.config), forceCloseConnections: true,
    ...(logLines ? { logger: true, logStream: { write: (line: string) => { logLines.push(line); } } } : {}),
  });
  app.addHook('onClose', async () => db.knex.destroy());
  return app;
}

beforeAll(async () => {
  t = await startTestApp('tn');
  admin = await t.user(['AdminUser'], 'ada');
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('a server starting', () => {
  it('serves the published layer', async () => {
    await publishText(t.app, 'metadataAdmin.noChange', 'Published before the start.');
    const b = await secondInstance();
    try {
      expect(await textOf(b, 'metadataAdmin.noChange')).toBe('Published before the start.');
    } finally {
      await b.close();
    }
  });

  it('serves the files alone and logs the problems when the layer no longer compiles over them', async () => {
    const knex = t.database.db.knex;
    const [row] = (await knex('metadata_versions').insert({
      tenant: 'tn', number: 1000, author_id: admin.id, created_at: new Date().toISOString(), comment: 'broken by a new release', action: 'publish', changed: '[]',
    }).returning('id')) as Array<{ id: number } | number>;
    const versionId = Number(typeof row === 'object' ? row.id : row);
    await knex('metadata_layer_docs').insert({ version_id: versionId, path: 'admin:grids/award.json', data: JSON.stringify({ id: 'award', formId: 424242 }) });
    const lines: string[] = [];
    const b = await secondInstance(lines);
    try {
      expect(await textOf(b, 'metadataAdmin.noChange')).toBe('There is no change to publish.');
      expect(lines.join('\n')).toMatch(/admin:grids\/award\.json \/formId/);
    } finally {
      await b.close();
      await knex('metadata_layer_docs').where({ version_id: versionId }).delete();
      await knex('metadata_versions').where({ id: versionId }).delete();
    }
  });
});

describe('a request in flight', () => {
  it('finishes on the registry it started with, its body parsed in between', async () => {
    const first = registryFor(t.config);
    const second = registryFor(t.config);
    const holder = new RegistryHolder(first, 0);
    const app = Fastify();
    registerRequestRegistry(app, holder, () => null);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => { entered = resolve; });
    app.post('/probe', async () => {
      const before = registryOf(holder) === first;
      entered();
      await gate;
      return { before, after: registryOf(holder) === first };
    });
    app.get('/now', async () => ({ second: registryOf(holder) === second }));
    const inFlight = app.inject({ method: 'POST', url: '/probe', payload: { some: 'body' } });
    await inHandler;
    holder.swap(second, 1);
    expect((await app.inject({ method: 'GET', url: '/now' })).json()).toEqual({ second: true });
    open();
    expect((await inFlight).json()).toEqual({ before: true, after: true });
    expect(registryOf(holder)).toBe(second);
    await app.close();
  });
});

describe('a job run', () => {
  it('reads the registry current when it started, to its end', async () => {
    const first = registryFor(t.config);
    const second = registryFor(t.config);
    const holder = new RegistryHolder(first, 0);
    let swapped: () => void = () => undefined;
    const swap = new Promise<void>((resolve) => { swapped = resolve; });
    const run = pinRegistry(holder, async () => {
      const before = registryOf(holder);
      await swap;
      return { before: before === first, after: registryOf(holder) === first };
    });
    holder.swap(second, 1);
    swapped();
    expect(await run).toEqual({ before: true, after: true });
    expect(registryOf(holder)).toBe(second);
    expect(await pinRegistry(holder, async () => registryOf(holder) === second)).toBe(true);
  });
});

describe.skipIf(TEST_DIALECT !== 'pg')('two server instances on one PostgreSQL database', () => {
  it('a version published on one is served by the other within a second', async () => {
    const lines: string[] = [];
    const b = await secondInstance(lines);
    try {
      expect(await textOf(b, 'metadataAdmin.noVersion')).toBe('There is no version {number}.');
      const number = await publishText(t.app, 'metadataAdmin.noVersion', 'Published on instance A.');
      // the clock starts when the publish has answered (its compiles are not the propagation);
      // the poll is bounded beyond the second so that a miss fails with the time it took
      const publishedAt = Date.now();
      while (b.ctx.registries.number < number && Date.now() - publishedAt < 5000) await new Promise((resolve) => setTimeout(resolve, 10));
      const took = Date.now() - publishedAt;
      const warnings = lines.filter((l) => l.includes('"level":50') || l.includes('"level":40')).join('\n');
      expect(b.ctx.registries.number, warnings).toBe(number);
      expect(took, warnings).toBeLessThan(1000);
      expect(await textOf(b, 'metadataAdmin.noVersion')).toBe('Published on instance A.');
    } finally {
      await b.close();
    }
  });
});
