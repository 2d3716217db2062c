import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfDayIn } from '../../engine/rules/today.js';
import { trainingReportFileName } from '../../server/routes/reporting.js';
import { fixtureRoot } from '../support/fixture-root.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { addEducation, EDU, gridPage, LEVEL } from '../support/records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 11 items 7 and 8 on the server (SQLite by default, PostgreSQL with DATABASE_URL): the
 * active role's organizations in the role switch and claims answers, time-stamp filters on the
 * tenant's local day around midnight, POST /api/form/entitycrossreferenceproperty, time-stamped
 * report file names, and the form rule actions verify / reject / unverify taking effect.
 */

interface ActiveRole { role: { roleName: string; roleId: string }; organizations: { organizationId: number; organizationName: string }[] }

describe('the role switcher and the active role\'s organizations', () => {
  let t: TestApp;
  let acorns: number;
  let oaks: number;
  let pines: number;
  let dana: Person;

  beforeAll(async () => {
    t = await startTestApp('tn');
    acorns = await addOrganization(t, 'Little Acorns Learning Center');
    oaks = await addOrganization(t, 'Twin Oaks Preschool');
    pines = await addOrganization(t, 'Pine Hollow Child Care');
    dana = await addPerson(t, 'Dana', [
      { role: '100', organizationId: acorns }, { role: '100', organizationId: oaks }, { role: '100', organizationId: pines },
      { role: '200', organizationId: oaks }, { role: '200', organizationId: acorns }, { role: '500' },
    ]);
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('lists every held role with its organizations (by name) in the profile', async () => {
    const profile = (await t.get('/api/accounts', dana.token)).json<{ roles: { roleName: string; organizations: { organizationName: string }[] }[] }>();
    expect(profile.roles.map((r) => [r.roleName, r.organizations.map((o) => o.organizationName)])).toEqual([
      ['100', ['Little Acorns Learning Center', 'Pine Hollow Child Care', 'Twin Oaks Preschool']],
      ['200', ['Little Acorns Learning Center', 'Twin Oaks Preschool']],
      ['500', []],
    ]);
  });

  it.each([
    ['200', ['Little Acorns Learning Center', 'Twin Oaks Preschool']],
    ['100', ['Little Acorns Learning Center', 'Pine Hollow Child Care', 'Twin Oaks Preschool']],
    ['500', []],
  ])('a switch to %s answers role.roleName, role.roleId and the organizations; so does GET /api/auth/claims', async (role, names) => {
    const res = await t.post('/api/userorganizationroles/roleswitch', { role }, dana.token);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<ActiveRole & { jwt: string }>();
    expect(answer.role).toEqual({ roleName: role, roleId: role });
    expect(answer.organizations.map((o) => o.organizationName)).toEqual(names);
    dana.token = (JSON.parse(answer.jwt) as { auth_token: string }).auth_token;
    const claims = (await t.get('/api/auth/claims', dana.token)).json<ActiveRole & { activeRole: string }>();
    expect(claims.activeRole).toBe(role);
    expect(claims.role).toEqual({ roleName: role, roleId: role });
    expect(claims.organizations).toEqual(answer.organizations);
    const audit = await t.database.db.knex('audit').where({ action: 'auth.role-switch', entity_id: dana.id }).count({ n: '*' }).first();
    expect(Number((audit as { n: number | string }).n)).toBeGreaterThan(0);
  });

  it('refuses a role the person does not hold, changing nothing', async () => {
    const before = (await t.get('/api/auth/claims', dana.token)).json<{ activeRole: string }>().activeRole;
    const res = await t.post('/api/userorganizationroles/roleswitch', { role: '375' }, dana.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('You do not hold the role 375.');
    expect((await t.get('/api/auth/claims', dana.token)).json<{ activeRole: string }>().activeRole).toBe(before);
  });

  it('follows a role granted or ended at an organization', async () => {
    await switchRole(t, dana, '200');
    await t.database.db.knex('user_roles').where({ user_id: dana.id, role: '200', organization_id: oaks }).update({ active: false });
    const claims = (await t.get('/api/auth/claims', dana.token)).json<ActiveRole>();
    expect(claims.organizations).toEqual([{ organizationId: acorns, organizationName: 'Little Acorns Learning Center' }]);
    await t.database.db.knex('user_roles').where({ user_id: dana.id, role: '200', organization_id: oaks }).update({ active: true });
  });
});

describe('time-stamp grid filters on the local day of the tenant (America/Chicago) around midnight', () => {
  let t: TestApp;
  let admin: { token: string };
  // 23:30 on 11/23 in Chicago is 05:30 UTC on 11/24; 00:30 on 11/24 is 06:30 UTC
  const lateOn23 = '2026-11-24T05:30:00.000Z';
  const earlyOn24 = '2026-11-24T06:30:00.000Z';
  const lastOn24 = '2026-11-25T05:59:59.000Z';
  const grid = { entityTypeId: 910, formId: 910, from: 1, to: 50 };
  const subjects = async (operation: string, value: string) => {
    const page = await gridPage(t, admin.token, { ...grid, filterInfo: { column: 'createdAt', value, operation } });
    expect(page.status, page.body).toBe(200);
    return page.rows.map((r) => r.subject).sort();
  };

  beforeAll(async () => {
    t = await startTestApp('tn');
    expect(t.registry.tenant.timeZone).toBe('America/Chicago');
    admin = await t.user(['AdminUser'], 'midnight-admin');
    await t.database.db.knex('outbox').del();
    for (const [subject, at] of [['late on the 23rd', lateOn23], ['early on the 24th', earlyOn24], ['last second of the 24th', lastOn24]]) {
      await t.database.db.knex('outbox').insert({ to_address: 'a@b.test', subject, html: '<p>x</p>', status: 'sent', next_attempt_at: at, created_at: at });
    }
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  it.each([
    ['OnDate', '2026-11-23', ['late on the 23rd']],
    ['OnDate', '2026-11-24', ['early on the 24th', 'last second of the 24th']],
    ['GreaterThan', '2026-11-23', ['early on the 24th', 'last second of the 24th']],
    ['GreaterThan', '2026-11-24', []],
    ['LessThan', '2026-11-24', ['late on the 23rd']],
    ['LessThan', '2026-11-25', ['early on the 24th', 'last second of the 24th', 'late on the 23rd']],
    // a browser that converted the local day's start to UTC sends an instant: its local day counts
    ['OnDate', startOfDayIn('2026-11-23', 'America/Chicago'), ['late on the 23rd']],
    ['OnDate', lateOn23, ['late on the 23rd']],
    ['OnDate', '2026-11-23T23:30:00-06:00', ['late on the 23rd']],
    ['GreaterThan', lateOn23, ['early on the 24th', 'last second of the 24th']],
  ])('%s %s', async (operation, value, expected) => {
    expect(await subjects(operation, value)).toEqual([...expected].sort());
  });
});

describe('POST /api/form/entitycrossreferenceproperty', () => {
  let t: TestApp;
  let pat: Person;
  let sam: Person;
  let education: number;
  const ask = (who: Person, body: Record<string, unknown>) => t.post('/api/form/entitycrossreferenceproperty', body, who.token);

  beforeAll(async () => {
    t = await startTestApp('tn');
    pat = await addPerson(t, 'Pat', [{ role: '100' }]);
    sam = await addPerson(t, 'Sam', [{ role: '100' }]);
    education = await addEducation(t, pat.token, { level: LEVEL.bachelor, school: 'University of Memphis', major: 'Early Childhood', end: '2010-05-01' });
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('answers the property value of the referenced record', async () => {
    const res = await ask(pat, { entityTypeId: 4, entityId: education, propertyId: 'school' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ entityTypeId: 4, entityId: education, propertyId: 'school', value: 'University of Memphis' });
    expect((await ask(pat, { entityTypeId: 4, entityId: education, propertyId: 'creditHours' })).json<{ value: unknown }>().value).toBeNull();
  });

  it.each([
    ['a record the caller may not read', () => ({ who: sam, body: { entityTypeId: 4, entityId: education, propertyId: 'school' } }), 404],
    ['a record that does not exist', () => ({ who: pat, body: { entityTypeId: 4, entityId: 999_999, propertyId: 'school' } }), 404],
    ['a property the entity does not have', () => ({ who: pat, body: { entityTypeId: 4, entityId: education, propertyId: 'passwordHash' } }), 400],
    ['an entity type that does not exist', () => ({ who: pat, body: { entityTypeId: 9999, entityId: education, propertyId: 'school' } }), 400],
    ['a missing property', () => ({ who: pat, body: { entityTypeId: 4, entityId: education } }), 400],
  ])('refuses %s', async (_name, make, status) => {
    const { who, body } = make();
    const res = await ask(who, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.body).not.toContain('University of Memphis');
  });

  it("says 'Error, Entity Type not defined for element.' for an unknown entity type", async () => {
    const res = await ask(pat, { entityTypeId: 9999, entityId: education, propertyId: 'school' });
    expect(res.json<{ message: string }>().message).toBe('Error, Entity Type not defined for element.');
  });

  it('gives entity property cross reference elements the spec\'s argument names', async () => {
    const res = await t.post('/api/form', { formid: 2 }, pat.token);
    const elements = res.json<{ elements: { type: string; arguments: Record<string, unknown> }[] }>().elements;
    for (const e of elements.filter((x) => x.type === 'entitypropertycrossreference')) expect(e.arguments).toHaveProperty('ecrPropertyId');
    expect(res.statusCode).toBe(200);
  });
});

describe('downloaded report file names are time-stamped', () => {
  it('names the Training Report by product, TrainingReport and the local time of the download', () => {
    expect(trainingReportFileName('TN Early Childhood Registry', 'America/Chicago', new Date('2026-11-24T05:30:09Z')))
      .toBe('TNEarlyChildhoodRegistry_TrainingReport_20261123_233009.pdf');
  });
});

describe('the form rule actions verify, reject and unverify take effect on save (fixture: rules on the education major)', () => {
  let t: TestApp;
  let remove: () => void;
  let pat: Person;
  const save = (token: string, major: string, id?: number) => t.post('/api/form/formresponse', {
    response: { formId: 2, elementResponses: [
      { formElementId: EDU.level, value: LEVEL.bachelor }, { formElementId: EDU.school, value: 'Rule College' },
      { formElementId: EDU.major, value: major }, { formElementId: EDU.status, value: '1' }, { formElementId: EDU.end, value: '2010-05-01' },
    ] },
    ...(id ? { entities: [{ Id: id, EntityTypeId: 4 }] } : {}),
  }, token);
  const record = async (id: number) => (await t.database.db.knex('education').where({ id }).first()) as Record<string, unknown> | undefined;
  const state = async (id: number) => {
    const page = await gridPage(t, pat.token, { entityTypeId: 4, formId: 2, from: 1, to: 50 });
    const row = page.rows.find((r) => r.id === id)!;
    return { verificationStatus: row.verificationStatus ?? null, verified: row.verified };
  };
  const history = async (id: number) => (await t.database.db.knex('verification_actions as a').join('verifications as v', 'v.id', 'a.verification_id')
    .where({ 'v.entity_type_id': 4, 'v.entity_id': id }).orderBy('a.id').select('a.action_type', 'a.comments')) as { action_type: number; comments: string | null }[];
  const audits = async (id: number) => {
    const rows = (await t.database.db.knex('audit').where({ entity_type_id: 4, entity_id: id }).whereLike('action', 'verification.%').orderBy('id').select('action', 'detail')) as { action: string; detail: unknown }[];
    return rows.map((a) => `${a.action}:${((typeof a.detail === 'string' ? JSON.parse(a.detail) : a.detail) as { by?: string }).by ?? ''}`);
  };

  beforeAll(async () => {
    const fixture = fixtureRoot('form-rule-effects');
    remove = fixture.remove;
    t = await startTestApp('tn', {}, fixture.root);
    pat = await addPerson(t, 'Pat', [{ role: '100' }]);
  }, 60_000);
  afterAll(async () => { await t?.close(); remove?.(); });

  it('leaves the verification alone when no such rule holds', async () => {
    const res = await save(pat.token, 'Early Childhood');
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ Id: number }>().Id;
    expect(await state(id)).toEqual({ verificationStatus: null, verified: false });
    expect(await history(id)).toEqual([]);
  });

  it('verify: the saved record is verified, with its history action, audit row and event in the same transaction', async () => {
    const events = await t.count('domain_events').catch(() => null);
    const res = await save(pat.token, 'Verified by rule');
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ Id: number }>().Id;
    expect(await state(id)).toEqual({ verificationStatus: 'Approved', verified: true });
    expect(await history(id)).toEqual([{ action_type: 3, comments: null }]);
    expect(await audits(id)).toEqual(['verification.verify:form-rule']);
    if (events !== null) expect(await t.count('domain_events')).toBeGreaterThan(events);
  });

  it('reject: the saved record is declined with the catalogue comment', async () => {
    const res = await save(pat.token, 'Rejected by rule');
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ Id: number }>().Id;
    expect(await state(id)).toEqual({ verificationStatus: 'Rejected', verified: false });
    expect(await history(id)).toEqual([{ action_type: 4, comments: 'Declined by a rule of the form when the record was saved.' }]);
  });

  it('unverify: saving a verified record under the rule removes its verification; verify again makes it verified', async () => {
    const id = (await save(pat.token, 'Verified by rule')).json<{ Id: number }>().Id;
    const res = await save(pat.token, 'Unverified by rule', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(id)).toEqual({ verificationStatus: null, verified: false });
    expect((await history(id)).map((h) => h.action_type)).toEqual([3, 5]);
    expect((await record(id))?.major).toBe('Unverified by rule');
    // unverify on a record that is not verified does nothing
    expect((await save(pat.token, 'Unverified by rule', id)).statusCode).toBe(200);
    expect((await history(id)).map((h) => h.action_type)).toEqual([3, 5]);
    expect((await save(pat.token, 'Verified by rule', id)).statusCode).toBe(200);
    expect(await state(id)).toEqual({ verificationStatus: 'Approved', verified: true });
  });

  it('a refused transition refuses the whole save: nothing is written', async () => {
    const id = (await save(pat.token, 'Early Childhood')).json<{ Id: number }>().Id;
    await t.database.db.knex('education').where({ id }).update({ disabled: true });
    const before = await record(id);
    const res = await save(pat.token, 'Verified by rule', id);
    expect(res.statusCode).toBe(409);
    expect(await record(id)).toEqual(before);
    expect(await history(id)).toEqual([]);
  });
});
