import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, type Person } from '../support/people.js';
import { addRecord, addRecordId, COMMUNITY_SERVICE, markSentViaApi, MEMBERSHIP, TRAINING } from '../support/personal-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Tenant variants of the record types: tn training records come from the state, al has no community service. */
const summary = (t: TestApp, p: Person, entityTypeId: number, formId: number) =>
  t.post('/api/grid/summary', { entityTypeId, formId, primaryEntity: { Id: p.id } }, p.token);

describe.each(['tn', 'al', 'jh'])('training records in %s', (tenant) => {
  let t: TestApp;
  let pro: Person;
  let manager: Person;
  const byUser = tenant !== 'tn';
  beforeAll(async () => {
    t = await startTestApp(tenant);
    pro = await addPerson(t, 'Tia', [{ role: '100' }]);
    manager = await addPerson(t, 'Mel', [{ role: '400' }]);
  });
  afterAll(async () => { await t.close(); });

  it(byUser ? 'the professional adds their own (Add New shown)' : 'the professional cannot add one (no Add New) and nothing is written', async () => {
    const before = await t.count('records');
    const res = await addRecord(t, pro.token, TRAINING, pro.id);
    expect(res.statusCode).toBe(byUser ? 200 : 403);
    expect(await t.count('records')).toBe(before + (byUser ? 1 : 0));
    expect((await summary(t, pro, 3, 7)).json<{ canAdd: boolean }>().canAdd).toBe(byUser);
  });

  it(byUser ? 'the professional deletes their own' : 'the professional cannot delete one; a manager can', async () => {
    const id = await addRecordId(t, manager.token, TRAINING, pro.id);
    const res = await t.post('/api/grid/delete', { entityTypeId: 3, entityId: id }, pro.token);
    expect(res.statusCode).toBe(byUser ? 200 : 403);
    if (!byUser) expect((await t.post('/api/grid/delete', { entityTypeId: 3, entityId: id }, manager.token)).statusCode).toBe(200);
  });

  it('the professional still edits their own record and sees it; a manager adds for them', async () => {
    const id = await addRecordId(t, manager.token, TRAINING, pro.id);
    const res = await t.post('/api/form/formresponse', { response: { formId: 7, elementResponses: [TRAINING.change] }, entities: [{ Id: id, EntityTypeId: 3 }] }, pro.token);
    expect(res.statusCode).toBe(200);
    expect((await summary(t, manager, 3, 7)).statusCode).toBe(200);
  });

  it('records sent through the API cannot be changed or deleted by the professional', async () => {
    const id = await addRecordId(t, manager.token, TRAINING, pro.id);
    await markSentViaApi(t, id);
    const change = await t.post('/api/form/formresponse', { response: { formId: 7, elementResponses: [TRAINING.change] }, entities: [{ Id: id, EntityTypeId: 3 }] }, pro.token);
    expect(change.statusCode).toBe(403);
    expect((await t.post('/api/grid/delete', { entityTypeId: 3, entityId: id }, pro.token)).statusCode).toBe(403);
  });
});

describe.each([['al', false], ['tn', true], ['jh', true]] as const)('community service in %s', (tenant, present) => {
  let t: TestApp;
  let pro: Person;
  beforeAll(async () => {
    t = await startTestApp(tenant);
    pro = await addPerson(t, 'Cai', [{ role: '100' }]);
  });
  afterAll(async () => { await t.close(); });

  it(present ? 'is a record type with its profile tab' : 'does not exist: no entity, form, grid or tab', async () => {
    const m = (await t.get('/api/metadata', pro.token)).json<{ entities: { id: number }[]; forms: { id: number }[]; grids: { id: string }[]; routes: { id: string }[] }>();
    expect(m.entities.some((e) => e.id === 5)).toBe(present);
    expect(m.forms.some((f) => f.id === 3)).toBe(present);
    expect(m.grids.some((g) => g.id === 'community-service')).toBe(present);
    expect(m.routes.some((r) => r.id === 'profile-communityservice')).toBe(present);
    expect(m.routes.some((r) => r.id === 'profile-membership')).toBe(true);
    const before = await t.count('records');
    const add = await addRecord(t, pro.token, COMMUNITY_SERVICE, pro.id);
    expect(add.statusCode).toBe(present ? 200 : 404);
    expect(await t.count('records')).toBe(before + (present ? 1 : 0));
    expect((await summary(t, pro, 5, 3)).statusCode).toBe(present ? 200 : 404);
    expect((await addRecord(t, pro.token, MEMBERSHIP, pro.id)).statusCode).toBe(200);
  });

  it(present ? 'is a section of the User Records view' : 'is not a section of the User Records view', async () => {
    const view = (await t.get(`/api/userrecords?userId=${pro.id}`, pro.token)).json<{ sections: { gridId: string }[] }>();
    // al drops the development plan too (issue 27)
    const pdp = tenant === 'al' ? [] : ['pdp-self-assessment', 'pdp-required-training', 'pdp-goals'];
    // and only al has the career lattice (issue 28)
    const lattice = tenant === 'al' ? ['career-lattice'] : [];
    expect(view.sections.map((s) => s.gridId)).toEqual(['employment', 'education', 'certification', 'training', ...(present ? ['community-service'] : []), 'membership', ...pdp, ...lattice]);
  });
});
