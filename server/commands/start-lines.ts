import type { AppContext } from '../app-context.js';
import { demoLoginLines, demoLogins, isDemoSeeded } from './demo-users.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/**
 * What `npm start` prints once it listens: the demo sign-ins of an embedded demo database (at
 * every start, the demo users that still exist), then the address to open.
 */
export async function startLines(ctx: AppContext): Promise<string[]> {
  const texts = ctx.registry.texts;
  const lines: string[] = [];
  const logins = ctx.db.dialect === 'sqlite' && (await isDemoSeeded(ctx.db)) ? await demoLogins(ctx.db, ctx.registry) : [];
  if (logins.length) lines.push('', ...demoLoginLines(texts['demo.signInsTitle'] ?? 'Sign in with:', logins));
  lines.push('', fill(texts['demo.openAddress'] ?? 'Open {url} in a browser.', { url: ctx.config.publicUrl }));
  // published demo passwords on a wider address deserve a warning
  if (logins.length && !LOOPBACK.has(ctx.config.host)) lines.push(fill(texts['demo.listenWider'] ?? 'Listening on {host}.', { host: ctx.config.host }));
  lines.push('');
  return lines;
}
