import type { Route } from '../metadata/app-schema.js';
import { ruleHolds } from '../rules/json-logic.js';
import type { RuleContext } from '../rules/rule-context.js';
import { effectiveRole } from './role-duties.js';

export interface Viewer {
  signedIn: boolean;
  context: RuleContext;
}

function activeRoleOf(v: Viewer): string {
  return effectiveRole(v.context);
}

/** Whether the active role may use a route: no roles listed means any role (spec part 1 section 2). */
export function roleAllows(route: Route, v: Viewer): boolean {
  return route.roles === undefined || route.roles.includes(activeRoleOf(v));
}

/** Menu rules of spec part 1 section 2, for one route. */
export function showInMenu(route: Route, v: Viewer): boolean {
  if (route.hidden) return false;
  if (route.hideOnAuth && v.signedIn) return false;
  if (route.requiresAuth && !v.signedIn) return false;
  if (route.claims?.length && !route.claims.some((c) => v.context.user.claims.includes(c))) return false;
  if (!roleAllows(route, v)) return false;
  return route.visible === undefined || ruleHolds(route.visible, v.context);
}

/** The menu entries under a parent (undefined: top level), sorted by sequence then display name. */
export function menuRoutes(routes: readonly Route[], parent: string | undefined, v: Viewer, hasScreen: (r: Route) => boolean = () => true): Route[] {
  return routes
    .filter((r) => r.parent === parent && hasScreen(r) && showInMenu(r, v))
    .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0) || (a.displayName ?? a.id).localeCompare(b.displayName ?? b.id));
}

/** The dashboard's links (routes with dashboardLink): those the viewer may open, menu or not, sorted as the menu. */
export function dashboardLinks(routes: readonly Route[], v: Viewer, hasScreen: (r: Route) => boolean = () => true): Route[] {
  return routes
    .filter((r) => r.dashboardLink === true && hasScreen(r) && showInMenu({ ...r, hidden: false }, v))
    .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0) || (a.displayName ?? a.id).localeCompare(b.displayName ?? b.id));
}

/** The routes from the top down to the given one (the matched segments). */
export function routeChain(routes: readonly Route[], id: string): Route[] {
  const byId = new Map(routes.map((r) => [r.id, r]));
  const chain: Route[] = [];
  for (let r = byId.get(id); r && chain.length <= routes.length; r = r.parent ? byId.get(r.parent) : undefined) chain.unshift(r);
  return chain;
}

/** The full path of a route (children's paths are relative to their parent). */
export function fullPath(routes: readonly Route[], id: string): string {
  const parts = routeChain(routes, id).map((r) => r.path).filter((p) => p !== '');
  const joined = parts.map((p) => p.replace(/^\/|\/$/g, '')).filter(Boolean).join('/');
  return `/${joined}`.replace(/\/:[A-Za-z]+\?/g, '');
}
