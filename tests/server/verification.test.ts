import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addEducation, EDU, LEVEL } from '../support/records.js';
import { addOrganization, addPerson, switchRole, type Person } from '../support/people.js';
import * as sample from '../support/file-samples.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { saveEducationWithFile, uploaded } from '../support/uploads.js';

/** Every verification transition through the API (spec part 2 sections 4, 6 and 8), tenant tn. */

let t: TestApp;
let sam: Person; // professional, staff at Acorns
let dana: Person; // director at Acorns
let acorns: number;

type State = 'None' | 'Requested' | 'Approved' | 'Rejected';
const knex = () => t.database.db.knex;
const ref = (id: number) => ({ entityTypeId: 4, entityId: id });
const request = (p: Person, id: number) => t.post('/api/verification/request', ref(id), p.token);
const view = (p: Person, id: number) => t.post('/api/verification/view', ref(id), p.token);
const decide = (p: Person, id: number, body: Record<string, unknown>) => t.post('/api/verification', { ...ref(id), ...body }, p.token);
const verify = (p: Person, id: number, comments?: string) => decide(p, id, { isVerified: true, action: 'verify', ...(comments ? { comments } : {}) });
const decline = (p: Person, id: number, comments: string | null) => decide(p, id, { isVerified: false, action: 'decline', comments });
const remove = (p: Person, id: number) => decide(p, id, { isVerified: false, action: 'remove' });
const ok = (res: LightMyRequestResponse) => { expect(res.statusCode, res.body).toBe(200); return res; };
const stateOf = async (id: number): Promise<{ verificationStatus: string | null; verified: boolean }> => {
  const r = (await knex()('education').where({ id }).first('verification_status', 'verified')) as { verification_status: string | null; verified: boolean | number };
  return { verificationStatus: r.verification_status, verified: r.verified === true || r.verified === 1 };
};
const STATE_FIELDS: Record<State, { verificationStatus: string | null; verified: boolean }> = {
  None: { verificationStatus: null, verified: false },
  Requested: { verificationStatus: 'Requested', verified: false },
  Approved: { verificationStatus: 'Approved', verified: true },
  Rejected: { verificationStatus: 'Rejected', verified: false },
};
let schoolSeq = 0;
const newRecord = () => addEducation(t, sam.token, { level: LEVEL.bachelor, school: `State University ${++schoolSeq}`, major: 'Early Childhood', end: '2019-05-10' });
const counts = async () => ({ audit: await t.count('audit'), events: await t.count('domain_events'), actions: await t.count('verification_actions') });

const SETUP: Record<State, (id: number) => Promise<void>> = {
  None: async () => undefined,
  Requested: async (id) => { ok(await request(sam, id)); },
  Approved: async (id) => { ok(await request(sam, id)); ok(await view(dana, id)); ok(await verify(dana, id)); },
  Rejected: async (id) => { ok(await request(sam, id)); ok(await view(dana, id)); ok(await decline(dana, id, 'The transcript is missing.')); },
};
const FIRE = {
  request: (id: number) => request(sam, id),
  verify: async (id: number) => { await view(dana, id); return verify(dana, id); },
  decline: async (id: number) => { await view(dana, id); return decline(dana, id, 'Please upload the diploma.'); },
  remove: (id: number) => remove(dana, id),
};

beforeAll(async () => {
  t = await startTestApp('tn');
  acorns = await addOrganization(t, 'Acorns Learning Center');
  sam = await addPerson(t, 'Sam', [{ role: '100', organizationId: acorns }]);
  dana = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
  await switchRole(t, dana, '200');
});
afterAll(async () => { await t.close(); });

describe('every transition (table-driven over the record states)', () => {
  it.each([
    ['None', 'request', 200, 'Requested'], ['Requested', 'request', 409, 'Requested'], ['Approved', 'request', 409, 'Approved'], ['Rejected', 'request', 200, 'Requested'],
    ['None', 'verify', 200, 'Approved'], ['Requested', 'verify', 200, 'Approved'], ['Approved', 'verify', 409, 'Approved'], ['Rejected', 'verify', 409, 'Rejected'],
    ['None', 'decline', 200, 'Rejected'], ['Requested', 'decline', 200, 'Rejected'], ['Approved', 'decline', 409, 'Approved'], ['Rejected', 'decline', 409, 'Rejected'],
    ['None', 'remove', 409, 'None'], ['Requested', 'remove', 409, 'Requested'], ['Approved', 'remove', 200, 'None'], ['Rejected', 'remove', 409, 'Rejected'],
  ] as const)('%s + %s -> %i, %s', async (from, event, status, to) => {
    const id = await newRecord();
    await SETUP[from](id);
    const before = await counts();
    const res = await FIRE[event](id);
    expect(res.statusCode, res.body).toBe(status);
    expect(await stateOf(id)).toEqual(STATE_FIELDS[to]);
    const after = await counts();
    const written = status === 200 ? 1 : 0;
    // one audit row, one domain event and one history action per transition; a refusal writes nothing
    expect(after).toEqual({ audit: before.audit + written, events: before.events + written, actions: before.actions + written });
    if (status === 200) {
      const audit = (await knex()('audit').orderBy('id', 'desc').first()) as { action: string; entity_type_id: number; entity_id: number | string };
      expect(audit).toMatchObject({ action: `verification.${event}`, entity_type_id: 4 });
      expect(Number(audit.entity_id)).toBe(id);
    }
  });
});

describe('request (the owner)', () => {
  it('answers the spec text and locks the record while Requested', async () => {
    const id = await newRecord();
    const res = ok(await request(sam, id));
    expect(res.json()).toMatchObject({
      verificationStatus: 'Requested', verified: false, actionType: 1,
      message: "Verification request submitted! Your request for verification has been successfully submitted to your program's director(s) or designee for review.",
    });
    const edit = await t.post('/api/form/formresponse', { response: { formId: 2, elementResponses: [{ formElementId: EDU.school, value: 'Changed' }] }, entities: [{ Id: id, EntityTypeId: 4 }] }, sam.token);
    expect(edit.statusCode).toBe(409);
    expect((await knex()('education').where({ id }).first('school')) as { school: string }).toEqual({ school: `State University ${schoolSeq}` });
  });

  it('publishes verification.requested with the verification, record and owner', async () => {
    const id = await newRecord();
    const { verificationId } = ok(await request(sam, id)).json<{ verificationId: number }>();
    const event = (await knex()('domain_events').orderBy('id', 'desc').first()) as { type: string; payload: string; actor_id: number };
    expect(event.type).toBe('verification.requested');
    expect(JSON.parse(event.payload)).toEqual({ verificationId, entityTypeId: 4, entityId: id, ownerId: sam.id });
    expect(event.actor_id).toBe(sam.id);
  });

  it('a declined record can be changed and asked again: a new verification with its own history', async () => {
    const id = await newRecord();
    await SETUP.Rejected(id);
    const first = (await knex()('verifications').where({ entity_id: id, entity_type_id: 4 }).first('id')) as { id: number };
    const edit = await t.post('/api/form/formresponse', { response: { formId: 2, elementResponses: [{ formElementId: EDU.major, value: 'Child Development' }] }, entities: [{ Id: id, EntityTypeId: 4 }] }, sam.token);
    expect(edit.statusCode, edit.body).toBe(200);
    const { verificationId } = ok(await request(sam, id)).json<{ verificationId: number }>();
    expect(verificationId).not.toBe(first.id);
    const current = (await knex()('verifications').where({ entity_id: id, entity_type_id: 4 }).orderBy('id').select('id', 'status', 'is_current')) as { status: string; is_current: boolean | number }[];
    expect(current.map((v) => [v.status, Boolean(v.is_current)])).toEqual([['Rejected', false], ['Requested', true]]);
    const history = ok(await t.get(`/api/verification?verificationId=${verificationId}`, dana.token)).json<{ actionType: number }[]>();
    expect(history.map((h) => h.actionType)).toEqual([1]);
  });
});

describe('verify and decline (the reviewer)', () => {
  it('verify before viewing the record is refused with the hint text', async () => {
    const id = await newRecord();
    ok(await request(sam, id));
    const res = await verify(dana, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'View and download to enable approval/rejection' });
    expect((await decline(dana, id, 'Missing page.')).statusCode).toBe(409);
  });

  it('a view taken before the record changed does not count', async () => {
    const id = await newRecord();
    ok(await view(dana, id));
    const edit = await t.post('/api/form/formresponse', { response: { formId: 2, elementResponses: [{ formElementId: EDU.major, value: 'Nutrition' }] }, entities: [{ Id: id, EntityTypeId: 4 }] }, sam.token);
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await verify(dana, id)).statusCode).toBe(409);
    ok(await view(dana, id));
    ok(await verify(dana, id));
  });

  it('a record with a file: Verify and Decline wait until the reviewer downloads it', async () => {
    const file = await uploaded(t, sam.token, { fileName: 'diploma.pdf', bytes: sample.pdf('Diploma') });
    const saved = await saveEducationWithFile(t, sam.token, 'Fisk University', file.fileKey);
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ Id: number }>().Id;
    ok(await request(sam, id));
    expect(ok(await view(dana, id)).json()).toMatchObject({ viewed: true, downloaded: false, needsView: true });
    expect((await verify(dana, id)).statusCode).toBe(409);
    expect((await t.get(`/api/file/u/${file.fileKey}`, dana.token)).statusCode).toBe(200);
    expect(ok(await t.get(`/api/verification/status?entityTypeId=4&entityId=${id}`, dana.token)).json()).toMatchObject({ downloaded: true, needsView: false });
    ok(await verify(dana, id));
  });

  it('the view answers the record\'s state and the buttons: Verify and Decline once viewed', async () => {
    const id = await newRecord();
    ok(await request(sam, id));
    const before = ok(await t.get(`/api/verification/status?entityTypeId=4&entityId=${id}`, dana.token)).json();
    expect(before).toMatchObject({ state: 'Requested', viewed: false, verify: true, decline: true, remove: false, needsView: true, request: false });
    expect(ok(await view(dana, id)).json()).toMatchObject({ state: 'Requested', viewed: true, needsView: false });
  });

  it('decline without a comment is a 400 naming the field; with one it answers the spec text', async () => {
    const id = await newRecord();
    ok(await request(sam, id));
    ok(await view(dana, id));
    for (const comments of [null, '', '   ']) {
      const res = await decline(dana, id, comments);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'A comment is required to decline a verification.', errors: { comments: 'A comment is required to decline a verification.' } });
    }
    expect(await stateOf(id)).toEqual(STATE_FIELDS.Requested);
    expect(ok(await decline(dana, id, 'Please upload the diploma.')).json()).toMatchObject({ message: 'Verification Declined!', verificationStatus: 'Rejected', actionType: 4 });
  });

  it('verify answers the spec text, records the agency and publishes verification.decided', async () => {
    const id = await newRecord();
    const { verificationId } = ok(await request(sam, id)).json<{ verificationId: number }>();
    ok(await view(dana, id));
    expect(ok(await verify(dana, id, 'Checked with the college.')).json()).toMatchObject({ message: 'Record Verified!', verified: true, verificationId, actionType: 3 });
    const event = (await knex()('domain_events').orderBy('id', 'desc').first()) as { type: string; payload: string };
    expect(event.type).toBe('verification.decided');
    expect(JSON.parse(event.payload)).toEqual({ verificationId, entityTypeId: 4, entityId: id, ownerId: sam.id, outcome: 'approved', decidedBy: dana.id, comment: 'Checked with the college.' });
    const history = ok(await t.get(`/api/verification?verificationId=${verificationId}`, dana.token)).json<Record<string, unknown>[]>();
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({ actionType: 3, actionUser: { id: dana.id, name: 'Dana Tester' }, agencyId: acorns, agencyName: 'Acorns Learning Center', comments: 'Checked with the college.' });
    expect(history[0]).toMatchObject({ actionType: 1, actionUser: { id: sam.id, name: 'Sam Tester' }, agencyName: null, comments: null });
  });

  it('without isVerified the intent is read from the record: false on a verified record removes it', async () => {
    const id = await newRecord();
    await SETUP.Approved(id);
    expect(ok(await decide(dana, id, { isVerified: false, primaryEntityId: sam.id })).json()).toMatchObject({ message: 'Verification Removed!', actionType: 5 });
    expect(await stateOf(id)).toEqual(STATE_FIELDS.None);
  });

  it('an action that contradicts isVerified is a 400', async () => {
    const id = await newRecord();
    expect((await decide(dana, id, { isVerified: true, action: 'decline', comments: 'x' })).statusCode).toBe(400);
  });

  it('two reviewers deciding at once: one succeeds, the other gets 409', async () => {
    const id = await newRecord();
    ok(await request(sam, id));
    const lena = await addPerson(t, 'Lena', [{ role: '350' }]);
    ok(await view(dana, id));
    ok(await view(lena, id));
    const answers = await Promise.all([verify(dana, id), decline(lena, id, 'Not readable.')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    // the request and one decision
    const n = Number(((await knex()('verification_actions as a').join('verifications as v', 'v.id', 'a.verification_id').where('v.entity_id', id).where('v.entity_type_id', 4).count({ c: '*' }).first()) as { c: number | string }).c);
    expect(n).toBe(2);
  });
});

describe('a verified record', () => {
  it('cannot be changed by its owner until the verification is removed', async () => {
    const id = await newRecord();
    await SETUP.Approved(id);
    const body = { response: { formId: 2, elementResponses: [{ formElementId: EDU.major, value: 'Art' }] }, entities: [{ Id: id, EntityTypeId: 4 }] };
    const refused = await t.post('/api/form/formresponse', body, sam.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This record is verified and cannot be changed; its verification must be removed first.' });
    ok(await remove(dana, id));
    expect((await t.post('/api/form/formresponse', body, sam.token)).statusCode).toBe(200);
  });
});
