import { describe, expect, it } from 'vitest';
import type { Route } from '../../engine/metadata/app-schema.js';
import type { Registry } from '../../engine/metadata/registry.js';
import { PANELS, ROW_ACTIONS, SECTION_PANELS, SELECTION_ACTIONS } from '../../renderer/app/component-registry.js';
import { rowActionComponent } from '../../renderer/components/composition/composition-types.js';
import { initiallyOpen } from '../../renderer/screens/accordion/open-sections.js';
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
  if (s?.kind === 'accordion') return [s.intro, ...s.sections.map((x) => x.title)].filter((k): k is string => k !== undefined);
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
      if (s?.kind === 'accordion') {
        for (const x of s.sections) {
          if ('panel' in x.content) expect(Object.keys(SECTION_PANELS)).toContain(x.content.panel);
          const gridId = 'gridId' in x.content ? x.content.gridId : x.content.params?.gridId;
          if (typeof gridId === 'string') expect({ route: route.id, gridId, known: registry.grids.has(gridId) }).toEqual({ route: route.id, gridId, known: true });
        }
      }
      if (s?.kind !== 'choose-then-list') continue;
      for (const a of s.actions ?? []) expect(Object.keys(ROW_ACTIONS)).toContain(a.id);
      if ('panel' in s.list) expect(Object.keys(PANELS)).toContain(s.list.panel);
    }
    for (const grid of registry.grids.values()) {
      for (const a of grid.rowActions ?? []) {
        // a row action's step is a transition of its record type's workflow; its window a grid with the columns it filters on
        if (a.step) {
          const wf = [...registry.workflows.values()].find((w) => (w.entityTypeIds ?? []).includes(a.step!.entityTypeId));
          expect({ grid: grid.id, action: a.id, step: wf?.transitions.some((t) => t.id === a.step!.transition) }).toEqual({ grid: grid.id, action: a.id, step: true });
        }
        if (a.gridWindow) {
          const shown = registry.grids.get(a.gridWindow.gridId);
          expect({ grid: grid.id, action: a.id, title: a.gridWindow.title in registry.texts }).toEqual({ grid: grid.id, action: a.id, title: true });
          for (const column of Object.keys(a.gridWindow.filters)) expect(shown?.columns.map((c) => c.propertyName)).toContain(column);
        }
        if (a.step || a.gridWindow) expect(Object.keys(ROW_ACTIONS)).toContain(rowActionComponent(a));
      }
      if (grid.viewModal) expect(Object.keys(ROW_ACTIONS)).toContain(grid.viewModal.name);
      for (const a of grid.selectionActions ?? []) expect({ grid: grid.id, action: a.id, runs: a.id in SELECTION_ACTIONS }).toEqual({ grid: grid.id, action: a.id, runs: true });
    }
  });
});

describe('an accordion screen', () => {
  const screen = { kind: 'accordion' as const, oneOpen: true, sections: [
    { id: 'search', title: 'coaching.searchUsers', open: true, content: { gridId: 'coach-search-users' } },
    { id: 'pending', title: 'coaching.pendingRequests', content: { gridId: 'coach-pending-requests' } },
  ] };

  it('opens the section the query parameter names, else the sections the metadata opens', () => {
    expect([...initiallyOpen(screen, 'pending')]).toEqual(['pending']);
    expect([...initiallyOpen(screen, null)]).toEqual(['search']);
    expect([...initiallyOpen(screen, 'nothing')]).toEqual(['search']);
    expect([...initiallyOpen({ ...screen, oneOpen: false, sections: screen.sections.map((x) => ({ ...x, open: true })) }, null)]).toEqual(['search', 'pending']);
    expect([...initiallyOpen({ ...screen, sections: screen.sections.map((x) => ({ ...x, open: true })) }, null)]).toEqual(['search']);
  });

  it('Manage Connections is one in tn and jh, and absent with the professional\'s Coaching screen in al', () => {
    for (const tenant of ['tn', 'jh']) {
      const routes = registryOf(tenant).routes;
      expect(routes.find((r) => r.id === 'manage-connections')?.screen?.kind).toBe('accordion');
      expect(routes.find((r) => r.id === 'my-coaching')?.roles).toEqual(['100']);
    }
    const al = registryOf('al').routes.map((r) => r.id);
    expect(al).not.toContain('manage-connections');
    expect(al).not.toContain('my-coaching');
  });
});
