import { describe, expect, it } from 'vitest';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { dashboardLinks, fullPath, menuRoutes, routeChain, showInMenu, type Viewer } from '../../../engine/access/menu-rules.js';

/** the tenant's roles as rules read them: 100 holds the staff duty, the default role */
const TENANT_ROLES = new Map([['100', { id: '100', label: 'EC Professional', claims: [], duty: 'staff' as const }]]);

const viewer = (signedIn: boolean, activeRole = '', claims: string[] = [], roles: string[] = [], tenant = 'tn'): Viewer => ({
  signedIn,
  context: { user: { id: signedIn ? 1 : 0, roles, activeRole, claims }, roles: TENANT_ROLES, tenant, today: '2026-11-21' },
});

const route = (r: Partial<Route> & { id: string }): Route => ({ path: r.id, ...r });

describe('menu rules (spec part 1 section 2)', () => {
  it.each<[string, Route, Viewer, boolean]>([
    ['a plain route shows to visitors', route({ id: 'about' }), viewer(false), true],
    ['a hidden route never shows', route({ id: 'x', hidden: true }), viewer(true, '100'), false],
    ['hide-on-auth shows to visitors', route({ id: 'login', hideOnAuth: true }), viewer(false), true],
    ['hide-on-auth hides when signed in', route({ id: 'login', hideOnAuth: true }), viewer(true, '100'), false],
    ['requires-login hides from visitors', route({ id: 'd', requiresAuth: true }), viewer(false), false],
    ['requires-login shows when signed in', route({ id: 'd', requiresAuth: true }), viewer(true, '100'), true],
    ['a claim-gated route needs one of its claims', route({ id: 'm', claims: ['User.write.all', 'User.read.all'] }), viewer(true, '350', ['User.read.all']), true],
    ['a claim-gated route hides without its claims', route({ id: 'm', claims: ['User.write.all'] }), viewer(true, '350', ['User.read.all']), false],
    ['roles filter by the active role', route({ id: 'r', roles: ['200', '350'] }), viewer(true, '200'), true],
    ['another active role does not see it', route({ id: 'r', roles: ['200', '350'] }), viewer(true, '100', [], ['100', '200']), false],
    ['no active role is treated as 100', route({ id: 'p', roles: ['100'] }), viewer(true, ''), true],
    ['an empty roles list shows to nobody', route({ id: 'n', roles: [] }), viewer(true, '500'), false],
    ['a visible rule on the tenant', route({ id: 'f', visible: { tenant: ['tn'] } }), viewer(true, '100', [], [], 'al'), false],
    ['a visible rule that holds', route({ id: 'f', visible: { tenant: ['tn'] } }), viewer(true, '100'), true],
  ])('%s', (_label, r, v, expected) => {
    expect(showInMenu(r, v)).toBe(expected);
  });

  const routes: Route[] = [
    route({ id: 'dashboard', path: '/dashboard', requiresAuth: true }),
    route({ id: 'dashboard-main', path: '', parent: 'dashboard', sequence: 0 }),
    route({ id: 'b', path: 'b', parent: 'dashboard', sequence: 2, displayName: 'B' }),
    route({ id: 'a', path: 'a', parent: 'dashboard', sequence: 1, displayName: 'A', roles: ['100'] }),
    route({ id: 'c', path: 'c/:userId?', parent: 'a', sequence: 1 }),
  ];

  it('lists the children of a parent by sequence, filtered by role and by screen', () => {
    expect(menuRoutes(routes, 'dashboard', viewer(true, '100')).map((r) => r.id)).toEqual(['dashboard-main', 'a', 'b']);
    expect(menuRoutes(routes, 'dashboard', viewer(true, '200')).map((r) => r.id)).toEqual(['dashboard-main', 'b']);
    expect(menuRoutes(routes, 'dashboard', viewer(true, '100'), (r) => r.id !== 'b').map((r) => r.id)).toEqual(['dashboard-main', 'a']);
  });

  it.each([
    ['dashboard-main', '/dashboard'],
    ['a', '/dashboard/a'],
    ['c', '/dashboard/a/c'],
  ])('the full path of %s is %s', (id, path) => {
    expect(fullPath(routes, id)).toBe(path);
  });

  it('gives the chain of matched segments from the top', () => {
    expect(routeChain(routes, 'c').map((r) => r.id)).toEqual(['dashboard', 'a', 'c']);
  });

  it.each<[string, string, string[]]>([
    ['a professional', '100', ['calendar']],
    ['a trainer', '250', ['calendar']],
    ['a director', '200', []],
  ])('offers %s the dashboard links of routes kept out of the menu that they may open', (_label, role, expected) => {
    const linked = [
      route({ id: 'calendar', path: 'calendar', parent: 'dashboard', requiresAuth: true, hidden: true, dashboardLink: true, roles: ['100', '250'] }),
      route({ id: 'not-linked', path: 'n', parent: 'dashboard', hidden: true, roles: ['100', '250', '200'] }),
    ];
    expect(dashboardLinks(linked, viewer(true, role)).map((r) => r.id)).toEqual(expected);
    expect(dashboardLinks(linked, viewer(false)).map((r) => r.id)).toEqual([]);
  });
});
