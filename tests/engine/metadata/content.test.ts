import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Role, Route, Tenant } from '../../../engine/metadata/app-schema.js';
import { overlay } from '../../../engine/metadata/overlay.js';
import { listTenants, loadRegistry } from '../../../server/metadata/load-metadata.js';
import { PROJECT_ROOT } from './metadata-fixture.js';

const read = (path: string): unknown => JSON.parse(readFileSync(join(PROJECT_ROOT, path), 'utf8'));
const merged = <T>(file: string, tenant: string): T => overlay(read(`metadata/${file}`), read(`tenants/${tenant}/${file}`)) as T;
/** The routes a tenant offers: a route of a feature the tenant keeps off (tenant.json features) is offered to no one. */
const offeredRouteIds = (tenant: string): string[] => merged<Route[]>('routes.json', tenant).filter((r) => r.feature === undefined || tenantOf(tenant).features[r.feature] === true).map((r) => r.id);
const roleIds = (tenant: string): string[] => merged<Role[]>('roles.json', tenant).map((r) => r.id);
const tenantOf = (code: string): Tenant => read(`tenants/${code}/tenant.json`) as Tenant;
const OWN_FILES = /(^|\/)(routes|roles|tenant)\.json$|texts\/app\.json$/;

describe('the registry metadata content', () => {
  it('has the three tenants', () => {
    expect(listTenants(PROJECT_ROOT)).toEqual(['al', 'jh', 'tn']);
  });

  it.each(['tn', 'al', 'jh'])('%s: routes, roles, texts and tenant.json compile without problems', (tenant) => {
    const { problems } = loadRegistry(PROJECT_ROOT, tenant);
    expect(problems.filter((p) => OWN_FILES.test(p.file))).toEqual([]);
  });

  it.each([
    ['tn', '250', false], ['tn', '300', true], ['tn', '375', true],
    ['al', '250', true], ['al', '300', false], ['al', '375', false],
    ['jh', '250', true], ['jh', '300', true], ['jh', '375', true],
  ])('%s: role %s available is %s', (tenant, role, available) => {
    expect(roleIds(tenant).includes(role)).toBe(available);
  });

  it.each([
    ['tn', ['calendar', 'dhr-report', 'dashboard-resume-menu', 'dashboard-career', 'career-lattice', 'admin-reports', 'user-guide'], ['quicksight', 'dashboard-pdp', 'profile-communityservice']],
    ['al', ['quicksight', 'dashboard-resume-menu', 'profile-communityservice', 'dashboard-pdp', 'pdp-goals', 'user-guide'], ['dashboard-career', 'calendar', 'dhr-report']],
    ['jh', ['quicksight', 'dashboard-resume-menu', 'dashboard-career', 'career-info'], ['user-guide', 'dashboard-pdp', 'calendar']],
  ])('%s: locale tweaks drop %j and keep %j', (tenant, dropped, kept) => {
    const ids = offeredRouteIds(tenant);
    for (const id of dropped) expect(ids).not.toContain(id);
    for (const id of kept) expect(ids).toContain(id);
  });

  it.each(['tn', 'al', 'jh'])('%s: no route names a role the tenant lacks', (tenant) => {
    const roles = new Set(roleIds(tenant));
    const bad = merged<Route[]>('routes.json', tenant).flatMap((r) => (r.roles ?? []).filter((x) => !roles.has(x)).map((x) => `${r.id}:${x}`));
    expect(bad).toEqual([]);
  });

  it.each([
    ['tn', 'messaging', ['100', '200', '400', '500']],
    ['al', 'messaging', ['100', '200', '250', '350', '400', '500']],
    ['jh', 'messaging', ['100', '200', '250', '400', '500']],
    ['al', 'request-history', ['200', '350']],
    ['al', 'organization-requests', ['200', '350']],
    ['jh', 'notifications', ['100', '200', '250', '300', '350', '375', '400', '500']],
    ['jh', 'search-users', ['350', '375', '400', '500']],
    ['jh', 'verification-history', ['200', '350', '375']],
    ['jh', 'dashboard-psr', ['200', '350', '375', '400', '500']],
  ])('%s: route %s is for roles %j', (tenant, id, roles) => {
    expect(merged<Route[]>('routes.json', tenant).find((r) => r.id === id)?.roles).toEqual(roles);
  });

  it.each([
    ['manage-users', undefined, ['User.write.all']],
    ['agency-reports', ['350'], ['User.read.all']],
    ['admin-reports', ['400', '500'], ['User.write.all']],
    ['action-history', undefined, ['User.write.all']],
  ])('route %s has roles %j and claims %j', (id, roles, claims) => {
    const route = merged<Route[]>('routes.json', 'jh').find((r) => r.id === id);
    expect(route?.roles).toEqual(roles);
    expect(route?.claims).toEqual(claims);
  });

  it('orders the profile tabs by sequence and shows the education and certification grids', () => {
    const tabs = merged<Route[]>('routes.json', 'jh').filter((r) => r.parent === 'profile').sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
    expect(tabs.map((t) => t.path.split('/')[0])).toEqual(['personal', 'employment', 'education', 'training', 'communityservice', 'membership', 'settings']);
    expect(tabs.find((t) => t.id === 'profile-education')?.screen).toEqual({ kind: 'grid', gridId: 'education' });
    expect(tabs.find((t) => t.id === 'profile-training')?.screen).toEqual({ kind: 'grid', gridId: 'certification' });
  });

  it.each([
    ['100', 'My'], ['200', "Director's"], ['250', "QEA's"], ['300', "Coach's"], ['375', "DHS Supervisor's"],
    ['400', "Manager's"], ['500', 'Administrator'], ['AdminUser', 'Administrator'],
  ])('role %s has dashboard title %s', (role, title) => {
    expect(merged<Role[]>('roles.json', 'jh').find((r) => r.id === role)?.dashboardTitle).toBe(title);
  });

  it.each([
    ['100', []], ['200', []], ['250', ['User.read.all']], ['350', ['User.read.all']], ['375', ['User.read.all']],
    ['400', ['User.read.all', 'User.write.all']], ['500', ['User.read.all', 'User.write.all']], ['AdminUser', ['User.read.all', 'User.write.all', 'Metadata.write']],
  ])('role %s has claims %j', (role, claims) => {
    expect(merged<Role[]>('roles.json', 'jh').find((r) => r.id === role)?.claims).toEqual(claims);
  });

  it.each([
    ['tn', 'DHS Staff'], ['al', 'Child Care Consultant'], ['jh', 'Licensing Consultant'],
  ])('%s: role 350 is labelled %s, like the tenant staff role label', (tenant, label) => {
    expect(merged<Role[]>('roles.json', tenant).find((r) => r.id === '350')?.label).toBe(label);
    expect(tenantOf(tenant).staffRoleLabel).toBe(label);
  });

  it.each([
    ['tn', true, false], ['al', false, true], ['jh', false, false],
  ])('%s: TrainingReport/TrainTN %s, password rules %s, QuickSight off', (tenant, tnFeatures, passwordRules) => {
    const t = tenantOf(tenant);
    expect(t.code).toBe(tenant);
    expect(t.features.TrainingReport).toBe(tnFeatures);
    expect(t.features.TrainTN).toBe(tnFeatures);
    expect(t.features.QuickSightEnabled).toBe(false);
    expect(t.passwordRules !== undefined).toBe(passwordRules);
  });

  it.each([
    ['error.forbidden', 'Insufficient access privileges'],
    ['grid.noData', 'No Data to Display'],
    ['grid.confirmDelete', 'Are you sure you want to delete?'],
    ['grid.confirmDisable', 'Are you sure you want to disable?'],
    ['grid.filterHint', 'Enter the {column} value by which to filter the results'],
    ['employment.endDateRequired', 'Please select a employment end date.'],
    ['verification.verified', 'Record Verified!'],
    ['password.invalid', 'Password is not valid. See rules above.'],
    ['session.expired', 'Your session has expired due to inactivity'],
  ])('text %s is the spec text verbatim', (key, text) => {
    expect((read('metadata/texts/app.json') as Record<string, string>)[key]).toBe(text);
  });

  it('leaves form.* texts to metadata/texts/form.json', () => {
    expect(Object.keys(read('metadata/texts/app.json') as object).filter((k) => k.startsWith('form.'))).toEqual([]);
  });
});
