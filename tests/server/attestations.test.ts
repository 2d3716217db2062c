import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Attestations (spec part 2 sections 3-6): one per employer of the person; only a director (acting
 * as 200) of that employer may approve, once; hidden from and refused to holders of role 300.
 */
interface Item { organizationId: number; employerName: string; text: string; approved: boolean; attestationDate: string | null; attestorId: number | null; attestorName: string | null; comment: string | null; canAttest: boolean }

let t: TestApp;
let acorns: number;
let oaks: number;
let pines: number;
const p = {} as Record<'staff' | 'director' | 'oaksDirector' | 'pinesDirector' | 'coachDirector' | 'coach' | 'other' | 'licensing' | 'manager', Person>;

beforeAll(async () => {
  t = await startTestApp('tn');
  [acorns, oaks, pines] = [await addOrganization(t, 'Acorns & <Oaks> Academy'), await addOrganization(t, 'Oaks'), await addOrganization(t, 'Pines')];
  p.staff = await addPerson(t, 'Sara', [{ role: '100', organizationId: acorns }, { role: '100', organizationId: oaks }]);
  p.director = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  p.oaksDirector = await addPerson(t, 'Omar', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
  p.pinesDirector = await addPerson(t, 'Pia', [{ role: '100', organizationId: pines }, { role: '200', organizationId: pines }], '200');
  p.coachDirector = await addPerson(t, 'Cora', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }, { role: '300' }], '200');
  p.coach = await addPerson(t, 'Cole', [{ role: '300' }]);
  p.other = await addPerson(t, 'Otto', [{ role: '100', organizationId: pines }]);
  p.licensing = await addPerson(t, 'Lena', [{ role: '350' }]);
  p.manager = await addPerson(t, 'Mona', [{ role: '400' }]);
});
afterAll(async () => { await t.close(); });

const list = (caller: Person, userId = p.staff.id) => t.get(`/api/attestation?userId=${userId}`, caller.token);
const attest = (caller: Person, body: Record<string, unknown>) => t.post('/api/attestation', body, caller.token);
const items = async (caller: Person) => (await list(caller)).json<Item[]>();

describe('GET /api/attestation?userId', () => {
  it('lists one unapproved attestation per employer, with the tenant\'s text naming the employer (escaped)', async () => {
    const mine = await items(p.staff);
    expect(mine.map((i) => [i.employerName, i.approved, i.canAttest, i.attestorId])).toEqual([
      ['Acorns & <Oaks> Academy', false, false, null], ['Oaks', false, false, null],
    ]);
    expect(mine[0]!.text).toContain('<strong>Acorns &amp; &lt;Oaks&gt; Academy</strong>');
    expect(mine[0]!.text).toMatch(/^<p>I attest that/);
  });

  it('lets a director tick only for their own organization', async () => {
    expect((await items(p.director)).map((i) => [i.employerName, i.canAttest])).toEqual([['Acorns & <Oaks> Academy', true], ['Oaks', false]]);
    expect((await items(p.oaksDirector)).map((i) => [i.employerName, i.canAttest])).toEqual([['Acorns & <Oaks> Academy', false], ['Oaks', true]]);
  });

  it.each([
    ['licensing staff', 'licensing', 200], ['a manager', 'manager', 200],
    ['a director of another organization', 'pinesDirector', 403], ['another professional', 'other', 403],
    ['a coach', 'coach', 403], ['a director who also holds the coach role', 'coachDirector', 403],
  ] as const)('%s -> %i', async (_who, key, status) => {
    const res = await list(p[key]);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json<Item[]>().every((i) => !i.canAttest)).toBe(true);
  });

  it('answers 404 for an unknown person (to those who may look) and 400 for a bad id', async () => {
    expect((await list(p.manager, 999_999)).statusCode).toBe(404);
    expect((await list(p.other, 999_999)).statusCode).toBe(403);
    expect((await t.get('/api/attestation?userId=abc', p.manager.token)).statusCode).toBe(400);
    expect((await t.get('/api/attestation', p.manager.token)).statusCode).toBe(400);
  });
});

describe('POST /api/attestation', () => {
  it.each([
    ['the person themself', 'staff'], ['a manager', 'manager'], ['licensing staff', 'licensing'], ['a director of another organization', 'oaksDirector'],
    ['a director who also holds the coach role', 'coachDirector'], ['a coach', 'coach'],
  ] as const)('refuses %s (403), writing nothing', async (_who, key) => {
    const res = await attest(p[key], { userId: p.staff.id, organizationId: acorns, approved: true });
    expect(res.statusCode).toBe(403);
    expect(await t.count('attestations')).toBe(0);
  });

  it('refuses a director acting as a professional', async () => {
    await switchRole(t, p.director, '100');
    expect((await attest(p.director, { userId: p.staff.id, organizationId: acorns, approved: true })).statusCode).toBe(403);
    expect((await list(p.director)).statusCode).toBe(403);
    await switchRole(t, p.director, '200');
  });

  it.each([
    ['approved false', { approved: false }], ['no approved', { approved: undefined }], ['an unknown field', { approved: true, extra: 1 }],
    ['a comment too long', { approved: true, comment: 'x'.repeat(1001) }], ['a text organization id', { approved: true, organizationId: 'Acorns' }],
  ])('refuses a body with %s (400), writing nothing', async (_what, change) => {
    const res = await attest(p.director, { userId: p.staff.id, organizationId: acorns, ...change });
    expect(res.statusCode).toBe(400);
    expect(await t.count('attestations')).toBe(0);
  });

  it('refuses an organization where the person holds no staff role', async () => {
    expect((await attest(p.pinesDirector, { userId: p.staff.id, organizationId: pines, approved: true })).statusCode).toBe(403);
    expect((await attest(p.director, { userId: p.other.id, organizationId: acorns, approved: true })).statusCode).toBe(403);
  });

  it('a director of the employer approves: answer, stored text, audit row in the same change', async () => {
    const res = await attest(p.director, { userId: p.staff.id, organizationId: acorns, approved: true, comment: ' Reviewed in person. ' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ attestorId: number; attestorName: string; attestationDate: string; approved: boolean }>();
    expect(answer).toMatchObject({ attestorId: p.director.id, attestorName: 'Dana Tester', approved: true, comment: 'Reviewed in person.' });
    expect(Math.abs(Date.parse(answer.attestationDate) - Date.now())).toBeLessThan(60_000);
    const audit = await t.database.db.knex('audit').where({ action: 'attestation.approve' }).select('user_id', 'entity_type_id', 'detail');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: p.director.id, entity_type_id: 102 });
    expect(JSON.parse(audit[0].detail as string)).toEqual({ userId: p.staff.id, organizationId: acorns, comment: 'Reviewed in person.' });
    const [acornsItem, oaksItem] = await items(p.staff);
    expect(acornsItem).toMatchObject({ approved: true, attestorId: p.director.id, attestorName: 'Dana Tester', comment: 'Reviewed in person.', canAttest: false });
    expect(Date.parse(acornsItem!.attestationDate!)).toBe(Date.parse(answer.attestationDate));
    expect(oaksItem).toMatchObject({ approved: false, attestorId: null });
  });

  it('a second approval is a conflict (409) and changes nothing', async () => {
    const res = await attest(p.director, { userId: p.staff.id, organizationId: acorns, approved: true });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('This attestation has already been approved.');
    expect(await t.count('attestations')).toBe(1);
  });

  it('each employer attests for itself; an attestation stays listed after the staff role ends', async () => {
    expect((await attest(p.oaksDirector, { userId: p.staff.id, organizationId: oaks, approved: true })).statusCode).toBe(200);
    await t.database.db.knex('user_roles').where({ user_id: p.staff.id, organization_id: oaks }).update({ active: false });
    const after = await items(p.staff);
    expect(after.map((i) => [i.employerName, i.approved, i.attestorName])).toEqual([['Acorns & <Oaks> Academy', true, 'Dana Tester'], ['Oaks', true, 'Omar Tester']]);
    expect((await list(p.oaksDirector)).statusCode).toBe(403);
  });
});
