import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { FIRST_TIME_ROUTE } from '../../engine/access/route-guard.js';
import type { FirstProfileStep } from '../../engine/access/tab-steps.js';
import type { RuleUser } from '../../engine/rules/rule-context.js';
import { api, ApiError, connectSession } from './api-client.js';
import { queryClient } from './query-client.js';

/** The signed-in session, kept in session storage (spec part 1 section 4). */
export interface Session {
  token: string;
  userId: number;
  roles: string[];
  activeRole: string;
  permissions: string[];
  /** epoch ms */
  expiresAt: number;
  refreshAt: number;
}

export interface Profile {
  id: number;
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  registryId: string;
  firstTime: boolean;
  roles: { roleName: string; organizations: RoleOrganization[] }[];
}

interface TokenClaims { id: number; roles: string[]; activeRole: string; permissions: string[]; exp: number }

/** Reads the claims of a token (the server verifies it; the browser only needs to read it). */
export function claimsOf(token: string): TokenClaims {
  const part = token.split('.')[1] ?? '';
  const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(json) as TokenClaims;
}

export function sessionFromToken(token: string, refreshSeconds = 900): Session {
  const c = claimsOf(token);
  return { token, userId: c.id, roles: c.roles, activeRole: c.activeRole, permissions: c.permissions, expiresAt: c.exp * 1000, refreshAt: Date.now() + refreshSeconds * 1000 };
}

const storage = createJSONStorage<Session | null>(() => sessionStorage);
export const sessionAtom = atomWithStorage<Session | null>('registry.session', null, storage, { getOnInit: true });
export const profileAtom = atom<Profile | null>(null);
/** The limited route the sign-in answer named ('accept-terms', 'profile-personal'): the guard holds the person there. */
export const pendingRouteAtom = atomWithStorage<string | null>('registry.pendingRoute', null, createJSONStorage<string | null>(() => sessionStorage), { getOnInit: true });
/** The first-profile flow after the personal profile was first saved (engine/access/tab-steps). */
export const firstProfileStepAtom = atomWithStorage<'welcome' | 'next-step' | null>('registry.firstProfileStep', null, createJSONStorage<'welcome' | 'next-step' | null>(() => sessionStorage), { getOnInit: true });
/** Where the person is in their first profile: 'first-time' until the personal profile is saved. */
export const profileStepAtom = atom<FirstProfileStep>((get) => {
  if (get(profileAtom)?.firstTime || get(pendingRouteAtom) === FIRST_TIME_ROUTE) return 'first-time';
  return get(firstProfileStepAtom);
});
/** true from Logout until the home page shows: the guard then sends home without a redirect */
export const signedOutAtom = atom(false);

/** The caller as the rule engine sees it (signed-out visitors have no id and no active role: they act in the default role). */
export const ruleUserAtom = atom<RuleUser>((get) => {
  const s = get(sessionAtom);
  return s ? { id: s.userId, roles: s.roles, activeRole: s.activeRole, claims: s.permissions } : { id: 0, roles: [], activeRole: '', claims: [] };
});

const store = getDefaultStore();
connectSession({
  get: () => store.get(sessionAtom)?.token ?? null,
  set: (token) => store.set(sessionAtom, sessionFromToken(token)),
  onUnauthorized: () => store.set(sessionAtom, null),
});

// one person never sees another's cached server state, nor one role what was read in another
let cachedFor = { userId: store.get(sessionAtom)?.userId ?? null, activeRole: store.get(sessionAtom)?.activeRole ?? null };
store.sub(sessionAtom, () => {
  const s = store.get(sessionAtom);
  const now = { userId: s?.userId ?? null, activeRole: s?.activeRole ?? null };
  if (now.userId !== cachedFor.userId) queryClient.clear();
  else if (now.activeRole !== cachedFor.activeRole) void queryClient.resetQueries();
  cachedFor = now;
});

export interface LoginAnswer { route: string | null; jwt: string | null; apiOnly?: boolean }

/**
 * A sign-in or profile load that ends the session, with the catalogue text to show (spec part 1
 * section 8): 'No Jwt Token' (login.noToken), 'error retrieving profile' (profile.loadFailed),
 * 'profile not available' (profile.notAvailable). `silent`: a 401, which shows nothing.
 */
export class SessionFailure extends Error {
  constructor(readonly textKey: keyof typeof SESSION_FAILURE_TEXTS, readonly silent = false) {
    super(SESSION_FAILURE_TEXTS[textKey]);
  }
}

/** The catalogue's texts of these keys (metadata/texts/app.json), for callers that show only an error's message. */
const SESSION_FAILURE_TEXTS = {
  'login.noToken': 'No Jwt Token',
  'profile.loadFailed': 'error retrieving profile',
  'profile.notAvailable': 'profile not available',
} as const;

/** The token of a login answer's jwt (JSON text holding auth_token), or null when it holds none. */
function tokenOf(jwt: string | null): { auth_token: string; refresh_at?: number } | null {
  if (!jwt) return null;
  try {
    const parsed = JSON.parse(jwt) as { auth_token?: unknown; refresh_at?: number } | null;
    if (!parsed || typeof parsed.auth_token !== 'string' || parsed.auth_token === '') return null;
    claimsOf(parsed.auth_token);
    return { auth_token: parsed.auth_token, refresh_at: parsed.refresh_at };
  } catch {
    return null;
  }
}

let profileLoad: Promise<Profile> | null = null;

/**
 * GET /api/accounts (the profile), one request at a time: the sign-in and the shell asking at once
 * share it. A failure the server answered forces sign-out (spec part 1 section 4) and throws a
 * SessionFailure: 'profile not available' when the server has no profile for the person (404, or
 * an answer without one), 'error retrieving profile' for any other failure; a 401 is silent. A
 * request that got no answer (the page is being left, which cancels it, or the network is down)
 * keeps the session: leaving a page mid-load must not sign the person out.
 */
export function loadProfile(): Promise<Profile> {
  profileLoad ??= fetchProfile().finally(() => { profileLoad = null; });
  return profileLoad;
}

async function fetchProfile(): Promise<Profile> {
  let profile: Profile | null;
  try {
    profile = await api<Profile | null>('GET', '/accounts');
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    signOut();
    if (e instanceof ApiError && e.status === 401) throw new SessionFailure('profile.loadFailed', true);
    throw new SessionFailure(e instanceof ApiError && e.status === 404 ? 'profile.notAvailable' : 'profile.loadFailed');
  }
  if (!profile || typeof profile !== 'object' || typeof profile.id !== 'number' || !Array.isArray(profile.roles)) {
    signOut();
    throw new SessionFailure('profile.notAvailable');
  }
  store.set(profileAtom, profile);
  return profile;
}

/**
 * Signs in; answers the route the server names ('default', 'profile-personal', 'accept-terms').
 * An answer without a token (and not apiOnly) throws 'No Jwt Token'; a failing profile load signs
 * the person out again and throws its SessionFailure.
 */
export async function signIn(userName: string, password: string): Promise<LoginAnswer> {
  store.set(sessionAtom, null);
  store.set(signedOutAtom, false);
  const answer = await api<LoginAnswer>('POST', '/auth/login', { userName, password });
  if (answer.apiOnly) return answer;
  const jwt = tokenOf(answer.jwt);
  if (!jwt) throw new SessionFailure('login.noToken');
  store.set(sessionAtom, sessionFromToken(jwt.auth_token, jwt.refresh_at ?? 900));
  store.set(pendingRouteAtom, answer.route === 'accept-terms' || answer.route === 'profile-personal' ? answer.route : null);
  await loadProfile();
  return answer;
}

export function signOut(): void {
  // revoke the token on the server; fire and forget (the token is sent before it is cleared below)
  if (store.get(sessionAtom)) void api('POST', '/auth/logout').catch(() => undefined);
  store.set(signedOutAtom, true);
  store.set(sessionAtom, null);
  store.set(profileAtom, null);
  store.set(pendingRouteAtom, null);
  store.set(firstProfileStepAtom, null);
}

/**
 * After the first save of the personal profile: the notify and seed calls (spec part 1 section 4),
 * then the welcome step of the flow. The person is no longer first-time once seed answers.
 */
export async function completeFirstProfile(userId: number): Promise<void> {
  await api('POST', '/accounts/notify', { userId });
  await api('POST', '/accounts/seed', { userId });
  await reloadProfile();
  store.set(firstProfileStepAtom, 'welcome');
  store.set(pendingRouteAtom, null);
}

/**
 * After the updated terms were accepted (spec part 1 section 4): the notify and seed calls. Their
 * failures are not shown ("many calls that fail only clear their busy indicator"): seed refuses a
 * first-time person whose personal profile is still incomplete, who then stays first-time.
 */
export async function afterTermsAccepted(userId: number): Promise<void> {
  await api('POST', '/accounts/notify', { userId }).catch(() => undefined);
  await api('POST', '/accounts/seed', { userId }).catch(() => undefined);
}

/** GET /api/accounts again after the person changed their own profile (names, e-mail, first-time). */
export async function reloadProfile(): Promise<void> {
  await loadProfile();
}

/** GET /api/auth/heartbeat: a fresh token while the person is active (spec part 1 section 4). */
export async function refreshSession(): Promise<void> {
  const answer = await api<{ jwt: string }>('GET', '/auth/heartbeat');
  const jwt = JSON.parse(answer.jwt) as { auth_token: string; refresh_at?: number };
  if (store.get(sessionAtom)) store.set(sessionAtom, sessionFromToken(jwt.auth_token, jwt.refresh_at ?? 900));
}

/** An organization where a role is held. */
export interface RoleOrganization { organizationId: number; organizationName: string }

/** The role switch answer (spec part 1 section 3 "Active role"): a new token, role.roleName, role.roleId and organizations. */
interface RoleSwitchAnswer { jwt: string; role: { roleName: string; roleId: string }; organizations: RoleOrganization[] }

/**
 * The organizations of the active role (none for general roles), for every organization-level
 * screen (organization dropdowns, staff management, reports): they follow a role switch.
 */
export const activeOrganizationsAtom = atom<readonly RoleOrganization[]>((get) => {
  const active = get(sessionAtom)?.activeRole;
  return get(profileAtom)?.roles.find((r) => r.roleName === active)?.organizations ?? [];
});

/** Switches the active role; the server answers a new token and the role's organizations (kept in the profile). */
export async function switchRole(role: string): Promise<void> {
  const answer = await api<RoleSwitchAnswer>('POST', '/userorganizationroles/roleswitch', { role });
  const jwt = JSON.parse(answer.jwt) as { auth_token: string; refresh_at?: number };
  const profile = store.get(profileAtom);
  if (profile) {
    const roles = profile.roles.some((r) => r.roleName === answer.role.roleName)
      ? profile.roles.map((r) => (r.roleName === answer.role.roleName ? { ...r, organizations: answer.organizations } : r))
      : [...profile.roles, { roleName: answer.role.roleName, organizations: answer.organizations }];
    store.set(profileAtom, { ...profile, roles });
  }
  store.set(sessionAtom, sessionFromToken(jwt.auth_token, jwt.refresh_at ?? 900));
}
