import { Link } from 'react-router-dom';
import { fullPath, showInMenu } from '../../engine/access/menu-rules.js';
import type { ScreenLink } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { useShownRoutes } from '../app/shown-routes.js';
import { useViewer } from '../shell/use-viewer.js';

/**
 * A screen's links to related screens (route metadata `screen.links`), under its introduction; a
 * link is shown while its route is offered to the person (a route of a feature turned off is not
 * sent at all).
 */
export function ScreenLinks({ links }: { links: readonly ScreenLink[] | undefined }) {
  const m = useMetadata();
  const viewer = useViewer();
  const shown = useShownRoutes();
  const offered = (links ?? []).flatMap((l) => {
    const target = m.routes.find((r) => r.id === l.routeId);
    return target && shown.has(target.id) && showInMenu({ ...target, hidden: false }, viewer) ? [{ ...l, path: fullPath(m.routes, target.id) }] : [];
  });
  if (offered.length === 0) return null;
  return (
    <ul className="usa-list usa-list--unstyled screen-links">
      {offered.map((l) => <li key={l.routeId}><Link className="usa-link" to={l.path}>{m.text(l.label)}</Link></li>)}
    </ul>
  );
}
