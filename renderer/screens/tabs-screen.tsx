import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import type { Route } from '../../engine/metadata/app-schema.js';
import { fullPath, menuRoutes } from '../../engine/access/menu-rules.js';
import { useMetadata } from '../app/metadata.js';
import { useShownRoutes } from '../app/shown-routes.js';
import { useViewer } from '../shell/use-viewer.js';

/** A tab bar built from the child routes (display name, sequence) with the chosen tab below. */
export function TabsScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const viewer = useViewer();
  const shown = useShownRoutes();
  const location = useLocation();
  const tabs = menuRoutes(m.routes, route.id, { ...viewer }, (r) => shown.has(r.id));
  const base = fullPath(m.routes, route.id);
  const first = tabs[0];
  if (first && location.pathname.replace(/\/$/, '') === base) return <Navigate to={fullPath(m.routes, first.id)} replace />;
  return (
    <div>
      <h1>{route.displayName ?? route.id}</h1>
      <nav aria-label={`${route.displayName ?? route.id} sections`} className="registry-tabs">
        <ul className="registry-tabs__list">
          {tabs.map((t) => (
            <li key={t.id}><NavLink className={({ isActive }) => `registry-tabs__tab${isActive ? ' is-active' : ''}`} to={fullPath(m.routes, t.id)}>{t.displayName ?? t.id}</NavLink></li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
