import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../server/config.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the renderer when dist/renderer is missing or older than its sources (CI builds it first). */
export function ensureRendererBuilt(): void {
  const index = join(PROJECT_ROOT, 'dist', 'renderer', 'index.html');
  const sources = Math.max(newestMtime(join(PROJECT_ROOT, 'renderer')), newestMtime(join(PROJECT_ROOT, 'engine')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'error'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
}

export interface ServedApp extends TestApp {
  url: string;
}

/** The whole product on a loopback port: API plus the built browser app, on a fresh database. */
export async function serveApp(tenant = 'tn', env: Record<string, string> = {}): Promise<ServedApp> {
  ensureRendererBuilt();
  const t = await startTestApp(tenant, env);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...t, url: address };
}
