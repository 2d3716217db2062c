import { NavLink } from 'react-router-dom';
import { fullPath, showInMenu, type Viewer } from '../../engine/access/menu-rules.js';
import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { useUnreadCount, type UnreadKind } from './use-unread-count.js';
import { useViewer } from './use-viewer.js';

/** Icon paths (24 x 24) of the U.S. Web Design System icon set: mail and notifications. */
const ICONS: Record<UnreadKind, string> = {
  message: 'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 4-8 5-8-5V6l8 5 8-5v2z',
  notification: 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z',
};

interface Badge { kind: UnreadKind; routeId: string; name: string; unread: string }

const BADGES: readonly Badge[] = [
  { kind: 'message', routeId: 'messaging', name: 'live.messages', unread: 'live.messagesUnread' },
  { kind: 'notification', routeId: 'notifications', name: 'live.notifications', unread: 'live.notificationsUnread' },
];

/** Whether the signed-in viewer's active role may use the route (its menu rule: roles, claims, tenant overlays). */
export function routeOffered(routes: readonly Route[], viewer: Viewer, id: string): boolean {
  const route = routes.find((r) => r.id === id);
  return route !== undefined && viewer.signedIn && showInMenu(route, viewer);
}

/**
 * The Messages and Notifications links of the navigation bar with their unread counts (spec part 1
 * section 2): shown when the route's metadata lets the active role in (messaging never for 300 and
 * 375, 350 only in al), the count as a badge when above 0 and in the link's name ('Messages, 3 unread').
 */
export function LiveBadges() {
  const m = useMetadata();
  const viewer = useViewer();
  const shown = BADGES.filter((b) => routeOffered(m.routes, viewer, b.routeId));
  if (shown.length === 0) return null;
  return (
    <ul className="registry-live-badges">
      {shown.map((b) => <BadgeLink key={b.kind} badge={b} />)}
    </ul>
  );
}

function BadgeLink({ badge }: { badge: Badge }) {
  const m = useMetadata();
  const count = useUnreadCount(badge.kind);
  return (
    <li>
      <NavLink className="registry-live-badge" to={fullPath(m.routes, badge.routeId)} aria-label={count > 0 ? m.text(badge.unread, { count }) : undefined}>
        <svg className="registry-live-badge__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d={ICONS[badge.kind]} fill="currentColor" />
        </svg>
        <span className="registry-live-badge__label">{m.text(badge.name)}</span>
        {count > 0 && <span className="registry-live-badge__count" aria-hidden="true">{count > 99 ? '99+' : count}</span>}
      </NavLink>
    </li>
  );
}
