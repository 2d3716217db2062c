import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addEmployment, employmentRow, saveEmployment, visibleActions } from '../support/employment.js';
import { gridPage } from '../support/records.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Experience start-date verification (employment, entity 8; spec part 2 sections 4 and 6):
 * the transitions, re-verifying a declined start date, removal, the tn review rule and access.
 */

let t: TestApp;
let acorns: number;
let bravo: number;
let sam: Person; // staff (100) at Acorns
let bea: Person; // staff and director (100 + 200) at Acorns
let dana: Person; // director at Acorns, acting as 200
let dan100: Person; // another director at Acorns, acting as a professional (100)
let otto: Person; // director at Bravo, acting as 200
let lic: Person; // 350
let sup: Person; // 375
let mgr: Person; // 400

type State = 'None' | 'Requested' | 'Approved' | 'Rejected';
const knex = () => t.database.db.knex;
const ref = (id: number) => ({ entityTypeId: 8, entityId: id });
const request = (p: Person, id: number) => t.post('/api/verification/request', ref(id), p.token);
const view = (p: Person, id: number) => t.post('/api/verification/view', ref(id), p.token);
const decide = (p: Person, id: number, body: Record<string, unknown>) => t.post('/api/verification', { ...ref(id), ...body }, p.token);
const verify = async (p: Person, id: number) => { await view(p, id); return decide(p, id, { isVerified: true, action: 'verify' }); };
const decline = async (p: Person, id: number) => { await view(p, id); return decide(p, id, { isVerified: false, action: 'decline', comments: 'The start date does not match our files.' }); };
const remove = (p: Person, id: number) => decide(p, id, { isVerified: false, action: 'remove' });
const ok = (res: LightMyRequestResponse) => { expect(res.statusCode, res.body).toBe(200); return res; };
const stateOf = async (id: number): Promise<State> => {
  const r = (await knex()('employment_records').where({ id }).first('verification_status', 'verified')) as { verification_status: string | null; verified: boolean | number };
  const verified = r.verified === true || r.verified === 1;
  // verified exactly when Approved
  expect(verified).toBe(r.verification_status === 'Approved');
  return (r.verification_status ?? 'None') as State;
};
const counts = async () => ({ audit: await t.count('audit'), events: await t.count('domain_events'), actions: await t.count('verification_actions') });
let startDay = 0;
const samRecord = () => addEmployment(t, sam.token, { agencyId: acorns, start: `2020-01-${String(++startDay).padStart(2, '0')}` });

const SETUP: Record<State, (id: number) => Promise<void>> = {
  None: async () => undefined,
  Requested: async (id) => { ok(await request(sam, id)); },
  Approved: async (id) => { ok(await request(sam, id)); ok(await verify(dana, id)); },
  Rejected: async (id) => { ok(await request(sam, id)); ok(await decline(dana, id)); },
};
const FIRE = {
  request: (id: number) => request(sam, id),
  verify: (id: number) => verify(dana, id),
  decline: (id: number) => decline(dana, id),
  remove: (id: number) => remove(dana, id),
};

beforeAll(async () => {
  t = await startTestApp('tn');
  acorns = await addOrganization(t, 'Acorns Learning Center', { is_registry_organization: true });
  bravo = await addOrganization(t, 'Bravo Child Care', { is_registry_organization: true });
  sam = await addPerson(t, 'Sam', [{ role: '100', organizationId: acorns }]);
  bea = await addPerson(t, 'Bea', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
  dana = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  dan100 = await addPerson(t, 'Dan', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '100');
  otto = await addPerson(t, 'Otto', [{ role: '100', organizationId: bravo }, { role: '200', organizationId: bravo }], '200');
  lic = await addPerson(t, 'Lina', [{ role: '350' }], '350');
  sup = await addPerson(t, 'Sue', [{ role: '375' }], '375');
  mgr = await addPerson(t, 'Max', [{ role: '400' }], '400');
});
afterAll(async () => { await t.close(); });

describe('transitions of an experience start date (table-driven over the record states)', () => {
  it.each([
    ['None', 'request', 200, 'Requested'], ['Requested', 'request', 409, 'Requested'], ['Approved', 'request', 409, 'Approved'], ['Rejected', 'request', 200, 'Requested'],
    ['None', 'verify', 200, 'Approved'], ['Requested', 'verify', 200, 'Approved'], ['Approved', 'verify', 409, 'Approved'],
    // a rejected start date can be re-verified (part 2 section 4), not declined twice
    ['Rejected', 'verify', 200, 'Approved'], ['Rejected', 'decline', 409, 'Rejected'],
    ['None', 'decline', 200, 'Rejected'], ['Requested', 'decline', 200, 'Rejected'], ['Approved', 'decline', 409, 'Approved'],
    ['None', 'remove', 409, 'None'], ['Requested', 'remove', 409, 'Requested'], ['Approved', 'remove', 200, 'None'], ['Rejected', 'remove', 409, 'Rejected'],
  ] as const)('%s + %s -> %i, %s', async (from, event, status, to) => {
    const id = await samRecord();
    await SETUP[from](id);
    const before = await counts();
    const res = await FIRE[event](id);
    expect(res.statusCode, res.body).toBe(status);
    expect(await stateOf(id)).toBe(to);
    const written = status === 200 ? 1 : 0;
    expect(await counts()).toEqual({ audit: before.audit + written, events: before.events + written, actions: before.actions + written });
    if (status === 200) {
      const audit = (await knex()('audit').orderBy('id', 'desc').first()) as { action: string; entity_type_id: number; entity_id: number | string };
      expect([audit.action, Number(audit.entity_type_id), Number(audit.entity_id)]).toEqual([`verification.${event}`, 8, id]);
    }
  });

  it('re-verifying a declined start date keeps one verification with its whole history', async () => {
    const id = await samRecord();
    ok(await request(sam, id));
    ok(await decline(dana, id));
    const again = ok(await verify(dana, id)).json<{ verificationId: number; verificationStatus: string; verified: boolean; actionType: number }>();
    expect(again).toMatchObject({ verificationStatus: 'Approved', verified: true, actionType: 3 });
    const history = ok(await t.get(`/api/verification?verificationId=${again.verificationId}`, sam.token)).json<{ actionType: number; agencyName: string | null }[]>();
    expect(history.map((h) => [h.actionType, h.agencyName])).toEqual([[1, null], [4, 'Acorns Learning Center'], [3, 'Acorns Learning Center']]);
    // removal by a manager, then the owner may ask again
    ok(await remove(mgr, id));
    expect(await stateOf(id)).toBe('None');
    ok(await request(sam, id));
  });

  it('names the record by employer and start date in the Verification Requests grid', async () => {
    const id = await addEmployment(t, sam.token, { agencyId: acorns, start: '2021-08-16' });
    const { verificationId } = ok(await request(sam, id)).json<{ verificationId: number }>();
    const row = (await knex()('verifications').where({ id: verificationId }).first('identifier', 'verification_type', 'primary_entity_name')) as Record<string, string>;
    expect(row).toEqual({ identifier: 'Acorns Learning Center - 08/16/2021', verification_type: 'Employment', primary_entity_name: 'Sam Tester' });
    const grid = await gridPage(t, dana.token, { entityTypeId: 15, formId: 19, from: 1, to: 100 });
    expect(grid.rows.find((r) => r.entityTypeId === 8 && r.entityId === id)).toMatchObject({ identifier: 'Acorns Learning Center - 08/16/2021', status: 'Requested' });
  });

  it('locks a requested or verified record against edits', async () => {
    const id = await samRecord();
    ok(await request(sam, id));
    const edit = await saveEmployment(t, sam.token, { agencyId: acorns, start: '2019-01-01' }, id);
    expect(edit.statusCode, edit.body).toBe(409);
    ok(await verify(dana, id));
    expect((await saveEmployment(t, sam.token, { agencyId: acorns, start: '2019-01-01' }, id)).statusCode).toBe(409);
    expect(await stateOf(id)).toBe('Approved');
  });

  it('refuses employers outside the registry (no one can verify them)', async () => {
    const id = await addEmployment(t, sam.token, { employer: 'Corner Daycare', start: '2018-03-01' });
    const before = await counts();
    const res = await request(sam, id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('Verification is not available for this record.');
    expect(await counts()).toEqual(before);
  });
});

describe('who reviews in tn: a director for staff without 200, staff roles for a person with both (part 2 section 6)', () => {
  let samId: number;
  let beaId: number;
  const reviewers = () => ({ dana, dan100, otto, lic, sup, mgr });
  beforeAll(async () => {
    samId = await samRecord();
    beaId = await addEmployment(t, bea.token, { agencyId: acorns, start: '2015-06-01' });
  });

  it.each([
    // reviewer, target, may verify
    ['dana', 'sam', true], ['dana', 'bea', false],
    ['dan100', 'sam', false], ['dan100', 'bea', false],
    ['otto', 'sam', false], ['otto', 'bea', false],
    ['lic', 'sam', false], ['lic', 'bea', true],
    ['sup', 'sam', false], ['sup', 'bea', true],
    ['mgr', 'sam', false], ['mgr', 'bea', false],
  ] as const)('%s reviewing %s: %s', async (who, target, may) => {
    const reviewer = reviewers()[who];
    const id = target === 'sam' ? samId : beaId;
    const status = await t.get(`/api/verification/status?entityTypeId=8&entityId=${id}`, reviewer.token);
    if (status.statusCode === 200) expect(status.json<{ verify: boolean; decline: boolean }>()).toMatchObject({ verify: may, decline: may });
    else expect([may, status.statusCode]).toEqual([false, 403]);
    const before = await counts();
    const viewed = await view(reviewer, id);
    expect(viewed.statusCode, viewed.body).toBe(may ? 200 : 403);
    const res = await decide(reviewer, id, { isVerified: true, action: 'verify' });
    expect(res.statusCode, res.body).toBe(may ? 200 : 403);
    if (may) {
      expect(await stateOf(id)).toBe('Approved');
      ok(await remove(reviewer, id));
    } else {
      expect(await counts()).toEqual(before);
    }
    expect(await stateOf(id)).toBe('None');
  });

  it('the employment grid offers Request Verification to the owner and Verify or Reject to the reviewer the rule names', async () => {
    const owned = await employmentRow(t, sam.token, samId);
    const who = (p: Person, roles: string[], activeRole: string) => ({ id: p.id, roles, activeRole, claims: [] });
    // Request Verification is the verification workflow's step, offered by the server with the row
    expect((owned.transitions as { id: string; label: string }[]).map((s) => [s.id, s.label])).toContainEqual(['request', 'Request Verification']);
    expect(visibleActions(t, 'employment', owned, who(dana, ['100', '200'], '200'))).toContain('review-verification');
    expect(visibleActions(t, 'employment', owned, who(lic, ['350'], '350'))).not.toContain('review-verification');
    const both = await employmentRow(t, bea.token, beaId);
    expect(visibleActions(t, 'employment', both, who(dana, ['100', '200'], '200'))).not.toContain('review-verification');
    expect(visibleActions(t, 'employment', both, who(sup, ['375'], '375'))).toContain('review-verification');
    expect(both).toMatchObject({ verificationStatus: null, verified: false, primaryEntityName: 'Bea Tester' });
  });
});

describe('access with guessed ids', () => {
  it('refuses another person\'s record, unknown ids and a wrong owner, writing nothing', async () => {
    const samId = await samRecord();
    const ottoId = await addEmployment(t, otto.token, { agencyId: bravo, start: '2017-09-01' });
    const before = await counts();
    expect((await request(sam, ottoId)).statusCode).toBe(403); // not the owner and cannot read it
    expect((await request(dana, samId)).statusCode).toBe(403); // the director cannot request for staff
    expect((await view(dana, ottoId)).statusCode).toBe(403); // another organization's record
    expect((await decide(dana, ottoId, { isVerified: true, action: 'verify' })).statusCode).toBe(403);
    expect((await decide(otto, samId, { isVerified: true, action: 'verify' })).statusCode).toBe(403);
    expect((await request(sam, 987654)).statusCode).toBe(404);
    expect((await decide(dana, 987654, { isVerified: true, action: 'verify' })).statusCode).toBe(404);
    ok(await view(dana, samId));
    const wrongOwner = await decide(dana, samId, { isVerified: true, action: 'verify', primaryEntityId: bea.id });
    expect(wrongOwner.statusCode).toBe(400);
    expect((await decide(dana, samId, { isVerified: true, action: 'verify', agencyId: bravo })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await stateOf(samId)).toBe('None');
  });

  it('keeps the director from verifying their own start date', async () => {
    const own = await addEmployment(t, dana.token, { agencyId: acorns, start: '2016-02-01' });
    expect((await view(dana, own)).statusCode).toBe(403);
    expect((await decide(dana, own, { isVerified: true, action: 'verify' })).statusCode).toBe(403);
  });
});
