import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { Route } from '../../engine/metadata/app-schema.js';
import { Shell } from '../shell/shell.js';
import { NotFoundScreen } from '../screens/not-found-screen.js';
import type { MetadataIndex } from './metadata.js';
import { screenLoader } from './screens.js';

/** Routes that can be shown: a screen of their own, or a parent of some (tabs parents need a child). */
export function routesWithScreens(routes: readonly Route[]): Set<string> {
  const shown = new Set<string>();
  const byParent = new Map<string | undefined, Route[]>();
  for (const r of routes) byParent.set(r.parent, [...(byParent.get(r.parent) ?? []), r]);
  const visit = (r: Route): boolean => {
    const children = (byParent.get(r.id) ?? []).filter(visit);
    const ok = screenLoader(r) !== null && (r.screen?.kind !== 'tabs' || children.length > 0);
    if (ok) shown.add(r.id);
    return ok;
  };
  (byParent.get(undefined) ?? []).forEach(visit);
  return shown;
}

function toRouteObject(route: Route, all: readonly Route[], shown: Set<string>): RouteObject {
  const load = screenLoader(route)!;
  const children = all.filter((c) => c.parent === route.id && shown.has(c.id)).map((c) => toRouteObject(c, all, shown));
  const lazy = async () => {
    const Screen = await load();
    return { element: <Screen route={route} /> };
  };
  if (route.path === '' && children.length === 0) return { id: route.id, index: true, lazy };
  return { id: route.id, path: route.path, lazy, children };
}

/** The browser router, built from route metadata: path-style URLs, route ids are the spec's route names. */
export function buildRouter(m: MetadataIndex) {
  const shown = routesWithScreens(m.routes);
  const top = m.routes.filter((r) => r.parent === undefined && shown.has(r.id));
  return createBrowserRouter([{
    id: 'root',
    element: <Shell shown={shown} />,
    hydrateFallbackElement: <p role="status">Loading…</p>,
    children: [...top.map((r) => toRouteObject(r, m.routes, shown)), { path: '*', element: <NotFoundScreen /> }],
  }]);
}
