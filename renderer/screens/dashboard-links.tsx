import { Link } from 'react-router-dom';
import { dashboardLinks, fullPath } from '../../engine/access/menu-rules.js';
import { useMetadata } from '../app/metadata.js';
import { useShownRoutes } from '../app/shown-routes.js';
import { useViewer } from '../shell/use-viewer.js';

/** Links to the screens whose routes ask for one on the dashboard (dashboardLink), e.g. My Calendar, which is not in the menu. */
export function DashboardLinks() {
  const m = useMetadata();
  const viewer = useViewer();
  const shown = useShownRoutes();
  const links = dashboardLinks(m.routes, viewer, (r) => shown.has(r.id));
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-links-heading">
      <h2 id="dashboard-links-heading">{m.text('dashboard.links.heading')}</h2>
      <ul className="usa-list">
        {links.map((r) => <li key={r.id}><Link to={fullPath(m.routes, r.id)}>{r.displayName ?? r.id}</Link></li>)}
      </ul>
    </section>
  );
}
