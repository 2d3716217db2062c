import { describe, expect, it } from 'vitest';
import type { Route } from '../../engine/metadata/app-schema.js';
import type { Registry } from '../../engine/metadata/registry.js';
import { PANELS, ROW_ACTIONS, SELECTION_ACTIONS } from '../../renderer/app/component-registry.js';
import { screenLoader } from '../../renderer/app/screen-registry.js';
import { listTenants, loadRegistry } from '../../server/metadata/load-metadata.js';

const ROOT = process.cwd();

function registryOf(tenant: string): Registry {
  const { registry, problems } = loadRegistry(ROOT, tenant);
  expect(problems).toEqual([]);
  return registry!;
}

/** The text keys a route's screen names. */
function textKeys(route: Route): string[] {
  const s = route.screen;
  if (s?.kind === 'grid') return s.intro ? [s.intro] : [];
  if (s?.kind === 'text') return [s.text];
  if (s?.kind !== 'choose-then-list') return [];
  const { label, all, empty } = s.choose;
  return [s.intro, label, all, empty, ...(s.actions ?? []).map((a) => a.label)].filter((k): k is string => k !== undefined);
}

describe.each(listTenants(ROOT))('the screens of tenant %s', (tenant) => {
  const registry = registryOf(tenant);

  it('are declared in route metadata and each is one the renderer has', () => {
    const declared = registry.routes.filter((r) => r.screen !== undefined);
    expect(declared.length).toBeGreaterThan(30);
    for (const route of declared) expect({ route: route.id, loads: screenLoader(route) !== null }).toEqual({ route: route.id, loads: true });
    // a route without a screen has none (no fallback by its id): it is not routed, and not in the menu
    for (const route of registry.routes.filter((r) => r.screen === undefined)) expect(screenLoader(route)).toBeNull();
  });

  it('name texts, row actions, panels and grids that exist', () => {
    for (const route of registry.routes) {
      for (const key of textKeys(route)) expect({ route: route.id, key, known: key in registry.texts }).toEqual({ route: route.id, key, known: true });
      const s = route.screen;
      if (s?.kind !== 'choose-then-list') continue;
      for (const a of s.actions ?? []) expect(Object.keys(ROW_ACTIONS)).toContain(a.id);
      if ('panel' in s.list) expect(Object.keys(PANELS)).toContain(s.list.panel);
    }
    for (const grid of registry.grids.values()) {
      if (grid.viewModal) expect(Object.keys(ROW_ACTIONS)).toContain(grid.viewModal.name);
      for (const a of grid.selectionActions ?? []) expect({ grid: grid.id, action: a.id, runs: a.id in SELECTION_ACTIONS }).toEqual({ grid: grid.id, action: a.id, runs: true });
    }
  });
});
