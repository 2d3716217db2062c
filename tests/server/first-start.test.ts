import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.js';
import { printedCells, readmeDemoTable } from '../support/demo.js';

/** What npm start runs: the server built to JavaScript (npm run build:server). */
const BUILT_MAIN = join('dist', 'app', 'server', 'main.js');

/** The server process on an embedded database: what it prints until it tells the address to open, then stopped. */
async function startAndStop(dataDir: string, whileUp?: (out: () => string) => Promise<void>): Promise<string> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', TENANT: 'tn', PUBLIC_URL: 'http://localhost:3000', JWT_SECRET: 'x'.repeat(40) };
  const child = spawn(process.execPath, [BUILT_MAIN], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr.on('data', (b: Buffer) => { out += b.toString(); });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no address printed:\n${out}`)), 60_000);
    child.stdout.on('data', () => { if (out.includes('in a browser.')) { clearTimeout(timer); done(); } });
    child.on('exit', () => { clearTimeout(timer); fail(new Error(`exited early:\n${out}`)); });
  });
  await whileUp?.(() => out);
  child.kill('SIGINT');
  await exited;
  return out;
}

const dataDir = mkdtempSync(join(tmpdir(), 'registry-first-start-'));
beforeAll(() => {
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.server.json'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start on an embedded database', () => {
  it('prints the README demo table and the address at the first start and again at the next', async () => {
    for (const start of [1, 2]) {
      const out = await startAndStop(dataDir, async (printed) => {
        const listening = () => /Server listening at (http:\/\/[^"\s]+)/.exec(printed())?.[1];
        for (let i = 0; i < 100 && !listening(); i++) await new Promise((done) => setTimeout(done, 50));
        const address = listening();
        expect(address, printed()).toBeTruthy();
        expect(((await (await fetch(`${address}/api/health`)).json()) as { status: string }).status).toBe('ok');
      });
      const lines = out.split('\n');
      const title = lines.findIndex((l) => l.startsWith('Demo data is in this database.'));
      expect(title, `start ${start}:\n${out}`).toBeGreaterThanOrEqual(0);
      const end = lines.indexOf('', title);
      expect(printedCells(lines.slice(title + 1, end))).toEqual(readmeDemoTable());
      expect(out).toContain('Open http://localhost:3000 in a browser.');
    }
  }, 150_000);
});
