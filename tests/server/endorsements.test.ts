import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPage } from '../support/records.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { addEndorsement, addRecordId, CERTIFICATION } from '../support/personal-records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Endorsements: certification rows flagged isEndorsement, the detail call and who may disable them. */
let t: TestApp;
let owner: Person;
let other: Person;
let director: Person;
let otherDirector: Person;
let licensing: Person;
let manager: Person;
let endorsement: number;
let credential: number;

beforeAll(async () => {
  t = await startTestApp('tn');
  const [acorns, oaks] = [await addOrganization(t, 'Acorns'), await addOrganization(t, 'Oaks')];
  owner = await addPerson(t, 'Eve', [{ role: '100', organizationId: acorns }]);
  other = await addPerson(t, 'Finn', [{ role: '100', organizationId: oaks }]);
  director = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  otherDirector = await addPerson(t, 'Omar', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
  licensing = await addPerson(t, 'Lena', [{ role: '350' }]);
  manager = await addPerson(t, 'Mona', [{ role: '400' }]);
  endorsement = await addEndorsement(t, owner.id);
  credential = await addRecordId(t, owner.token, CERTIFICATION, owner.id);
});
afterAll(async () => { await t.close(); });

const detail = (id: number | string, p?: Person) => t.get(`/api/endorsement/detail/${id}`, p?.token);

describe('GET /api/endorsement/detail/{id}', () => {
  it('answers the spec\'s fields to the owner', async () => {
    const res = await detail(endorsement, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      FullName: 'Eve Tester', Email: expect.stringMatching(/^eve\d+@people\.registry\.test$/), RegistryId: `TN${String(owner.id).padStart(7, '0')}`,
      EndorsementName: 'Infant and Early Childhood Mental Health Endorsement (IMH-E)', EndorsementSubcategory: 'Infant Family Specialist',
      EndorsementStartDate: '2023-06-01', EndorsementEndDate: '2025-06-01', EndorsementRenewDate: '2025-05-01',
      EndorsementAwardingInstitution: 'Alliance for the Advancement of Infant Mental Health',
    });
  });

  it.each([
    ['the owner\'s director', () => director, 200], ['licensing staff', () => licensing, 200], ['a manager', () => manager, 200],
    ['another professional', () => other, 403], ['a director of another organization', () => otherDirector, 403],
  ] as const)('%s -> %i', async (_who, caller, status) => {
    expect((await detail(endorsement, caller())).statusCode).toBe(status);
  });

  it('refuses what is not an endorsement, unknown ids, bad ids and callers without a session', async () => {
    expect((await detail(credential, owner)).statusCode).toBe(404);
    expect((await detail(999_999, manager)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1e3', '99999999999']) expect((await detail(bad, manager)).statusCode).toBe(400);
    expect((await detail(endorsement)).statusCode).toBe(401);
  });
});

describe('endorsements in the certification grid', () => {
  const rowsAs = async (p: Person) => (await gridPage(t, p.token, { from: 1, to: 25, formId: 5, entityTypeId: 7, primaryEntity: { Id: owner.id } })).rows;

  it('the owner views it but can neither edit nor disable it (credentials they may disable)', async () => {
    const rows = await rowsAs(owner);
    expect(rows.find((r) => r.id === endorsement)).toMatchObject({ isEndorsement: true, canView: true, canEdit: false, canDisable: false });
    expect(rows.find((r) => r.id === credential)).toMatchObject({ isEndorsement: false, canEdit: true, canDisable: true });
    const change = await t.post('/api/form/formresponse', { response: { formId: 5, elementResponses: [{ formElementId: 5004, value: 'X-1' }] }, entities: [{ Id: endorsement, EntityTypeId: 7 }] }, owner.token);
    expect(change.statusCode).toBe(403);
    expect((await t.post('/api/grid/disable', { entityTypeId: 7, entityId: endorsement, disable: true }, owner.token)).statusCode).toBe(403);
    expect((await t.post('/api/grid/disable', { entityTypeId: 7, entityId: endorsement, disable: true }, director.token)).statusCode).toBe(403);
  });

  it('an elevated role disables and re-enables it, each with an audit row', async () => {
    expect((await rowsAs(manager)).find((r) => r.id === endorsement)).toMatchObject({ canDisable: true, canEdit: false });
    expect((await t.post('/api/grid/disable', { entityTypeId: 7, entityId: endorsement, disable: true }, manager.token)).statusCode).toBe(200);
    expect((await rowsAs(owner)).some((r) => r.id === endorsement)).toBe(false);
    expect((await detail(endorsement, owner)).statusCode).toBe(200);
    expect((await t.post('/api/grid/disable', { entityTypeId: 7, entityId: endorsement, disable: false }, manager.token)).statusCode).toBe(200);
    const audit = await t.database.db.knex('audit').where({ entity_type_id: 7, entity_id: endorsement }).orderBy('id').select('action', 'user_id');
    expect(audit).toEqual([{ action: 'record.disable', user_id: manager.id }, { action: 'record.enable', user_id: manager.id }]);
  });
});
