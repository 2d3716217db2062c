import { gzipSync } from 'node:zlib';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { compileMetadata } from '../../../engine/metadata/compile.js';
import { buildApp } from '../../../server/app.js';
import { loadConfig, PROJECT_ROOT } from '../../../server/config.js';
import { insertRow } from '../../../server/data/entity-store.js';
import { createUser } from '../../../server/domain/identity.js';
import { loadMetadataFiles } from '../../../server/metadata/load-metadata.js';
import { openBrowser } from '../../e2e/support/browser.js';
import { ensureRendererBuilt } from '../../e2e/support/served-app.js';
import { freshDatabase } from '../../support/test-database.js';
import { percentile } from '../bench-measure.js';
import { BENCH_ELEMENTS, BENCH_ENTITY, generatedMetadata } from './generated-form.js';
import { measureFormOpen, measureGridPage, measureKeystroke } from './in-page.js';

const RUNS = 15;
const PASSWORD = 'Bench-Password-1';
const fmt = (n: number) => n.toFixed(1);
const stats = (xs: number[]) => ({ p50: percentile([...xs].sort((a, b) => a - b), 50), p95: percentile([...xs].sort((a, b) => a - b), 95) });

async function main(): Promise<void> {
  ensureRendererBuilt();
  const { files } = loadMetadataFiles(PROJECT_ROOT, 'tn');
  const routes = files.find((f) => f.kind === 'route' && f.layer === 'base')!;
  routes.data = [...(routes.data as Route[]), { id: 'bench-form', path: 'bench-form', parent: 'dashboard', requiresAuth: true, displayName: 'Bench Form', sequence: 99, roles: ['100'], screen: { kind: 'grid', gridId: 'bench' } }];
  const { registry, problems } = compileMetadata([...files, ...generatedMetadata()], 'tn');
  if (!registry) throw new Error(problems.map((p) => `${p.file} ${p.pointer}: ${p.message}`).join('\n'));
  const database = await freshDatabase();
  const config = { ...loadConfig({ DATA_DIR: database.dataDir, TENANT: 'tn' }), databaseUrl: database.databaseUrl };
  const app = await buildApp({ config, db: database.db, registry });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await openBrowser();
  try {
    const user = await createUser(database.db.knex, registry, { email: 'bench@registry.test', password: PASSWORD, firstName: 'Bench', lastName: 'Person', roles: [{ role: '100' }], confirmed: true, firstTime: false }, null);
    const education = registry.entities.get(4)!;
    await database.db.knex.transaction(async (trx) => {
      for (let i = 0; i < 60; i++) await insertRow(trx, database.db, education, { userId: user.id, educationLevel: "Bachelor's Degree", school: `Bench College ${i}`, endDate: `${1990 + (i % 30)}-05-01` }, user.id);
    });
    const { page } = browser;
    const scripts = new Map<string, Buffer>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') void r.body().then((b) => scripts.set(r.url(), b), () => undefined);
    });
    await page.goto(`${url}/login`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('E-mail address').waitFor();
    const loginJs = [...scripts.values()].reduce((sum, b) => sum + gzipSync(b).length, 0);
    const loginJsRaw = [...scripts.values()].reduce((sum, b) => sum + b.length, 0);
    await page.getByLabel('E-mail address').fill('bench@registry.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${url}/dashboard/bench-form`);
    await page.getByRole('button', { name: /^Add New/ }).waitFor();
    const opens: number[] = [];
    const keys: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      opens.push(await measureFormOpen(page, `element-${90_000 + BENCH_ELEMENTS}`));
      keys.push(await measureKeystroke(page, `element-${90_008}`));
      await page.getByRole('dialog').getByRole('button', { name: 'Close this window' }).click();
      const warning = page.getByRole('dialog', { name: 'Unsaved Data Warning' });
      if (await warning.isVisible().catch(() => false)) await warning.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await page.goto(`${url}/dashboard/profile/education`);
    await page.getByLabel('Rows per page').selectOption('25');
    await page.locator('tbody tr:nth-child(25)').waitFor();
    const pages: number[] = [];
    for (let i = 0; i < RUNS; i++) pages.push(await measureGridPage(page, i % 2 === 0 ? 'Next page' : 'Previous page'));
    const [o, k, g] = [stats(opens), stats(keys), stats(pages)];
    console.log(`Renderer bench (Chromium headless, ${RUNS} runs each; in-page timings with performance.now)`);
    console.log('| measure | p50 ms | p95 ms | target |');
    console.log('|---|---:|---:|---|');
    console.log(`| open a ${BENCH_ELEMENTS}-element form (entity ${BENCH_ENTITY}; click to last field rendered, incl. POST /api/form) | ${fmt(o.p50)} | ${fmt(o.p95)} | < 150 |`);
    console.log(`| one keystroke in it (input event to next frame) | ${fmt(k.p50)} | ${fmt(k.p95)} | < 30 |`);
    console.log(`| 25-row grid page (click to rows rendered, incl. POST /api/grid) | ${fmt(g.p50)} | ${fmt(g.p95)} | - |`);
    console.log(`JS for the login screen: ${(loginJs / 1024).toFixed(1)} KB gzip (${(loginJsRaw / 1024).toFixed(1)} KB raw, ${scripts.size} files); target < 250 KB gzip`);
  } finally {
    await browser.close();
    await app.close();
    await database.drop();
  }
}

main().then(() => process.exit(0), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
