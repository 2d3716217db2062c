import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleUser } from '../../engine/rules/rule-context.js';
import {
  addEmployment, addOrganization, employmentRow, personWith, requestRows, saveEmployment, TITLE, visibleActions, type Person,
} from '../support/employment.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let acorns: number;
let oaks: number;
let closed: number;
let camp: number;
let director: Person;
let oaksDirector: Person;

const asUser = (p: Person, roles = ['100']): RuleUser => ({ id: p.id, roles, activeRole: '100', claims: [] });
const request = (p: Person, employmentRecordId: number, requestType: number) => t.post('/api/userorganizationroles/request', { employmentRecordId, requestType }, p.token);
const decide = (p: Person, ids: number[], action: 'Approved' | 'Rejected', comments?: string) =>
  t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: ids, action, ...(comments ? { comments } : {}) }, p.token);
/** Ending one's own role ends one's other sessions: this one goes on with the token the answer carries (as in the browser). */
const endRole = async (p: Person, body: Record<string, unknown>) => {
  const res = await t.post('/api/userorganizationroles', body, p.token);
  const renewed = res.headers['x-auth-token'];
  if (typeof renewed === 'string') p.token = renewed;
  return res;
};
/** a past date: the server's today is in the tenant's time zone */
const today = () => '2025-01-15';

/** A professional with one employment at an organization, and the id of the request they made (if any). */
async function employed(orgId: number | null, opts: { title?: string; requestStaff?: boolean } = {}) {
  const p = await personWith(t, 'Pro', [{ role: '100' }]);
  const id = await addEmployment(t, p.token, orgId === null ? { employer: 'Corner Store', title: opts.title } : { agencyId: orgId, title: opts.title });
  const requestId = opts.requestStaff ? (await request(p, id, 100)).json<{ rolePromotionActionId: number }>().rolePromotionActionId : null;
  return { p, id, requestId };
}

async function staffAt(orgId: number, title: string = TITLE.teacher) {
  const e = await employed(orgId, { title, requestStaff: true });
  expect((await decide(orgId === oaks ? oaksDirector : director, [e.requestId!], 'Approved')).statusCode).toBe(200);
  return e;
}

beforeAll(async () => {
  t = await startTestApp('tn');
  acorns = await addOrganization(t, 'Little Acorns Learning Center');
  oaks = await addOrganization(t, 'Twin Oaks Preschool', { county: 'Knox' });
  closed = await addOrganization(t, 'Closed Corner Care', { agency_is_closed: true });
  camp = await addOrganization(t, 'Parks Summer Camp', { is_registry_organization: false });
  director = await personWith(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  oaksDirector = await personWith(t, 'Olga', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('employment records (entity 8, form 6)', () => {
  it('stores an agency of the registry by its key and shows its name as the employer', async () => {
    const { p, id } = await employed(acorns);
    const row = await employmentRow(t, p.token, id);
    expect(row).toMatchObject({ employerName: 'Little Acorns Learning Center', organizationId: acorns, titlePosition: 'Teacher', isRegistryOrganization: true, requestCount: 0, has100Role: false, hasTrainTNAccess: false });
    const form = (await t.post('/api/form', { formid: 6, entities: [{ Id: id, EntityTypeId: 8 }] }, p.token)).json<{ elements: { id: number; value: string | null; valueLabel: string | null }[] }>();
    expect(form.elements.find((e) => e.id === 6001)).toMatchObject({ value: String(acorns), valueLabel: 'Little Acorns Learning Center' });
  });

  it('stores a non-registry employer by name, which is then required', async () => {
    const { p, id } = await employed(null);
    expect(await employmentRow(t, p.token, id)).toMatchObject({ employerName: 'Corner Store', organizationId: null, isRegistryOrganization: false });
    const res = await saveEmployment(t, p.token, { title: TITLE.teacher });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toContain('6002');
  });

  it.each([['an unknown organization id', '999999'], ['a word', 'acorns'], ['a disabled organization', 'disabled']])('refuses %s as the agency with Value is invalid', async (_n, key) => {
    const p = await personWith(t, 'Pro', [{ role: '100' }]);
    const agency = key === 'disabled' ? String(await addOrganization(t, 'Gone Daycare', { disabled: true })) : key;
    const before = await t.count('employment_records');
    const res = await t.post('/api/form/formresponse', { response: { formId: 6, elementResponses: [
      { formElementId: 6001, value: agency }, { formElementId: 6003, value: TITLE.teacher }, { formElementId: 6004, value: '2022-01-03' },
    ] } }, p.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors['6001']).toBe('Value is invalid');
    expect(await t.count('employment_records')).toBe(before);
  });

  it('warns that saving does not send the record for verification (overridable)', async () => {
    const p = await personWith(t, 'Pro', [{ role: '100' }]);
    const check = (agency: string | null, end: string | null) => t.post('/api/form/presubmissionvalidation', { validations: [
      { formElementId: 6001, value: agency }, { formElementId: 6005, value: end },
    ] }, p.token);
    const warned = (await check(String(acorns), null)).json<{ messages: string[]; overridable: boolean }>();
    expect(warned.overridable).toBe(true);
    expect(warned.messages[0]).toContain('will NOT send it for verification');
    expect((await check(String(acorns), '2023-01-01')).json<{ messages: string[] }>().messages).toEqual([]);
    expect((await check(null, null)).json<{ messages: string[] }>().messages).toEqual([]);
  });

  it('keeps the agency once a role was requested and the end date while a role is held', async () => {
    const { p, id } = await staffAt(acorns);
    const res = await saveEmployment(t, p.token, { agencyId: oaks, title: TITLE.leadTeacher, end: '2024-01-01' }, id);
    expect(res.statusCode).toBe(200);
    expect(await employmentRow(t, p.token, id)).toMatchObject({ organizationId: acorns, endDate: null, titlePosition: 'Lead Teacher', has100Role: true });
  });
});

describe('role requests (spec part 1 section 4), through the API', () => {
  it.each<[string, () => Promise<{ p: Person; id: number }>, number, number, string | null]>([
    ['staff at a registry organization', () => employed(acorns), 100, 200, null],
    ['staff twice', async () => { const e = await employed(acorns, { requestStaff: true }); return e; }, 100, 409, 'Your staff role request at this organization is already pending.'],
    ['staff when held', () => staffAt(acorns), 100, 409, 'You already hold the staff role at this organization.'],
    ['staff again after a rejection', async () => { const e = await employed(acorns, { requestStaff: true }); await decide(director, [e.requestId!], 'Rejected'); return e; }, 100, 200, null],
    ['staff at a non-registry organization', () => employed(camp), 100, 409, 'Roles can be requested only at an organization of the registry.'],
    ['staff for a non-registry employer', () => employed(null), 100, 409, 'Roles can be requested only at an organization of the registry.'],
    ['staff at a closed agency', () => employed(closed), 100, 409, 'This agency is closed: roles can no longer be requested there.'],
    ['director without staff', () => employed(acorns, { title: TITLE.owner }), 200, 409, 'The director role needs the staff role at this organization first.'],
    ['director as Teacher', () => staffAt(acorns, TITLE.teacher), 200, 409, 'You must be a Director, Assistant Director or Owner to request the director role. Please contact the help desk.'],
    ['director as Director/Administrator', () => staffAt(acorns, TITLE.director), 200, 200, null],
    ['director as Assistant Director', () => staffAt(acorns, TITLE.assistantDirector), 200, 200, null],
    ['director as Owner', () => staffAt(acorns, TITLE.owner), 200, 200, null],
    ['director twice', async () => { const e = await staffAt(acorns, TITLE.owner); await request(e.p, e.id, 200); return e; }, 200, 409, 'Your director role request at this organization is already pending.'],
  ])('%s', async (_name, setup, role, status, message) => {
    const { p, id } = await setup();
    const before = await t.count('role_actions');
    const res = await request(p, id, role);
    expect(res.statusCode).toBe(status);
    if (message) {
      expect(res.json<{ message: string }>().message).toBe(message);
      expect(await t.count('role_actions')).toBe(before);
    } else {
      expect(res.json()).toMatchObject({ organizationId: expect.any(Number), roleRequested: { roleName: String(role) }, actionType: 1 });
      expect(await t.count('role_actions')).toBe(before + 1);
    }
  });

  it('writes an audit row and a role.requested event with the request', async () => {
    const { p, id } = await employed(acorns);
    const { rolePromotionActionId } = (await request(p, id, 100)).json<{ rolePromotionActionId: number }>();
    const knex = t.database.db.knex;
    expect(await knex('audit').where({ action: 'role.request', entity_type_id: 19, entity_id: rolePromotionActionId, user_id: p.id }).first()).toBeTruthy();
    const event = (await knex('domain_events').where({ type: 'role.requested' }).orderBy('id', 'desc').first()) as { payload: string; actor_id: number };
    expect(JSON.parse(event.payload)).toEqual({ requestId: rolePromotionActionId, userId: p.id, organizationId: acorns, employmentRecordId: id, role: '100' });
  });

  it('approving grants the role (user_roles) with events; the director then sees the person as staff', async () => {
    const { p, id, requestId } = await employed(acorns, { requestStaff: true });
    const res = await decide(director, [requestId!], 'Approved', 'Welcome aboard');
    expect(res.json()).toEqual({ decided: 1, action: 'Approved' });
    const knex = t.database.db.knex;
    expect(await knex('user_roles').where({ user_id: p.id, organization_id: acorns, role: '100', active: true, employment_record_id: id }).first()).toBeTruthy();
    const granted = (await knex('domain_events').where({ type: 'role.granted' }).orderBy('id', 'desc').first()) as { payload: string };
    expect(JSON.parse(granted.payload)).toMatchObject({ requestId, userId: p.id, organizationId: acorns, role: '100', decidedBy: director.id, comment: 'Welcome aboard' });
    expect(await knex('audit').where({ action: 'role.grant', user_id: director.id }).count({ c: '*' }).first()).toBeTruthy();
    const history = (await t.get(`/api/userorganizationroles?employmentRecordId=${id}`, p.token)).json<{ active: { roles: { roleName: string }[] }; requests: { actionType: number; comments: string | null; userLastUpdated: { name: string }; parentActionId: number | null }[] }>();
    expect(history.active.roles.map((r) => r.roleName)).toEqual(['100']);
    expect(history.requests.map((r) => [r.actionType, r.parentActionId, r.comments])).toEqual([[1, null, null], [2, requestId, 'Welcome aboard']]);
    expect(history.requests[1]!.userLastUpdated.name).toMatch(/^Dana /);
    expect((await t.get(`/api/userorganizationroles?employmentRecordId=${id}`, director.token)).statusCode).toBe(200);
  });

  it('ending the staff role withdraws a pending director request (action 10)', async () => {
    const { p, id } = await staffAt(acorns, TITLE.owner);
    const directorRequest = (await request(p, id, 200)).json<{ rolePromotionActionId: number }>().rolePromotionActionId;
    expect((await endRole(p, { employmentRecordId: id, roleName: '100', active: false, endDate: today() })).statusCode).toBe(200);
    const knex = t.database.db.knex;
    expect(await knex('role_actions').where({ parent_action_id: directorRequest, action_type: 10 }).first()).toBeTruthy();
    expect(await knex('user_roles').where({ user_id: p.id, organization_id: acorns, role: '100', active: true }).first()).toBeUndefined();
    expect(await knex('domain_events').where({ type: 'role.withdrawn' }).first()).toBeTruthy();
    expect(await employmentRow(t, p.token, id)).toMatchObject({ has100Role: false, pending200: false, removed100: true, endDate: null });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['no end date', {}, 400, 'Please select a employment end date.'],
    ['an empty end date', { endDate: '' }, 400, 'Please select a employment end date.'],
    ['a date in the future', { endDate: '2999-01-01' }, 400, 'The end date must be on or after the start date of the employment and not in the future.'],
    ['a date before the start', { endDate: '2001-01-01' }, 400, 'The end date must be on or after the start date of the employment and not in the future.'],
    ['no such date', { endDate: '2024-02-31' }, 400, 'The end date must be on or after the start date of the employment and not in the future.'],
    ['another person as userId', { endDate: '2024-01-01', userId: 1 }, 400, 'The employment record belongs to another person.'],
    ['granting through the update', { endDate: '2024-01-01', active: true }, 400, 'Roles are granted through requests.'],
  ])('ending the employment with %s changes nothing', async (_n, extra, status, message) => {
    const { p, id } = await staffAt(acorns);
    const res = await endRole(p, { employmentRecordId: id, endEmployment: true, ...extra });
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([status, message]);
    expect(await employmentRow(t, p.token, id)).toMatchObject({ endDate: null, has100Role: true });
  });

  it('ending the employment ends every role there on the end date', async () => {
    const { p, id } = await staffAt(acorns, TITLE.director);
    const directorRequest = (await request(p, id, 200)).json<{ rolePromotionActionId: number }>().rolePromotionActionId;
    expect((await decide(director, [directorRequest], 'Approved')).statusCode).toBe(200);
    expect((await endRole(p, { employmentRecordId: id, endEmployment: true, endDate: '2024-06-30', organizationId: acorns, userId: p.id })).statusCode).toBe(200);
    const rows = (await t.database.db.knex('user_roles').where({ user_id: p.id, organization_id: acorns }).select('role', 'active', 'end_date')) as { role: string; active: boolean | number; end_date: string }[];
    expect(rows.map((r) => [r.role, Boolean(r.active), String(r.end_date).slice(0, 10)]).sort()).toEqual([['100', false, '2024-06-30'], ['200', false, '2024-06-30']]);
    expect(await employmentRow(t, p.token, id)).toMatchObject({ endDate: '2024-06-30', removed100: true, removed200: true });
    expect((await endRole(p, { employmentRecordId: id, endEmployment: true, endDate: '2024-06-30' })).json<{ message: string }>().message).toBe('This employment has already ended.');
    expect((await request(p, id, 100)).statusCode).toBe(409);
  });
});

describe('employment row actions (spec part 1 section 6), from the grid rows', () => {
  const ALL_STAFF = ['training-report', 'end-staff-role', 'end-employment', 'organizational-roles', 'request-verification'];
  it.each<[string, () => Promise<{ p: Person; id: number }>, string[]]>([
    ['a registry agency, no request yet', () => employed(acorns), ['request-staff-role']],
    ['a pending staff request', () => employed(acorns, { requestStaff: true }), ['organizational-roles']],
    ['a rejected staff request', async () => { const e = await employed(acorns, { requestStaff: true }); await decide(director, [e.requestId!], 'Rejected'); return e; }, ['organizational-roles']],
    ['the staff role', () => staffAt(acorns), ALL_STAFF],
    ['staff and director roles', async () => {
      const e = await staffAt(acorns, TITLE.owner);
      const r = (await request(e.p, e.id, 200)).json<{ rolePromotionActionId: number }>().rolePromotionActionId;
      await decide(director, [r], 'Approved');
      return e;
    }, ['training-report', 'end-director-role', 'end-employment', 'organizational-roles', 'request-verification']],
    ['the staff role at a closed agency', async () => {
      const e = await staffAt(acorns);
      await t.database.db.knex('organizations').where({ id: acorns }).update({ agency_is_closed: true });
      return e;
    }, ['end-staff-role', 'end-employment', 'organizational-roles']],
    ['an ended employment', async () => { const e = await staffAt(oaks); await endRole(e.p, { employmentRecordId: e.id, endEmployment: true, endDate: today() }); return e; }, []],
    ['a non-registry employer', () => employed(null), []],
    ['TrainTN access granted by the director', async () => {
      const e = await staffAt(oaks);
      expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: e.id, accessStatus: true }, oaksDirector.token)).statusCode).toBe(200);
      return e;
    }, [...ALL_STAFF, 'remove-traintn-access']],
  ])('%s', async (_name, setup, expected) => {
    const { p, id } = await setup();
    const row = await employmentRow(t, p.token, id);
    await t.database.db.knex('organizations').update({ agency_is_closed: false }).where({ id: acorns });
    // Request Verification is the verification workflow's step `request`, which the server offers with the row
    const steps = (row.transitions as { id: string }[]).map((s) => (s.id === 'request' ? 'request-verification' : s.id));
    expect([...visibleActions(t, 'employment', row, asUser(p)), ...steps].sort()).toEqual([...expected].sort());
    expect(visibleActions(t, 'employment', row, asUser(p), 'al').sort()).toEqual(expected.filter((a) => a !== 'training-report' && a !== 'remove-traintn-access' && a !== 'request-verification').sort());
  });
});

describe('access: another person\'s employment and requests, by guessed ids', () => {
  it('a professional can neither read nor change another person\'s employment or requests', async () => {
    const { p: owner, id, requestId } = await employed(acorns, { requestStaff: true });
    const other = await personWith(t, 'Nosy', [{ role: '100' }]);
    const actions = await t.count('role_actions');
    expect((await t.post('/api/form', { formid: 6, entities: [{ Id: id, EntityTypeId: 8 }] }, other.token)).statusCode).toBe(403);
    expect((await saveEmployment(t, other.token, { agencyId: acorns }, id)).statusCode).toBe(403);
    expect((await saveEmployment(t, other.token, { agencyId: acorns }, undefined, owner.id)).statusCode).toBe(403);
    expect((await request(other, id, 100)).statusCode).toBe(403);
    expect((await t.get(`/api/userorganizationroles?employmentRecordId=${id}`, other.token)).statusCode).toBe(403);
    expect((await t.get(`/api/userorganizationroles?rolePromotionActionId=${requestId}&userId=${owner.id}`, other.token)).statusCode).toBe(403);
    expect((await t.get(`/api/userorganizationroles?userId=${owner.id}`, other.token)).statusCode).toBe(403);
    expect((await endRole(other, { employmentRecordId: id, endEmployment: true, endDate: today() })).statusCode).toBe(403);
    expect((await decide(other, [requestId!], 'Approved')).statusCode).toBe(403);
    expect((await decide(owner, [requestId!], 'Approved')).statusCode).toBe(403);
    expect((await t.get('/api/userorganizationroles/requests', other.token)).json()).toEqual([]);
    expect((await t.get('/api/userorganizationroles/requests', owner.token)).json<{ id: number }[]>().map((r) => r.id)).toEqual([requestId]);
    expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: id, accessStatus: false }, other.token)).statusCode).toBe(403);
    expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: id, accessStatus: true }, owner.token)).statusCode).toBe(403);
    const grid = await t.post('/api/grid', { entityTypeId: 8, formId: 6, primaryEntity: { Id: owner.id, EntityTypeId: 1 } }, other.token);
    expect(grid.body).toBe('No Data');
    expect((await requestRows(t, other.token)).map((r) => r.id)).not.toContain(requestId);
    expect((await request(other, 987654, 100)).statusCode).toBe(404);
    expect(await t.count('role_actions')).toBe(actions);
  });

  it('a director of one organization cannot decide the requests of another', async () => {
    const { requestId } = await employed(oaks, { requestStaff: true });
    const { requestId: ours } = await employed(acorns, { requestStaff: true });
    const before = await t.count('role_actions');
    expect((await decide(director, [requestId!], 'Approved')).statusCode).toBe(403);
    expect((await decide(director, [ours!, requestId!], 'Approved')).statusCode).toBe(403);
    expect(await t.count('role_actions')).toBe(before);
    const seen = (await requestRows(t, director.token)).map((r) => r.organizationId);
    expect(new Set(seen)).toEqual(new Set([acorns]));
    expect((await t.get(`/api/userorganizationroles/requests?organizationId=${oaks}`, director.token)).json()).toEqual([]);
    const listed = (await t.get('/api/userorganizationroles/requests', director.token)).json<{ id: number; organizationId: number }[]>();
    expect(listed.map((r) => r.id)).toContain(ours);
    expect(listed.every((r) => r.organizationId === acorns)).toBe(true);
    expect((await t.get(`/api/userorganizationroles?employmentRecordId=${(await t.database.db.knex('role_actions').where({ id: requestId }).first('employment_record_id') as { employment_record_id: number }).employment_record_id}`, director.token)).statusCode).toBe(403);
  });

  it('a director acting as a professional (active role 100) decides nothing', async () => {
    const { requestId } = await employed(acorns, { requestStaff: true });
    const asPro = await personWith(t, 'Dual', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '100');
    expect((await decide(asPro, [requestId!], 'Approved')).statusCode).toBe(403);
  });

  it('requests of a person who holds the director role there are not listed or decided', async () => {
    const { p, requestId } = await employed(acorns, { requestStaff: true });
    const now = new Date().toISOString();
    await t.database.db.knex('user_roles').insert({ user_id: p.id, organization_id: acorns, role: '200', active: true, created_at: now, updated_at: now });
    expect((await requestRows(t, director.token)).map((r) => r.id)).not.toContain(requestId);
    const res = await decide(director, [requestId!], 'Approved');
    expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([403, 'Requests of a person who holds the director role are not decided here.']);
  });

  it('decides several requests at once, and a decided one is not decided again', async () => {
    const [a, b] = [await employed(acorns, { requestStaff: true }), await employed(acorns, { requestStaff: true })];
    expect((await decide(director, [a.requestId!, b.requestId!], 'Rejected', 'Not on our staff list')).json()).toEqual({ decided: 2, action: 'Rejected' });
    const again = await decide(director, [a.requestId!], 'Approved');
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([409, 'This request has already been decided or withdrawn.']);
    expect(await employmentRow(t, a.p.token, a.id)).toMatchObject({ rejected100: true, pending100: false, has100Role: false });
  });
});

describe('organizations (entity 2)', () => {
  it('finds agencies by name and county, and lists a county\'s agencies', async () => {
    const p = await personWith(t, 'Pro', [{ role: '100' }]);
    expect((await t.get('/api/userorganizationroles/agencysearch?searchString=a', p.token)).json()).toEqual([]);
    expect((await t.get('/api/userorganizationroles/agencysearch?searchString=acorn', p.token)).json()).toEqual([{ key: String(acorns), value: 'Little Acorns Learning Center' }]);
    expect((await t.get('/api/userorganizationroles/countysearch?searchString=kno', p.token)).json()).toEqual([{ key: 'Knox', value: 'Knox' }]);
    expect((await t.get('/api/userorganizationroles/searchagencybycounty?county=knox', p.token)).json()).toEqual([{ key: String(oaks), value: 'Twin Oaks Preschool' }]);
    const none = await t.get('/api/userorganizationroles/searchagencybycounty?county=Nowhere', p.token);
    expect([none.statusCode, none.json<{ message: string }>().message]).toEqual([404, 'No agencies found in Nowhere county.']);
    expect((await t.get('/api/userorganizationroles/agencysearch?searchString=acorn')).statusCode).toBe(401);
  });

  it('answers one organization with its fields, staff count and disabled flag', async () => {
    const p = await personWith(t, 'Pro', [{ role: '100' }]);
    const org = (await t.get(`/api/accounts/organization?orgId=${oaks}`, p.token)).json<Record<string, unknown>>();
    expect(org).toMatchObject({ organizationId: oaks, organizationName: 'Twin Oaks Preschool', county: 'Knox', disabled: false, isRegistryOrganization: true, staffCount: expect.any(Number) });
    expect((await t.get('/api/accounts/organization?orgId=999999', p.token)).statusCode).toBe(404);
    expect((await t.get('/api/accounts/organization?orgId=abc', p.token)).statusCode).toBe(400);
  });
});

describe('TrainTN access (tn only)', () => {
  it('the director grants it, the person removes it, each change audited', async () => {
    const { p, id } = await staffAt(oaks);
    expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: id, accessStatus: true }, oaksDirector.token)).json()).toMatchObject({ hasTrainTNAccess: true, changed: true });
    expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: id, accessStatus: false }, p.token)).json()).toMatchObject({ hasTrainTNAccess: false, changed: true });
    expect(await t.database.db.knex('audit').where({ entity_type_id: 8, entity_id: id }).whereIn('action', ['employment.traintn-grant', 'employment.traintn-remove']).count({ c: '*' }).first()).toEqual({ c: expect.anything() });
    expect((await employmentRow(t, p.token, id)).hasTrainTNAccess).toBe(false);
  });
});

describe('the lists of pending requests', () => {
  it('administrators see every pending request but decide none; licensing staff see none in tn', async () => {
    const { requestId } = await employed(oaks, { requestStaff: true });
    const admin = await personWith(t, 'Grace', [{ role: '500' }]);
    const listed = (await t.get('/api/userorganizationroles/requests', admin.token)).json<{ id: number }[]>();
    expect(listed.map((r) => r.id)).toContain(requestId);
    expect((await requestRows(t, admin.token)).map((r) => r.id)).toContain(requestId);
    expect((await decide(admin, [requestId!], 'Approved')).statusCode).toBe(403);
    const licensing = await personWith(t, 'Lee', [{ role: '350' }]);
    expect((await t.get('/api/userorganizationroles/requests', licensing.token)).json()).toEqual([]);
    expect(await requestRows(t, licensing.token)).toEqual([]);
  });
});

describe('Requests in al (role 350 has the screen)', () => {
  it('a licensing consultant sees the pending requests and decides none', async () => {
    const al = await startTestApp('al');
    try {
      const org = await addOrganization(al, 'Magnolia Child Care', { state: 'AL' });
      const p = await personWith(al, 'Ann', [{ role: '100' }]);
      const id = await addEmployment(al, p.token, { agencyId: org });
      const { rolePromotionActionId } = (await al.post('/api/userorganizationroles/request', { employmentRecordId: id, requestType: 100 }, p.token)).json<{ rolePromotionActionId: number }>();
      const consultant = await personWith(al, 'Cora', [{ role: '350' }], '350');
      expect((await requestRows(al, consultant.token)).map((r) => r.id)).toEqual([rolePromotionActionId]);
      expect((await al.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [rolePromotionActionId], action: 'Approved' }, consultant.token)).statusCode).toBe(403);
      expect((await al.post('/api/accounts/trainTNAccess', { employmentRecordId: id, accessStatus: false }, p.token)).statusCode).toBe(404);
    } finally {
      await al.close();
    }
  });
});
