import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleHolds } from '../../engine/rules/json-logic.js';
import { addEmployment, TITLE } from '../support/employment.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { addEducation, gridPage, gridTotal, LEVEL } from '../support/records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Supervisor Staff Management, Request History and Action History (issue 11 items 3 and 4):
 * agency assignments of licensing consultants (350) by supervisors (375) and managers, the
 * consultants' Verification Requests scope, the verification decisions of a consultant, the
 * request history of an employment record and the action history by scope. Both databases.
 */

let t: TestApp;
let acorns: number;
let oaks: number;
let closedAgency: number;
const p = {} as Record<'sup' | 'c1' | 'c2' | 'mgr' | 'dir' | 'ana' | 'ben' | 'other', Person>;
const ids = { anaEdu: 0, benEdu: 0, anaVerification: 0, benVerification: 0, anaEmployment: 0, anaRequest: 0 };

const knex = () => t.database.db.knex;
const ok = (res: LightMyRequestResponse) => { expect(res.statusCode, res.body).toBe(200); return res; };
const del = (url: string, body: unknown, token: string) => t.app.inject({ method: 'DELETE', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
const list = (who: Person, userId: number) => t.get(`/api/staffassignments?userId=${userId}`, who.token);
const assign = (who: Person, userId: number, organizationId: number) => t.post('/api/staffassignments', { userId, organizationId }, who.token);
const unassign = (who: Person, userId: number, organizationId: number) => del('/api/staffassignments', { userId, organizationId }, who.token);
const snapshot = async () => JSON.stringify({ a: await knex()('staff_agency_assignments').select('*').orderBy('id'), audit: await t.count('audit') });
const requestRows = async (who: Person) => (await gridPage(t, who.token, { entityTypeId: 15, formId: 19, from: 1, to: 100 })).rows;
const requestPeople = async (who: Person) => (await requestRows(who)).map((r) => r.primaryEntityId).sort();

beforeAll(async () => {
  t = await startTestApp('tn');
  acorns = await addOrganization(t, 'Acorns Assigned Academy');
  oaks = await addOrganization(t, 'Oaks Unassigned Preschool');
  closedAgency = await addOrganization(t, 'Gone Daycare', { disabled: true });
  p.sup = await addPerson(t, 'Sue', [{ role: '375' }]);
  p.c1 = await addPerson(t, 'Cal', [{ role: '350' }]);
  p.c2 = await addPerson(t, 'Cora', [{ role: '350' }]);
  p.mgr = await addPerson(t, 'Max', [{ role: '500' }]);
  p.dir = await addPerson(t, 'Dina', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  p.ana = await addPerson(t, 'Ana', [{ role: '100', organizationId: acorns }]);
  p.ben = await addPerson(t, 'Ben', [{ role: '100', organizationId: oaks }]);
  p.other = await addPerson(t, 'Olaf', [{ role: '100' }]);
  ids.anaEdu = await addEducation(t, p.ana.token, { level: LEVEL.bachelor, school: 'Ana State University', major: 'Early Childhood', end: '2019-05-10' });
  ids.benEdu = await addEducation(t, p.ben.token, { level: LEVEL.bachelor, school: 'Ben State University', major: 'Early Childhood', end: '2019-05-10' });
  ids.anaVerification = ok(await t.post('/api/verification/request', { entityTypeId: 4, entityId: ids.anaEdu }, p.ana.token)).json<{ verificationId: number }>().verificationId;
  ids.benVerification = ok(await t.post('/api/verification/request', { entityTypeId: 4, entityId: ids.benEdu }, p.ben.token)).json<{ verificationId: number }>().verificationId;
  // Olaf's employment at Acorns: a staff request, approved by Dina, then a director request
  ids.anaEmployment = await addEmployment(t, p.other.token, { agencyId: acorns, title: TITLE.director });
  const staff = ok(await t.post('/api/userorganizationroles/request', { employmentRecordId: ids.anaEmployment, requestType: 100 }, p.other.token)).json<{ rolePromotionActionId: number }>();
  ok(await t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [staff.rolePromotionActionId], action: 'Approved', comments: 'Welcome aboard' }, p.dir.token));
  ids.anaRequest = staff.rolePromotionActionId;
  ok(await t.post('/api/userorganizationroles/request', { employmentRecordId: ids.anaEmployment, requestType: 200 }, p.other.token));
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('assigned agencies (GET/POST/DELETE /api/staffassignments)', () => {
  type Who = keyof typeof p;
  // who may read and change the assignments of consultant Cal
  const ACCESS: [Who, { read: boolean; change: boolean }][] = [
    ['sup', { read: true, change: true }],
    ['mgr', { read: true, change: true }],
    ['c1', { read: true, change: false }],
    ['c2', { read: false, change: false }],
    ['dir', { read: false, change: false }],
    ['ana', { read: false, change: false }],
  ];

  it.each(ACCESS)('%s: reads %j; a refused change changes nothing', async (who, allowed) => {
    const read = await list(p[who], p.c1.id);
    expect(read.statusCode, read.body).toBe(allowed.read ? 200 : 403);
    if (allowed.change) return;
    const before = await snapshot();
    expect((await assign(p[who], p.c1.id, oaks)).statusCode).toBe(403);
    expect((await unassign(p[who], p.c1.id, oaks)).statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('a supervisor assigns and removes an agency, each with its audit row', async () => {
    const audit = await t.count('audit');
    const added = ok(await assign(p.sup, p.c2.id, oaks)).json<{ changed: boolean; assignments: { organizationId: number; organizationName: string; assignedBy: string }[] }>();
    expect(added).toMatchObject({ changed: true, assignments: [{ organizationId: oaks, organizationName: 'Oaks Unassigned Preschool', assignedBy: 'Sue Tester' }] });
    expect(await t.count('audit')).toBe(audit + 1);
    // again: nothing changes, no audit row
    expect(ok(await assign(p.sup, p.c2.id, oaks)).json<{ changed: boolean }>().changed).toBe(false);
    expect(await t.count('audit')).toBe(audit + 1);
    expect(ok(await list(p.c2, p.c2.id)).json<{ assignments: unknown[] }>().assignments).toHaveLength(1);
    const removed = ok(await unassign(p.mgr, p.c2.id, oaks)).json<{ changed: boolean; assignments: unknown[] }>();
    expect(removed).toEqual({ userId: p.c2.id, changed: true, assignments: [] });
    expect(await t.count('audit')).toBe(audit + 2);
    const rows = (await knex()('audit').where({ entity_id: p.c2.id }).whereIn('action', ['staff.assign-agency', 'staff.unassign-agency']).orderBy('id').select('action', 'user_id', 'detail')) as { action: string; user_id: number; detail: string }[];
    expect(rows.map((r) => [r.action, r.user_id, (JSON.parse(r.detail) as { organizationId: number }).organizationId])).toEqual([
      ['staff.assign-agency', p.sup.id, oaks], ['staff.unassign-agency', p.mgr.id, oaks],
    ]);
  });

  it('the assignment and its audit row are one transaction: a failing audit write leaves no assignment', async () => {
    const before = await snapshot();
    // the audit table refuses the row for a moment (a rename), so the transaction must roll back whole
    await knex().schema.renameTable('audit', 'audit_away');
    try {
      const res = await assign(p.sup, p.c2.id, acorns);
      expect(res.statusCode).toBe(500);
    } finally {
      await knex().schema.renameTable('audit_away', 'audit');
    }
    expect(await snapshot()).toBe(before);
  });

  it.each([
    ['a person who is not licensing staff', () => assign(p.sup, p.ana.id, oaks), 404],
    ['an unknown person', () => assign(p.sup, 999_999, oaks), 404],
    ['an unknown agency', () => assign(p.sup, p.c1.id, 999_999), 404],
    ['a disabled agency', () => assign(p.sup, p.c1.id, closedAgency), 404],
    ['removing an agency that is not assigned', () => unassign(p.sup, p.c1.id, acorns), 404],
    ['a list of someone not licensing staff', () => list(p.sup, p.ana.id), 404],
    ['an id of 0', () => assign(p.sup, 0, oaks), 400],
    ['a text id', () => t.post('/api/staffassignments', { userId: 'x', organizationId: oaks }, p.sup.token), 400],
    ['an extra field', () => t.post('/api/staffassignments', { userId: p.c1.id, organizationId: oaks, role: '375' }, p.sup.token), 400],
  ] as const)('refuses %s and changes nothing', async (_name, call, status) => {
    const before = await snapshot();
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toBeTruthy();
    expect(await snapshot()).toBe(before);
  });
});

describe('a consultant\'s Verification Requests follow the assigned agencies (SQL scope of entity 15)', () => {
  it('without assignments a consultant sees everyone\'s requests; with one, only the staff of the assigned agency', async () => {
    expect(await requestPeople(p.c1)).toEqual([p.ana.id, p.ben.id].sort());
    ok(await assign(p.sup, p.c1.id, acorns));
    expect(await requestPeople(p.c1)).toEqual([p.ana.id]);
    expect((await gridTotal(t, p.c1.token, { entityTypeId: 15, formId: 19 })).total).toBe(1);
    // Cora has no assignment: still everyone
    expect(await requestPeople(p.c2)).toEqual([p.ana.id, p.ben.id].sort());
    // a supervisor is not scoped by assignments
    expect(await requestPeople(p.sup)).toEqual([p.ana.id, p.ben.id].sort());
  });

  it('a guessed verification id outside the assignments is refused, inside it answers', async () => {
    expect([403, 404]).toContain((await t.get(`/api/verification?verificationId=${ids.benVerification}`, p.c1.token)).statusCode);
    expect((await t.get(`/api/verification?verificationId=${ids.anaVerification}`, p.c1.token)).statusCode).toBe(200);
  });

  it('an assigned agency without staff leaves the consultant with no requests; removing the last assignment opens everything again', async () => {
    ok(await unassign(p.sup, p.c1.id, acorns));
    ok(await assign(p.sup, p.c1.id, await addOrganization(t, 'Empty Corner Care')));
    expect(await requestPeople(p.c1)).toEqual([]);
    const current = ok(await list(p.c1, p.c1.id)).json<{ assignments: { organizationId: number }[] }>().assignments;
    for (const a of current) ok(await unassign(p.sup, p.c1.id, a.organizationId));
    expect(await requestPeople(p.c1)).toEqual([p.ana.id, p.ben.id].sort());
  });
});

describe('Supervisor Staff Management grids', () => {
  it('the staff grid lists the licensing consultants to a supervisor and a manager, nobody else', async () => {
    const grid = { entityTypeId: 1, formId: 1, altGridId: 'staff-management', from: 1, to: 100 };
    const names = async (who: Person) => (await gridPage(t, who.token, grid)).rows.map((r) => r.fullName).sort();
    expect(await names(p.sup)).toEqual(['Cal Tester', 'Cora Tester']);
    expect(await names(p.mgr)).toEqual(['Cal Tester', 'Cora Tester']);
    for (const who of [p.c1, p.dir, p.ana]) expect((await gridTotal(t, who.token, { entityTypeId: 1, formId: 1, altGridId: 'staff-management' })).total).toBe(0);
  });

  it('a consultant\'s Verification History lists their decisions to a supervisor and to themselves', async () => {
    ok(await t.post('/api/verification/view', { entityTypeId: 4, entityId: ids.benEdu }, p.c1.token));
    ok(await t.post('/api/verification', { entityTypeId: 4, entityId: ids.benEdu, isVerified: true, action: 'verify', comments: 'Transcript checked' }, p.c1.token));
    const grid = (who: Person) => gridPage(t, who.token, { entityTypeId: 15, formId: 19, altGridId: 'staff-verification-history', from: 1, to: 100, primaryEntity: { Id: p.c1.id, EntityTypeId: 1 } });
    for (const who of [p.sup, p.c1]) {
      const rows = (await grid(who)).rows;
      expect(rows.map((r) => [r.primaryEntityName, r.decision, r.comments])).toEqual([['Ben Tester', 'Approved', 'Transcript checked']]);
    }
    for (const who of [p.c2, p.dir, p.ben]) expect((await grid(who)).rows).toEqual([]);
  });
});

describe('Request History and Action History', () => {
  it('a director lists the employment records with requests at their organization and reads one\'s history', async () => {
    const rows = (await gridPage(t, p.dir.token, { entityTypeId: 8, formId: 6, altGridId: 'request-history', from: 1, to: 100 })).rows;
    expect(rows.map((r) => r.id)).toEqual([ids.anaEmployment]);
    const history = ok(await t.get(`/api/userorganizationroles?employmentRecordId=${ids.anaEmployment}`, p.dir.token)).json<{ requests: { actionType: number; comments: string | null; userLastUpdated: { name: string } }[] }>();
    expect(history.requests.map((r) => [r.actionType, r.userLastUpdated.name, r.comments])).toEqual([[1, 'Olaf Tester', null], [2, 'Dina Tester', 'Welcome aboard'], [1, 'Olaf Tester', null]]);
    for (const who of [p.ben, p.ana]) expect((await gridTotal(t, who.token, { entityTypeId: 8, formId: 6, altGridId: 'request-history' })).total).toBe(0);
  });

  it('a director who also holds a state role lists, acting as director, only their organizations\' records', async () => {
    const oaksPerson = await addPerson(t, 'Otto', [{ role: '100' }]);
    const oaksEmployment = await addEmployment(t, oaksPerson.token, { agencyId: oaks });
    ok(await t.post('/api/userorganizationroles/request', { employmentRecordId: oaksEmployment, requestType: 100 }, oaksPerson.token));
    const dual = await addPerson(t, 'Duane', [{ role: '350' }, { role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
    const ids200 = (await gridPage(t, dual.token, { entityTypeId: 8, formId: 6, altGridId: 'request-history', from: 1, to: 100 })).rows.map((r) => r.id);
    expect(ids200).toEqual([ids.anaEmployment]);
    const as350 = await switchRole(t, dual, '350');
    const ids350 = (await gridPage(t, as350.token, { entityTypeId: 8, formId: 6, altGridId: 'request-history', from: 1, to: 100 })).rows.map((r) => r.id);
    expect(ids350).toEqual(expect.arrayContaining([ids.anaEmployment, oaksEmployment]));
  });

  it.each([
    ['200', false, true],
    ['200', true, false],
    ['350', true, true],
    ['400', true, true],
    ['100', true, true],
  ])('the employment record in request details: viewer acting as %s, target holds 200: %s -> shown %s', (activeRole, has200Role, shown) => {
    const rule = t.registry.rules.get('showsRequestEmploymentRecord');
    expect(ruleHolds(rule, { user: { id: 1, roles: [activeRole], activeRole, claims: [] }, tenant: 'tn', today: '2025-07-01', row: { has200Role } })).toBe(shown);
  });

  it('the request details show the employment record unless a director looks at someone holding 200 there', async () => {
    const shown = async (who: Person) => ok(await t.get(`/api/userorganizationroles?employmentRecordId=${ids.anaEmployment}`, who.token)).json<{ showEmploymentRecord: boolean }>().showEmploymentRecord;
    expect([await shown(p.dir), await shown(p.mgr), await shown(p.other)]).toEqual([true, true, true]);
    // Olaf becomes director at Acorns: Dina (acting as 200) no longer sees the record in the details; others still do
    const pending = ok(await t.get(`/api/userorganizationroles/requests?organizationId=${acorns}`, p.dir.token)).json<{ id: number; primaryEntityId: number }[]>();
    const request = pending.find((r) => r.primaryEntityId === p.other.id)!;
    ok(await t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: [request.id], action: 'Approved' }, p.dir.token));
    expect([await shown(p.dir), await shown(p.mgr), await shown(p.c1)]).toEqual([false, true, true]);
  });

  it('an administrator reads the action history of a person by scope; others are refused', async () => {
    const url = (action: number, person: number) => `/api/userorganizationroles/actionhistory?rolePromotionId=${action}&primaryEntityId=${person}`;
    const scopes = ok(await t.get(url(ids.anaRequest, p.other.id), p.mgr.token)).json<{ scope: string; current: boolean; history: { actionType: number; roleRequested: { roleName: string } }[] }[]>();
    expect(scopes).toHaveLength(1);
    expect(scopes[0]).toMatchObject({ scope: 'Acorns Assigned Academy', current: true });
    expect(scopes[0]!.history.map((h) => [h.actionType, h.roleRequested.roleName])).toEqual([[1, '100'], [2, '100'], [1, '200'], [2, '200']]);
    expect((await t.get(url(ids.anaRequest, p.ana.id), p.mgr.token)).statusCode).toBe(404);
    expect((await t.get(url(999_999, p.other.id), p.mgr.token)).statusCode).toBe(404);
    for (const who of [p.dir, p.sup, p.c1, p.other]) expect((await t.get(url(ids.anaRequest, p.other.id), who.token)).statusCode).toBe(403);
    expect((await t.get('/api/userorganizationroles/actionhistory?rolePromotionId=0&primaryEntityId=1', p.mgr.token)).statusCode).toBe(400);
  });
});
