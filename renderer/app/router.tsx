import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { routesWithScreens } from '../../engine/access/routes-with-screens.js';
import type { Route } from '../../engine/metadata/app-schema.js';
import { Shell } from '../shell/shell.js';
import { NotFoundScreen } from '../screens/not-found-screen.js';
import type { MetadataIndex } from './metadata.js';
import { screenLoader } from './screen-registry.js';

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
  const shown = routesWithScreens(m.routes, (r) => screenLoader(r) !== null);
  const top = m.routes.filter((r) => r.parent === undefined && shown.has(r.id));
  return createBrowserRouter([{
    id: 'root',
    element: <Shell shown={shown} />,
    hydrateFallbackElement: <p role="status">Loading…</p>,
    children: [...top.map((r) => toRouteObject(r, m.routes, shown)), { path: '*', element: <NotFoundScreen /> }],
  }]);
}
