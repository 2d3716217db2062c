import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../server/config.js';
import { fixtureRoot } from './fixture-root.js';

const FIXTURE = join(PROJECT_ROOT, 'tests', 'fixtures', 'rich-text');

/** Ids of the fixture's Note record type: a form with a rich text that takes links, one that does not and a read-only one. */
export const NOTE = { form: 990, entity: 990, title: 99001, body: 99002, summary: 99003, reviewerNote: 99004 } as const;

/**
 * A project root holding the shipped metadata plus the Note record type of
 * tests/fixtures/rich-text (entity, form, grid and a menu route), as an administrator adds one: no
 * code. The built browser app is linked in, so the root also serves the renderer.
 */
export function richTextRoot(): { root: string; remove: () => void } {
  const fixture = fixtureRoot('rich-text', { withRenderer: true });
  const routesFile = join(fixture.root, 'metadata', 'routes.json');
  const routes = [...JSON.parse(readFileSync(routesFile, 'utf8')) as unknown[], ...JSON.parse(readFileSync(join(FIXTURE, 'routes.json'), 'utf8')) as unknown[]];
  writeFileSync(routesFile, JSON.stringify(routes, null, 2));
  return fixture;
}
