import { useRef } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { fullPath, menuRoutes } from '../../engine/access/menu-rules.js';
import { useMetadata } from '../app/metadata.js';
import { useShownRoutes } from '../app/shown-routes.js';
import { useViewer } from '../shell/use-viewer.js';

/** Menu scroll step on small screens (spec part 1 section 2). */
export const MENU_SCROLL_STEP = 100;

/**
 * The dashboard frame, as wide as the window up to a comfortable maximum: the side menu of the active
 * role (below desktop width a strip above the screen that scrolls with arrows) and the screen.
 */
export function DashboardLayout() {
  const m = useMetadata();
  const viewer = useViewer();
  const shown = useShownRoutes();
  const list = useRef<HTMLUListElement>(null);
  const entries = menuRoutes(m.routes, 'dashboard', viewer, (r) => shown.has(r.id));
  const scroll = (dx: number) => list.current?.scrollBy({ left: dx, behavior: 'smooth' });
  return (
    <div className="registry-dashboard registry-wide">
      <nav className="registry-side-menu" aria-label={m.text('layout.dashboardMenu')}>
        <button type="button" className="registry-side-menu__arrow" aria-label={m.text('layout.scrollMenuLeft')} onClick={() => scroll(-MENU_SCROLL_STEP)}>‹</button>
        <ul className="usa-sidenav registry-side-menu__list" ref={list}>
          {entries.map((r) => (
            <li key={r.id} className="usa-sidenav__item">
              <NavLink to={fullPath(m.routes, r.id)} end={r.id === 'dashboard-main'} className={({ isActive }) => (isActive ? 'usa-current' : '')}>{r.displayName ?? r.id}</NavLink>
            </li>
          ))}
        </ul>
        <button type="button" className="registry-side-menu__arrow" aria-label={m.text('layout.scrollMenuRight')} onClick={() => scroll(MENU_SCROLL_STEP)}>›</button>
      </nav>
      <div className="registry-dashboard__screen"><Outlet /></div>
    </div>
  );
}
