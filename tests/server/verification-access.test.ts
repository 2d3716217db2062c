import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addEducation, gridPage, LEVEL } from '../support/records.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Who may request, review, remove and see verifications (spec part 2 section 6), and the grids. */

let t: TestApp;
const p: Record<string, Person> = {};
let acorns: number;
let oaks: number;

const ref = (id: number, entityTypeId = 4) => ({ entityTypeId, entityId: id });
const request = (who: Person, id: number) => t.post('/api/verification/request', ref(id), who.token);
const view = (who: Person, id: number) => t.post('/api/verification/view', ref(id), who.token);
const decide = (who: Person, id: number, body: Record<string, unknown>) => t.post('/api/verification', { ...ref(id), ...body }, who.token);
const verify = (who: Person, id: number, extra: Record<string, unknown> = {}) => decide(who, id, { isVerified: true, action: 'verify', ...extra });
const remove = (who: Person, id: number) => decide(who, id, { isVerified: false, action: 'remove' });
const ok = (res: LightMyRequestResponse) => { expect(res.statusCode, res.body).toBe(200); return res; };
const newRecord = (owner: Person, school: string) => addEducation(t, owner.token, { level: LEVEL.associate, school, end: '2018-05-01' });
const REQUESTS = { from: 1, to: 25, entityTypeId: 15, formId: 19 };
const HISTORY = { ...REQUESTS, altGridId: 'verification-history' };
const requestedSchools = async (who: Person) => (await gridPage(t, who.token, REQUESTS)).rows.map((r) => r.identifier).sort();

let samRecord: number;
let olgaRecord: number;
let samVerification: number;

beforeAll(async () => {
  t = await startTestApp('tn');
  [acorns, oaks] = [await addOrganization(t, 'Acorns'), await addOrganization(t, 'Oaks')];
  p.sam = await addPerson(t, 'Sam', [{ role: '100', organizationId: acorns }]);
  p.olga = await addPerson(t, 'Olga', [{ role: '100', organizationId: oaks }]);
  p.nia = await addPerson(t, 'Nia', [{ role: '100' }]);
  p.dana = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
  p.otto = await addPerson(t, 'Otto', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }]);
  p.lena = await addPerson(t, 'Lena', [{ role: '350' }]);
  p.sue = await addPerson(t, 'Sue', [{ role: '375' }]);
  p.max = await addPerson(t, 'Max', [{ role: '400' }]);
  p.ada = await addPerson(t, 'Ada', [{ role: 'AdminUser' }, { role: '500' }]);
  await switchRole(t, p.dana!, '200');
  await switchRole(t, p.otto!, '200');
  samRecord = await newRecord(p.sam!, 'Sam College');
  olgaRecord = await newRecord(p.olga!, 'Olga College');
  samVerification = ok(await request(p.sam!, samRecord)).json<{ verificationId: number }>().verificationId;
  ok(await request(p.olga!, olgaRecord));
});
afterAll(async () => { await t.close(); });

describe('requesting', () => {
  it.each(['nia', 'dana', 'lena', 'max'])('%s cannot request verification of another person\'s record', async (who) => {
    const id = await newRecord(p.sam!, `Sam School for ${who}`);
    const res = await request(p[who]!, id);
    expect(res.statusCode).toBe(403);
    expect((await t.database.db.knex('education').where({ id }).first('verification_status')) as object).toEqual({ verification_status: null });
  });

  it.each([
    ['a guessed record id', ref(999_999), 404],
    ['an unknown entity type', ref(1, 999), 404],
    ['a type that is never verified (user)', ref(1, 1), 400],
    ['a verification row (entity 15)', ref(1, 15), 400],
  ])('%s: %i', async (_name, body, status) => {
    expect((await t.post('/api/verification/request', body, p.nia!.token)).statusCode).toBe(status);
  });

  it('an endorsement cannot be verified', async () => {
    const now = new Date().toISOString();
    const [row] = (await t.database.db.knex('certification').insert({
      user_id: p.sam!.id, certification_type: 'Credential', certification_name: 'Infant Mental Health Endorsement', issuing_body: 'Alliance',
      is_endorsement: true, verified: false, disabled: false, created_at: now, updated_at: now,
    }).returning('id')) as ({ id: number } | number)[];
    const id = Number(typeof row === 'object' ? row.id : row);
    const res = await t.post('/api/verification/request', ref(id, 7), p.sam!.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Verification is not available for this record.' });
  });

  it.each([
    ['no body fields', {}],
    ['an unknown field', { ...ref(1), extra: 1 }],
    ['id 0', ref(0)],
    ['a text id', { entityTypeId: 4, entityId: '12' }],
  ])('bad input (%s) is a 400', async (_name, body) => {
    expect((await t.post('/api/verification/request', body, p.sam!.token)).statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.post('/api/verification/request', ref(samRecord))).statusCode).toBe(401);
  });
});

describe('the Verification Requests grid (roles 200 and 350) lists only what the caller may review, in SQL', () => {
  it.each([
    ['dana', ['Sam College']],
    ['otto', ['Olga College']],
    ['lena', ['Olga College', 'Sam College']],
    ['sam', []],
    ['nia', []],
  ])('%s sees %j', async (who, schools) => {
    expect(await requestedSchools(p[who]!)).toEqual(schools);
  });

  it('totals agree with the rows (the summary uses the same scope)', async () => {
    const res = ok(await t.post('/api/grid/summary', REQUESTS, p.dana!.token));
    expect(res.json()).toMatchObject({ total: 1 });
  });

  it('rows carry the spec fields', async () => {
    const [row] = (await gridPage(t, p.dana!.token, REQUESTS)).rows;
    expect(row).toMatchObject({ verificationType: 'Education', primaryEntityName: 'Sam Tester', identifier: 'Sam College', entityTypeId: 4, entityId: samRecord, primaryEntityId: p.sam!.id, status: 'Requested' });
  });

  it('a director acting as a professional (active role 100) sees no requests', async () => {
    await switchRole(t, p.dana!, '100');
    expect(await requestedSchools(p.dana!)).toEqual([]);
    expect((await view(p.dana!, samRecord)).statusCode).toBe(403);
    await switchRole(t, p.dana!, '200');
  });

  it('a director\'s own request is not in their own list', async () => {
    const id = await newRecord(p.dana!, 'Dana College');
    await switchRole(t, p.dana!, '100');
    ok(await request(p.dana!, id));
    await switchRole(t, p.dana!, '200');
    expect(await requestedSchools(p.dana!)).toEqual(['Sam College']);
    expect(await requestedSchools(p.lena!)).toContain('Dana College');
    expect((await view(p.dana!, id)).statusCode).toBe(403);
  });
});

describe('reviewing: a director of another organization or a professional gets 403', () => {
  it.each(['otto', 'nia', 'olga', 'sue', 'max'])('%s cannot view Sam\'s record for verification nor verify it', async (who) => {
    expect((await view(p[who]!, samRecord)).statusCode).toBe(403);
    expect((await verify(p[who]!, samRecord)).statusCode).toBe(403);
    expect((await decide(p[who]!, samRecord, { isVerified: false, action: 'decline', comments: 'no' })).statusCode).toBe(403);
  });

  it('licensing staff (350) review records of anyone', async () => {
    const id = await newRecord(p.nia!, 'Nia College');
    ok(await request(p.nia!, id));
    ok(await view(p.lena!, id));
    expect(ok(await verify(p.lena!, id)).json()).toMatchObject({ verified: true });
  });

  it('a director names only an agency they direct where the person is on staff', async () => {
    const id = await newRecord(p.sam!, 'Sam Agency Check');
    ok(await request(p.sam!, id));
    ok(await view(p.dana!, id));
    expect((await verify(p.dana!, id, { agencyId: oaks })).statusCode).toBe(400);
    expect((await verify(p.dana!, id, { primaryEntityId: p.olga!.id })).statusCode).toBe(400);
    expect(ok(await verify(p.dana!, id, { agencyId: acorns, primaryEntityId: p.sam!.id })).json()).toMatchObject({ verified: true });
  });

  it('other reviewers act for no agency', async () => {
    const id = await newRecord(p.sam!, 'Sam Agency Check 2');
    ok(await request(p.sam!, id));
    ok(await view(p.lena!, id));
    expect((await verify(p.lena!, id, { agencyId: acorns })).statusCode).toBe(400);
  });

  it('bad decision input is a 400 and changes nothing', async () => {
    for (const body of [{ action: 'verify' }, { isVerified: 'yes' }, { isVerified: true, comments: 'x'.repeat(2001) }, { isVerified: true, action: 'approve' }]) {
      expect((await decide(p.dana!, samRecord, body)).statusCode).toBe(400);
    }
    expect((await t.database.db.knex('education').where({ id: samRecord }).first('verification_status')) as object).toEqual({ verification_status: 'Requested' });
  });
});

describe('removing a verification (350/375, 400, 500, or 200 in tn)', () => {
  const verified = async (school: string) => {
    const id = await newRecord(p.sam!, school);
    ok(await request(p.sam!, id));
    ok(await view(p.lena!, id));
    ok(await verify(p.lena!, id));
    return id;
  };

  it.each(['dana', 'lena', 'sue', 'max'])('%s may remove', async (who) => {
    const id = await verified(`Removable by ${who}`);
    expect(ok(await remove(p[who]!, id)).json()).toMatchObject({ verificationStatus: null, verified: false, actionType: 5 });
  });

  it.each(['otto', 'nia', 'olga', 'sam'])('%s may not remove', async (who) => {
    const id = await verified(`Not removable by ${who}`);
    expect((await remove(p[who]!, id)).statusCode).toBe(403);
    expect((await t.database.db.knex('education').where({ id }).first('verification_status')) as object).toEqual({ verification_status: 'Approved' });
  });
});

describe('history (GET /api/verification) and the Verification History grid', () => {
  it.each([['sam', 200], ['dana', 200], ['lena', 200], ['sue', 200], ['max', 200], ['otto', 403], ['nia', 403], ['olga', 403]])('%s reading Sam\'s history: %i', async (who, status) => {
    expect((await t.get(`/api/verification?verificationId=${samVerification}`, p[who]!.token)).statusCode).toBe(status);
  });

  it.each([['a guessed id', '999999', 404], ['a text id', 'abc', 400], ['no id', '', 400]])('%s: %s', async (_n, id, status) => {
    expect((await t.get(`/api/verification?verificationId=${id}`, p.sue!.token)).statusCode).toBe(status);
  });

  it('the history grid shows a director the verifications of their staff, and 375 everyone\'s', async () => {
    const names = async (who: Person) => [...new Set((await gridPage(t, who.token, HISTORY)).rows.map((r) => r.primaryEntityName))].sort();
    expect(await names(p.dana!)).toEqual(['Sam Tester']);
    expect(await names(p.otto!)).toEqual(['Olga Tester']);
    expect(await names(p.sue!)).toEqual(['Dana Tester', 'Nia Tester', 'Olga Tester', 'Sam Tester']);
    expect(await names(p.nia!)).toEqual([]);
  });

  it('the history exports as CSV with the same scope', async () => {
    const csv = async (who: Person) => {
      const res = await t.post('/api/form/flatfile', { formId: 19, entityType: 15, altGridId: 'verification-history', fileType: 'csv' }, who.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    expect(await csv(p.sue!)).toContain('Olga Tester');
    const director = await csv(p.dana!);
    expect(director).toContain('Sam Tester');
    expect(director).not.toContain('Olga Tester');
    expect(await csv(p.nia!)).not.toContain('Tester');
  });

  it('the status of a record is readable by those who may read it, not by others', async () => {
    expect(ok(await t.get(`/api/verification/status?entityTypeId=4&entityId=${samRecord}`, p.sam!.token)).json()).toMatchObject({ state: 'Requested', request: false, verify: false });
    expect((await t.get(`/api/verification/status?entityTypeId=4&entityId=${samRecord}`, p.nia!.token)).statusCode).toBe(403);
    expect((await t.get(`/api/verification/status?entityTypeId=4&entityId=${samRecord}`, p.otto!.token)).statusCode).toBe(403);
  });
});

describe('al: a director verifies but cannot remove a verification', () => {
  it('al director: verify 200, remove 403; al 350 removes', async () => {
    const al = await startTestApp('al');
    try {
      const org = await addOrganization(al, 'Pines');
      const [pro, director, consultant] = [
        await addPerson(al, 'Pat', [{ role: '100', organizationId: org }]),
        await addPerson(al, 'Dee', [{ role: '100', organizationId: org }, { role: '200', organizationId: org }]),
        await addPerson(al, 'Cora', [{ role: '350' }]),
      ];
      await switchRole(al, director, '200');
      const id = await addEducation(al, pro.token, { level: LEVEL.bachelor, school: 'Pines College', end: '2017-05-01' });
      expect((await al.post('/api/verification/request', ref(id), pro.token)).statusCode).toBe(200);
      expect((await al.post('/api/verification/view', ref(id), director.token)).statusCode).toBe(200);
      expect((await al.post('/api/verification', { ...ref(id), isVerified: true }, director.token)).statusCode).toBe(200);
      expect((await al.post('/api/verification', { ...ref(id), isVerified: false, action: 'remove' }, director.token)).statusCode).toBe(403);
      expect((await al.post('/api/verification', { ...ref(id), isVerified: false, action: 'remove' }, consultant.token)).statusCode).toBe(200);
    } finally {
      await al.close();
    }
  });
});
