import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import type { ReactNode } from 'react';
import { fullPath } from '../../engine/access/menu-rules.js';
import { ACCEPT_TERMS_ROUTE, FIRST_TIME_ROUTE, guardRoute } from '../../engine/access/route-guard.js';
import { useMetadata } from '../app/metadata.js';
import { pendingRouteAtom, profileAtom, signedOutAtom } from '../app/session.js';
import { useViewer } from './use-viewer.js';

/**
 * Applies the route guard to the matched route segments before a screen shows. Each redirect is
 * keyed by the location, so a second redirect to the same place (after another navigation) runs too.
 */
export function RouteGuard({ shown, children }: { shown: Set<string>; children: ReactNode }) {
  const m = useMetadata();
  const viewer = useViewer();
  const profile = useAtomValue(profileAtom);
  const pendingRoute = useAtomValue(pendingRouteAtom);
  const location = useLocation();
  const [signedOut, setSignedOut] = useAtom(signedOutAtom);
  const ids = new Set(useMatches().map((x) => x.id));
  const matched = m.routes.filter((r) => ids.has(r.id));
  const target = `${location.pathname}${location.search}`;
  const outcome = guardRoute(matched, {
    ...viewer,
    firstTime: (Boolean(profile?.firstTime) || pendingRoute === FIRST_TIME_ROUTE) && shown.has(FIRST_TIME_ROUTE),
    mustAcceptTerms: pendingRoute === ACCEPT_TERMS_ROUTE && shown.has(ACCEPT_TERMS_ROUTE),
  }, target);
  useEffect(() => {
    if (signedOut && outcome.kind === 'allow') setSignedOut(false);
  }, [signedOut, outcome.kind, setSignedOut]);
  if (outcome.kind === 'login') return <Navigate key={location.key} to={signedOut ? '/' : `/?redirect=${encodeURIComponent(outcome.redirect)}`} replace />;
  if (outcome.kind === 'route') {
    const to = fullPath(m.routes, outcome.routeId).replace('/:userId', `/${viewer.context.user.id}`);
    if (to !== location.pathname) return <Navigate key={location.key} to={to} replace />;
  }
  return <>{children}</>;
}
