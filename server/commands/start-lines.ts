import { formatText } from '../../engine/forms/form-messages.js';
import type { AppContext } from '../app-context.js';
import { demoLoginLines, demoLogins, isDemoSeeded } from './demo-users.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** The demo sign-ins of a demo-seeded database: its demo users that still exist (none: no lines). */
export async function signInLines(ctx: AppContext): Promise<string[]> {
  const logins = (await isDemoSeeded(ctx.db)) ? await demoLogins(ctx.db, ctx.registry) : [];
  return logins.length ? demoLoginLines(formatText(ctx.registry.texts, 'demo.signInsTitle'), logins) : [];
}

/**
 * What `npm start` prints once it listens: the demo sign-ins of an embedded demo database (at
 * every start, the demo users that still exist), then the address to open.
 */
export async function startLines(ctx: AppContext): Promise<string[]> {
  const texts = ctx.registry.texts;
  const lines: string[] = [];
  const signIns = ctx.db.dialect === 'sqlite' ? await signInLines(ctx) : [];
  if (signIns.length) lines.push('', ...signIns);
  lines.push('', formatText(texts, 'demo.openAddress', { url: ctx.config.publicUrl }));
  // published demo passwords on a wider address deserve a warning
  if (signIns.length && !LOOPBACK.has(ctx.config.host)) lines.push(formatText(texts, 'demo.listenWider', { host: ctx.config.host }));
  lines.push('');
  return lines;
}
