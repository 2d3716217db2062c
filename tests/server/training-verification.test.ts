import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../../server/data/entity-store.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Training records (entity 3) join verification by metadata: directors only, never for records sent via API. */
let t: TestApp;
let sam: Person;
let dana: Person;
let lena: Person;

const ref = (id: number) => ({ entityTypeId: 3, entityId: id });
async function training(viaApi: boolean): Promise<number> {
  const entity = t.registry.entities.get(3)!;
  return t.database.db.knex.transaction((trx) => insertRow(trx, t.database.db, entity, {
    userId: sam.id, trainingTitle: 'Safe Sleep Practices', trainingProvider: 'State Training Center', dateCompleted: '2026-08-01', trainingHours: 2, sentViaApi: viaApi,
  }, sam.id));
}

beforeAll(async () => {
  t = await startTestApp('tn');
  const acorns = await addOrganization(t, 'Acorns Learning Center');
  sam = await addPerson(t, 'Sam', [{ role: '100', organizationId: acorns }]);
  dana = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  lena = await addPerson(t, 'Lena', [{ role: '350' }], '350');
});
afterAll(async () => { await t.close(); });

describe('training record verification (spec part 2 section 6)', () => {
  it('the owner requests, the director verifies after viewing; the record is then locked', async () => {
    const id = await training(false);
    expect((await t.post('/api/verification/request', ref(id), sam.token)).statusCode).toBe(200);
    expect((await t.post('/api/verification', { ...ref(id), isVerified: true, action: 'verify' }, dana.token)).statusCode).toBe(409);
    expect((await t.post('/api/verification/view', ref(id), dana.token)).statusCode).toBe(200);
    const res = await t.post('/api/verification', { ...ref(id), isVerified: true, action: 'verify' }, dana.token);
    expect(res.statusCode, res.body).toBe(200);
    const form = await t.post('/api/form', { formid: 7, entities: [{ Id: id, EntityTypeId: 3 }] }, sam.token);
    expect(form.json()).toMatchObject({ canEdit: false });
    const row = await t.database.db.knex('verifications').where({ entity_type_id: 3, entity_id: id }).first() as { status: string };
    expect(row.status).toBe('Approved');
  });

  it('licensing staff (350) may not verify training', async () => {
    const id = await training(false);
    expect((await t.post('/api/verification/request', ref(id), sam.token)).statusCode).toBe(200);
    await t.post('/api/verification/view', ref(id), lena.token);
    const res = await t.post('/api/verification', { ...ref(id), isVerified: true, action: 'verify' }, lena.token);
    expect([403, 404]).toContain(res.statusCode);
  });

  it('a record sent via API cannot be sent for verification', async () => {
    const id = await training(true);
    const res = await t.post('/api/verification/request', ref(id), sam.token);
    expect([400, 409]).toContain(res.statusCode);
    expect(Number((await t.database.db.knex('verifications').where({ entity_type_id: 3, entity_id: id }).count({ c: '*' }).first() as { c: number | string }).c)).toBe(0);
  });
});
