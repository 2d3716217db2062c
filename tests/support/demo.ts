import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/config.js';
import type { TestApp } from './test-app.js';

/** Signs in over the API; the bearer token. */
export async function signIn(t: TestApp, userName: string, password: string): Promise<string> {
  const res = await t.post('/api/auth/login', { userName, password });
  if (res.statusCode !== 200) throw new Error(`login of ${userName} failed: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token;
}

/** The rows of the README's demo sign-ins table (the first table after the heading "Demo sign-ins"), as cells. */
export function readmeDemoTable(): string[][] {
  const text = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const start = text.indexOf('### Demo sign-ins');
  if (start < 0) throw new Error('README.md has no "### Demo sign-ins" section');
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const table: string[] = [];
  for (const l of lines.slice(first)) {
    if (!l.startsWith('|')) break;
    table.push(l);
  }
  return table.slice(2).map((l) => l.split('|').slice(1, -1).map((c) => c.trim().replace(/^`|`$/g, '')));
}

/** The printed sign-in lines (after the title) as cells: columns are separated by two spaces or more. */
export function printedCells(lines: readonly string[]): string[][] {
  return lines.map((l) => l.trim().split(/\s{2,}/));
}
