import { describe, expect, it } from 'vitest';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { guardRoute, termsNextPath, type GuardOutcome, type GuardState } from '../../../engine/access/route-guard.js';

const state = (o: Partial<{ signedIn: boolean; activeRole: string; claims: string[]; firstTime: boolean; mustAcceptTerms: boolean }> = {}): GuardState => ({
  signedIn: o.signedIn ?? true,
  firstTime: o.firstTime ?? false,
  mustAcceptTerms: o.mustAcceptTerms ?? false,
  context: { user: { id: 1, roles: [o.activeRole ?? '100'], activeRole: o.activeRole ?? '100', claims: o.claims ?? [] }, tenant: 'tn', today: '2026-11-21' },
});

const dashboard: Route = { id: 'dashboard', path: '/dashboard', requiresAuth: true };
const manage: Route = { id: 'manage-users', path: 'manage-users', parent: 'dashboard', claims: ['User.write.all'] };
const reports: Route = { id: 'agency-reports', path: 'agency-reports', parent: 'dashboard', roles: ['350'], claims: ['User.read.all'] };
const about: Route = { id: 'about', path: '/about' };
const login: Route = { id: 'login-form', path: '', hideOnAuth: true };
const personal: Route = { id: 'profile-personal', path: 'personal', parent: 'profile' };
const terms: Route = { id: 'accept-terms', path: '/profile/accept-terms/:userId', requiresAuth: true };

describe('route guard (spec part 1 section 4)', () => {
  it.each<[string, Route[], GuardState, GuardOutcome]>([
    ['a public route proceeds for visitors', [about], state({ signedIn: false }), { kind: 'allow' }],
    ['a signed-in route sends visitors to the root with the target', [dashboard, manage], state({ signedIn: false }), { kind: 'login', redirect: '/dashboard/manage-users?x=1' }],
    ['a first-time user is held on profile-personal', [dashboard, manage], state({ firstTime: true, claims: ['User.write.all'] }), { kind: 'route', routeId: 'profile-personal' }],
    ['a first-time user may open profile-personal', [dashboard, personal], state({ firstTime: true }), { kind: 'allow' }],
    ['a user with new terms is held on accept-terms', [about], state({ mustAcceptTerms: true }), { kind: 'route', routeId: 'accept-terms' }],
    ['a user with new terms may open accept-terms', [terms], state({ mustAcceptTerms: true }), { kind: 'allow' }],
    ['every claim of every segment must be held', [dashboard, manage], state({ activeRole: '350', claims: ['User.read.all'] }), { kind: 'route', routeId: 'home' }],
    ['holding the claims proceeds', [dashboard, manage], state({ activeRole: '400', claims: ['User.read.all', 'User.write.all'] }), { kind: 'allow' }],
    ['the active role must be allowed', [dashboard, reports], state({ activeRole: '375', claims: ['User.read.all'] }), { kind: 'route', routeId: 'home' }],
    ['role and claim held', [dashboard, reports], state({ activeRole: '350', claims: ['User.read.all'] }), { kind: 'allow' }],
    ['a signed-in user visiting the login form goes to the dashboard', [login], state(), { kind: 'route', routeId: 'dashboard-main' }],
  ])('%s', (_label, matched, s, expected) => {
    expect(guardRoute(matched, s, '/dashboard/manage-users?x=1')).toEqual(expected);
  });
});

describe('termsNextPath: where accepting the updated terms leads (spec part 1 section 4)', () => {
  const routes = [
    { id: 'dashboard', path: '/dashboard', displayName: 'Dashboard' },
    { id: 'dashboard-main', path: '', parent: 'dashboard', displayName: 'Dashboard' },
    { id: 'profile', path: 'profile', parent: 'dashboard', displayName: 'My Profile' },
    { id: 'profile-personal', path: 'personal/:userId?', parent: 'profile', displayName: 'Personal' },
  ] as Route[];
  it.each([
    [null, '/dashboard'],
    ['default', '/dashboard'],
    ['no-such-route', '/dashboard'],
    ['profile-personal', '/dashboard/profile/personal/42'],
  ])('the server named %s: %s', (named, path) => {
    expect(termsNextPath(routes, named, '42')).toBe(path);
  });
});
