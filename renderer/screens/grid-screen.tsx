import { Link } from 'react-router-dom';
import { fullPath, showInMenu } from '../../engine/access/menu-rules.js';
import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { useShownRoutes } from '../app/shown-routes.js';
import { useViewer } from '../shell/use-viewer.js';
import { MetadataGrid } from './metadata-grid.js';
import { ScreenHeading } from './screen-heading.js';

/** A route whose screen is a grid: its heading, an optional introduction and links, and the grid with its forms and actions. */
export function GridScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const viewer = useViewer();
  const shown = useShownRoutes();
  const screen = route.screen?.kind === 'grid' ? route.screen : null;
  const grid = m.grid(screen?.gridId ?? '');
  if (!screen || !grid) return <p>This screen is not available.</p>;
  const title = route.displayName ?? m.entity(grid.entityTypeId)?.displayName ?? grid.id;
  // a link is shown while its route is offered to the person (a route of a feature turned off is not sent at all)
  const links = (screen.links ?? []).flatMap((l) => {
    const target = m.routes.find((r) => r.id === l.routeId);
    return target && shown.has(target.id) && showInMenu({ ...target, hidden: false }, viewer) ? [{ ...l, path: fullPath(m.routes, target.id) }] : [];
  });
  return (
    <div>
      <ScreenHeading id={`${grid.id}-heading`}>{title}</ScreenHeading>
      {screen.intro && <p>{m.text(screen.intro)}</p>}
      {links.length > 0 && (
        <ul className="usa-list usa-list--unstyled screen-links">
          {links.map((l) => <li key={l.routeId}><Link to={l.path}>{m.text(l.label)}</Link></li>)}
        </ul>
      )}
      <MetadataGrid gridId={grid.id} caption={`${title} records`} />
    </div>
  );
}
