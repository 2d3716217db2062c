import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureRoot } from '../support/fixture-root.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * A workflow defined only in metadata (tests/fixtures/workflow-approval): a trainer application,
 * a record type of the generic JSON store, goes draft -> submitted -> approved | returned through
 * the generic workflow API, with its rules, comments, audit rows, history and domain events.
 */
const ENTITY = 950;
let fixture: ReturnType<typeof fixtureRoot>;
let t: TestApp;
let ava: TestUser;
let ben: TestUser;
let rita: TestUser;
let hana: TestUser;

interface Answer { message: string; errors?: Record<string, string> }
interface Status {
  workflowId: string; state: { id: string; label: string; final: boolean };
  transitions: { id: string; label: string; commentRequired: boolean }[];
  history: { transition: string; from: string; to: string; comment: string | null; actorId: number; actorName: string; at: string }[];
}

const apply = async (who: TestUser, topic: string, experience: string | null = 'Ten years in classrooms.'): Promise<number> => {
  const res = await t.post('/api/form/formresponse', { response: { formId: 950, elementResponses: [{ formElementId: 95001, value: topic }, { formElementId: 95002, value: experience }] } }, who.token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { Id: number }).Id;
};
const fire = (who: TestUser, entityId: number, transition: string, comment?: string | null) =>
  t.post('/api/workflow/transition', { entityTypeId: ENTITY, entityId, transition, ...(comment === undefined ? {} : { comment }) }, who.token);
const status = async (who: TestUser, entityId: number) => {
  const res = await t.get(`/api/workflow?entityTypeId=${ENTITY}&entityId=${entityId}`, who.token);
  expect(res.statusCode).toBe(200);
  return res.json() as Status;
};
const counts = async () => ({ history: await t.count('workflow_transitions'), audit: await t.count('audit'), events: await t.count('domain_events') });
const events = async (entityId: number) => (await t.database.db.knex('domain_events').where({ type: 'workflow.transitioned' }).orderBy('id').select('payload', 'actor_id'))
  .map((r: { payload: string; actor_id: number }) => ({ ...(JSON.parse(r.payload) as { event: string; entityId: number; from: string; to: string; comment: string | null }), actorId: r.actor_id }))
  .filter((e) => e.entityId === entityId);

beforeAll(async () => {
  fixture = fixtureRoot('workflow-approval');
  t = await startTestApp('tn', {}, fixture.root);
  [ava, ben, rita, hana] = [await t.user(['100'], 'ava'), await t.user(['100'], 'ben'), await t.user(['400'], 'rita'), await t.user(['500'], 'hana')];
});
afterAll(async () => {
  await t?.close();
  fixture?.remove();
});

describe('a two-step approval defined only in metadata', () => {
  it('starts in the initial state with the transitions the caller may fire', async () => {
    const id = await apply(ava, 'Early literacy');
    const s = await status(ava, id);
    expect(s).toMatchObject({ workflowId: 'trainer-application', state: { id: 'draft', label: 'Draft', final: false }, history: [] });
    expect(s.transitions).toEqual([{ id: 'submit', label: 'Submit for review', commentRequired: false }]);
    expect((await status(rita, id)).transitions).toEqual([]);
  });

  it('runs submit, return with a comment, resubmit and approve, with history, audit rows and events', async () => {
    const id = await apply(ava, 'Infant care');
    const submitted = await fire(ava, id, 'submit');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ entityTypeId: ENTITY, entityId: id, state: { id: 'submitted', label: 'Submitted' }, transitions: [] });
    expect((await status(rita, id)).transitions.map((x) => x.id)).toEqual(['approve', 'return']);

    const returned = await fire(rita, id, 'return', '  Please add your certificates.  ');
    expect(returned.json()).toMatchObject({ state: { id: 'returned' }, transitions: [] });
    expect((await fire(ava, id, 'submit')).statusCode).toBe(200);
    const approved = await fire(rita, id, 'approve', null);
    expect(approved.json()).toMatchObject({ state: { id: 'approved', label: 'Approved', final: false }, transitions: [] });

    const s = await status(ava, id);
    expect(s.history.map((h) => [h.transition, h.from, h.to, h.comment, h.actorId])).toEqual([
      ['submit', 'draft', 'submitted', null, ava.id],
      ['return', 'submitted', 'returned', 'Please add your certificates.', rita.id],
      ['submit', 'returned', 'submitted', null, ava.id],
      ['approve', 'submitted', 'approved', null, rita.id],
    ]);
    expect(s.history[1]!.actorName).toBe(rita.row.first_name + ' ' + rita.row.last_name);

    const audit = await t.database.db.knex('audit').where({ entity_type_id: ENTITY, entity_id: id, action: 'workflow.transition' }).orderBy('id');
    expect(audit.map((r: { user_id: number; detail: string }) => [r.user_id, JSON.parse(r.detail) as unknown])).toEqual([
      [ava.id, expect.objectContaining({ workflowId: 'trainer-application', transition: 'submit', from: 'draft', to: 'submitted', comment: null })],
      [rita.id, expect.objectContaining({ transition: 'return', comment: 'Please add your certificates.', effects: ['unlockRecord', 'publishEvent'] })],
      [ava.id, expect.objectContaining({ transition: 'submit', from: 'returned' })],
      [rita.id, expect.objectContaining({ transition: 'approve', effects: ['grantRole', 'publishEvent', 'notify'] })],
    ]);
    expect((await events(id)).map((e) => [e.event, e.from, e.to, e.comment, e.actorId])).toEqual([
      ['trainerApplication.submitted', 'draft', 'submitted', null, ava.id],
      ['trainerApplication.returned', 'submitted', 'returned', 'Please add your certificates.', rita.id],
      ['trainerApplication.submitted', 'returned', 'submitted', null, ava.id],
      ['trainerApplication.approved', 'submitted', 'approved', null, rita.id],
    ]);
  });

  it('runs the effects: the record is locked while submitted, the role granted and the owner told', async () => {
    const id = await apply(ben, 'Outdoor play');
    const edit = () => t.post('/api/form/formresponse', { response: { formId: 950, elementResponses: [{ formElementId: 95001, value: 'Changed' }] }, entities: [{ Id: id, EntityTypeId: ENTITY }] }, ben.token);
    await fire(ben, id, 'submit');
    expect((await edit()).statusCode).toBe(409);
    await fire(rita, id, 'return', 'Shorter, please.');
    expect((await edit()).statusCode).toBe(200);
    await fire(ben, id, 'submit');
    const outbox = await t.count('outbox');
    expect(await t.database.db.knex('user_roles').where({ user_id: ben.id, role: '300', active: true }).first()).toBeUndefined();
    await fire(rita, id, 'approve');
    expect(await t.database.db.knex('user_roles').where({ user_id: ben.id, role: '300', active: true }).first()).toBeDefined();
    const mail = await t.database.db.knex('outbox').orderBy('id', 'desc').first() as { to_address: string; subject: string; text: string };
    expect(await t.count('outbox')).toBe(outbox + 1);
    expect(mail).toMatchObject({ to_address: ben.userName, subject: 'Changed: Approved' });
    expect(mail.text).toContain('Trainer application');

    expect((await status(hana, id)).transitions).toEqual([{ id: 'revoke', label: 'Withdraw the approval', commentRequired: true }]);
    const revoked = await fire(hana, id, 'revoke', 'Moved out of state.');
    expect(revoked.json()).toMatchObject({ state: { id: 'revoked', label: 'Approval withdrawn', final: true }, transitions: [] });
    expect(await t.database.db.knex('user_roles').where({ user_id: ben.id, role: '300', active: true }).first()).toBeUndefined();
    expect(await t.database.db.knex('user_roles').where({ user_id: ben.id, role: '300', active: false }).whereNotNull('end_date').first()).toBeDefined();
    const receipt = await t.database.db.knex('outbox').orderBy('id', 'desc').first() as { to_address: string; text: string };
    expect(receipt.to_address).toBe(hana.userName);
    expect(receipt.text).toContain('Moved out of state.');
  });
});

describe('refusals change nothing', () => {
  it('refuses by the role rule (403), the wrong state (409), a missing comment (400) and an unknown step (400)', async () => {
    const id = await apply(ava, 'Music');
    const before = await counts();
    const expectRefused = async (res: Awaited<ReturnType<typeof fire>>, code: number, message: string) => {
      expect(res.statusCode).toBe(code);
      expect((res.json() as Answer).message).toBe(message);
    };
    await expectRefused(await fire(rita, id, 'submit'), 403, 'Insufficient access privileges');
    await expectRefused(await fire(ava, id, 'approve'), 403, 'Insufficient access privileges');
    await expectRefused(await fire(rita, id, 'approve'), 409, "This step cannot be taken from the record's current state.");
    await expectRefused(await fire(ava, id, 'publish'), 400, 'This step does not exist for this record.');
    expect(await counts()).toEqual(before);
    await fire(ava, id, 'submit');
    const submitted = await counts();
    for (const comment of [undefined, null, '   ']) {
      const res = await fire(rita, id, 'return', comment);
      await expectRefused(res, 400, 'Please say what needs to change before returning the application.');
      expect((res.json() as Answer).errors).toEqual({ comment: 'Please say what needs to change before returning the application.' });
    }
    await expectRefused(await fire(ava, id, 'submit'), 409, "This step cannot be taken from the record's current state.");
    expect(await counts()).toEqual(submitted);
    expect((await status(ava, id)).state.id).toBe('submitted');
  });

  it('refuses by a guard of the metadata with its own message', async () => {
    const id = await apply(ava, 'Dance', null);
    const before = await counts();
    expect((await status(ava, id)).transitions).toEqual([]);
    const res = await fire(ava, id, 'submit');
    expect(res.statusCode).toBe(400);
    expect((res.json() as Answer).message).toBe('Describe your experience before submitting the application.');
    expect(await counts()).toEqual(before);
  });

  it("refuses another person's record ids, unknown records and types, and bad input", async () => {
    const id = await apply(ava, 'Art');
    // another professional (ben's sessions ended when his approval was withdrawn above)
    const cal = await t.user(['100'], 'cal');
    const before = await counts();
    expect((await fire(cal, id, 'submit')).statusCode).toBe(403);
    expect((await t.get(`/api/workflow?entityTypeId=${ENTITY}&entityId=${id}`, cal.token)).statusCode).toBe(403);
    expect((await fire(ava, 999_999, 'submit')).statusCode).toBe(404);
    expect((await t.post('/api/workflow/transition', { entityTypeId: 101, entityId: id, transition: 'submit' }, ava.token)).statusCode).toBe(404);
    expect((await t.post('/api/workflow/transition', { entityTypeId: 77777, entityId: id, transition: 'submit' }, ava.token)).statusCode).toBe(404);
    for (const body of [{ entityTypeId: ENTITY, entityId: id }, { entityTypeId: ENTITY, entityId: -1, transition: 'submit' }, { entityTypeId: ENTITY, entityId: id, transition: 'submit', extra: 1 }]) {
      const res = await t.post('/api/workflow/transition', body, ava.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('errors');
    }
    expect((await t.get(`/api/workflow?entityTypeId=${ENTITY}&entityId=abc`, ava.token)).statusCode).toBe(400);
    expect((await t.post('/api/workflow/transition', { entityTypeId: ENTITY, entityId: id, transition: 'submit' })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('refuses a step on a disabled record', async () => {
    const id = await apply(ava, 'Cooking');
    await t.database.db.knex('records').where({ id }).update({ disabled: true });
    const res = await fire(ava, id, 'submit');
    expect(res.statusCode).toBe(409);
    expect((res.json() as Answer).message).toBe('This record is disabled and cannot be changed.');
  });

  it('lets only one of two transitions fired at once win', async () => {
    const id = await apply(ava, 'Science');
    await fire(ava, id, 'submit');
    const answers = await Promise.all([fire(rita, id, 'approve'), fire(rita, id, 'return', 'Not yet.'), fire(rita, id, 'approve')]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const s = await status(ava, id);
    expect(s.history).toHaveLength(2);
    expect(s.state.id).toBe(s.history[1]!.to);
    expect(await t.database.db.knex('audit').where({ entity_type_id: ENTITY, entity_id: id, action: 'workflow.transition' })).toHaveLength(2);
    // the compare-and-set under the row lock: a second step with the same number cannot be stored
    const [first] = await t.database.db.knex('workflow_transitions').where({ entity_type_id: ENTITY, entity_id: id }).orderBy('sequence').select('*');
    await expect(t.database.db.knex('workflow_transitions').insert({ ...first, id: undefined })).rejects.toThrow();
  });
});
