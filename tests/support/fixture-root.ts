import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/config.js';

/**
 * A temporary project root: the shipped metadata and tenants with a fixture folder laid over them
 * (tests/fixtures/<name>/metadata/... added to metadata/, tenants/... to tenants/), as an
 * administrator would drop files in. Answers the root and a function that removes it.
 * withRenderer: the built browser app is linked in, so the root also serves the renderer.
 */
export function fixtureRoot(name: string, opts: { withRenderer?: boolean } = {}): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), `registry-${name}-`));
  for (const dir of ['metadata', 'tenants']) cpSync(join(PROJECT_ROOT, dir), join(root, dir), { recursive: true });
  cpSync(join(PROJECT_ROOT, 'tests', 'fixtures', name), root, { recursive: true });
  if (opts.withRenderer) symlinkSync(join(PROJECT_ROOT, 'dist'), join(root, 'dist'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
