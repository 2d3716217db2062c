import type { Route } from '../metadata/app-schema.js';
import { roleAllows, routeChain, type Viewer } from './menu-rules.js';

export interface GuardState extends Viewer {
  /** first-time users must complete their profile first */
  firstTime: boolean;
  /** users with new terms must accept them first */
  mustAcceptTerms: boolean;
}

export type GuardOutcome =
  | { kind: 'allow' }
  | { kind: 'login'; redirect: string }
  | { kind: 'route'; routeId: string };

export const HOME_ROUTE = 'home';
export const FIRST_TIME_ROUTE = 'profile-personal';
export const ACCEPT_TERMS_ROUTE = 'accept-terms';
export const DASHBOARD_ROUTE = 'dashboard-main';

/**
 * The route guard of spec part 1 section 4, over the matched segments (top first):
 * signed-out visitors of a signed-in route go to the root with a `redirect` to the full target;
 * first-time users are held on profile-personal, users with new terms on accept-terms; every claim
 * of every matched segment must be held and the active role must be allowed, else home.
 */
export function guardRoute(matched: readonly Route[], state: GuardState, target: string): GuardOutcome {
  const needsLogin = matched.some((r) => r.requiresAuth);
  if (!state.signedIn) return needsLogin ? { kind: 'login', redirect: target } : { kind: 'allow' };
  const leaf = matched[matched.length - 1];
  if (state.firstTime && leaf?.id !== FIRST_TIME_ROUTE) return { kind: 'route', routeId: FIRST_TIME_ROUTE };
  if (state.mustAcceptTerms && leaf?.id !== ACCEPT_TERMS_ROUTE) return { kind: 'route', routeId: ACCEPT_TERMS_ROUTE };
  if (matched.some((r) => r.hideOnAuth)) return { kind: 'route', routeId: DASHBOARD_ROUTE };
  const claims = state.context.user.claims;
  if (!matched.every((r) => (r.claims ?? []).every((c) => claims.includes(c)))) return { kind: 'route', routeId: HOME_ROUTE };
  if (!matched.every((r) => roleAllows(r, state))) return { kind: 'route', routeId: HOME_ROUTE };
  return { kind: 'allow' };
}

/**
 * Where accepting the updated terms leads (spec part 1 section 4): the route the server named,
 * or dashboard-main when it named none, 'default' or a route this app does not have. A `userId`
 * parameter of the route is filled in. The caller adds displayWelcome=true.
 */
export function termsNextPath(routes: readonly Route[], named: string | null | undefined, userId: string): string {
  const id = named && named !== 'default' && routes.some((r) => r.id === named) ? named : DASHBOARD_ROUTE;
  const path = routeChain(routes, id).map((r) => r.path.replace(/^\/|\/$/g, '')).filter(Boolean).join('/');
  return `/${path}`.replace(/:userId\??/g, encodeURIComponent(userId)).replace(/\/:[A-Za-z]+\?/g, '');
}
