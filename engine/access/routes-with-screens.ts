import type { Route } from '../metadata/app-schema.js';

/**
 * Routes that can be shown: a screen of their own (`hasScreen`: one the renderer has), or a parent
 * of some (a tabs parent needs a child).
 */
export function routesWithScreens(routes: readonly Route[], hasScreen: (route: Route) => boolean): Set<string> {
  const shown = new Set<string>();
  const byParent = new Map<string | undefined, Route[]>();
  for (const r of routes) byParent.set(r.parent, [...(byParent.get(r.parent) ?? []), r]);
  const visit = (r: Route): boolean => {
    const children = (byParent.get(r.id) ?? []).filter(visit);
    const ok = hasScreen(r) && (r.screen?.kind !== 'tabs' || children.length > 0);
    if (ok) shown.add(r.id);
    return ok;
  };
  (byParent.get(undefined) ?? []).forEach(visit);
  return shown;
}
