import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPage } from '../support/records.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEmployment } from '../support/personal-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * GET /api/userrecords?userId: the accordions of the User Records view a caller sees for a person
 * (from the grids marked userRecords and the entities' read rules), and the Comments (entity 16).
 */
let t: TestApp;
let acorns: number;
let oaks: number;
const p = {} as Record<'owner' | 'other' | 'director' | 'otherDirector' | 'licensing' | 'coach' | 'manager' | 'sysadmin', Person>;
const RECORDS = ['education', 'certification', 'training'];
/** the development plan's sections (issue 27): the person, their director and managers read them */
const PDP = ['pdp-self-assessment', 'pdp-required-training', 'pdp-goals'];

beforeAll(async () => {
  t = await startTestApp('jh');
  [acorns, oaks] = [await addOrganization(t, 'Acorns'), await addOrganization(t, 'Oaks')];
  p.owner = await addPerson(t, 'Ulla', [{ role: '100', organizationId: acorns }]);
  p.other = await addPerson(t, 'Vic', [{ role: '100', organizationId: oaks }]);
  p.director = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  p.otherDirector = await addPerson(t, 'Omar', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
  p.licensing = await addPerson(t, 'Lena', [{ role: '350' }]);
  p.coach = await addPerson(t, 'Cole', [{ role: '300' }]);
  p.manager = await addPerson(t, 'Mona', [{ role: '400' }]);
  p.sysadmin = await addPerson(t, 'Sys', [{ role: 'AdminUser' }]);
});
afterAll(async () => { await t.close(); });

const view = (caller: Person, userId = p.owner.id) => t.get(`/api/userrecords?userId=${userId}`, caller.token);

describe('GET /api/userrecords', () => {
  it.each([
    ['the person themself', 'owner', ['employment', ...RECORDS, 'community-service', 'membership', ...PDP], true],
    ['their director', 'director', [...RECORDS, ...PDP], true],
    ['licensing staff', 'licensing', ['employment', ...RECORDS], true],
    ['a manager', 'manager', ['employment', ...RECORDS, 'community-service', 'membership', ...PDP, 'user-comments'], true],
    ['a system administrator', 'sysadmin', ['employment', ...RECORDS, 'community-service', 'membership', ...PDP, 'user-comments'], true],
  ] as const)('%s sees %j (attestations %s)', async (_who, key, grids, attestations) => {
    const res = await view(p[key]);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ userId: number; fullName: string; registryId: string; sections: { gridId: string; group: string; title: string }[]; attestations: boolean }>();
    expect(body.sections.map((s) => s.gridId)).toEqual(grids);
    expect(body).toMatchObject({ userId: p.owner.id, fullName: 'Ulla Tester', registryId: `JH${String(p.owner.id).padStart(7, '0')}`, attestations });
    expect(body.sections.find((s) => s.gridId === 'user-comments')?.group ?? 'comments').toBe('comments');
    expect(body.sections.find((s) => s.gridId === 'education')).toMatchObject({ title: 'Education', group: 'records' });
  });

  it.each([['another professional', 'other'], ['a director of another organization', 'otherDirector'], ['a coach', 'coach']] as const)(
    'refuses %s (403), whether or not the person exists', async (_who, key) => {
      expect((await view(p[key])).statusCode).toBe(403);
      expect((await view(p[key], 999_999)).statusCode).toBe(403);
    });

  it('answers 404 for an unknown person, 400 for a bad id, 401 without a session', async () => {
    expect((await view(p.manager, 999_999)).statusCode).toBe(404);
    for (const bad of ['x', '0', '1.5', '12345678901']) expect((await t.get(`/api/userrecords?userId=${bad}`, p.manager.token)).statusCode).toBe(400);
    expect((await t.get(`/api/userrecords?userId=${p.owner.id}`)).statusCode).toBe(401);
  });
  it('shows a director the Employment section once the person has employment at one of their organizations (and only that to a director of another employer)', async () => {
    await addEmployment(t, p.owner.id, oaks, 'Oaks');
    expect((await view(p.director)).json<{ sections: { gridId: string }[] }>().sections.map((s) => s.gridId)).toEqual([...RECORDS, ...PDP]);
    await addEmployment(t, p.owner.id, acorns, 'Acorns');
    expect((await view(p.director)).json<{ sections: { gridId: string }[] }>().sections.map((s) => s.gridId)).toEqual(['employment', ...RECORDS, ...PDP]);
    const rows = (await gridPage(t, p.director.token, { from: 1, to: 25, formId: 6, entityTypeId: 8, primaryEntity: { Id: p.owner.id } })).rows;
    expect(rows.map((r) => r.employerName)).toEqual(['Acorns']);
    const oaksView = (await view(p.otherDirector)).json<{ sections: { gridId: string }[]; attestations: boolean }>();
    expect(oaksView).toMatchObject({ sections: [{ gridId: 'employment' }], attestations: false });
  });
});

describe('comments on a person (entity 16, form 14): elevated roles only', () => {
  const comment = (caller: Person, text: string) => t.post('/api/form/formresponse', {
    response: { formId: 14, elementResponses: [{ formElementId: 14001, value: text }] }, primaryEntity: { Id: p.owner.id, EntityTypeId: 1 },
  }, caller.token);
  const comments = async (caller: Person) => (await gridPage(t, caller.token, { from: 1, to: 25, formId: 14, entityTypeId: 16, primaryEntity: { Id: p.owner.id } })).rows;

  it('a manager adds one; elevated roles read it; the person, their director and licensing staff do not', async () => {
    const res = await comment(p.manager, 'Called about the missing transcript.');
    expect(res.statusCode).toBe(200);
    const id = res.json<{ Id: number }>().Id;
    expect((await comments(p.sysadmin)).map((r) => r.commentText)).toEqual(['Called about the missing transcript.']);
    for (const who of [p.owner, p.director, p.licensing]) {
      expect(await comments(who)).toEqual([]);
      expect((await t.post('/api/form', { formid: 14, entities: [{ Id: id, EntityTypeId: 16 }] }, who.token)).statusCode).toBe(403);
    }
  });

  it('refuses comments from others and keeps changes to the author', async () => {
    const before = await t.count('records');
    for (const who of [p.owner, p.director, p.licensing]) expect((await comment(who, 'Not allowed.')).statusCode).toBe(403);
    expect(await t.count('records')).toBe(before);
    const [row] = await comments(p.manager);
    expect(row).toMatchObject({ canEdit: true, canDelete: true });
    expect((await comments(p.sysadmin))[0]).toMatchObject({ canEdit: false, canDelete: false, canDisable: true });
    const edit = await t.post('/api/form/formresponse', { response: { formId: 14, elementResponses: [{ formElementId: 14001, value: 'Changed.' }] }, entities: [{ Id: row!.id, EntityTypeId: 16 }] }, p.sysadmin.token);
    expect(edit.statusCode).toBe(403);
  });
});
