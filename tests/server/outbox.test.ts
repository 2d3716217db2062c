import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPage } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/** The Outbox (entity 910 over the outbox table): the System Administrator reads it; nobody writes it. */

let t: TestApp;
let admin: TestUser;
const OUTBOX = { entityTypeId: 910, formId: 910, from: 1, to: 100 };
const PASSWORD = 'Good-password-1';

beforeAll(async () => {
  t = await startTestApp('tn');
  admin = await t.user(['AdminUser'], 'Admin');
  // a registration writes its confirmation e-mail to the outbox, as in the product
  const res = await t.post('/api/accounts', { email: 'newcomer@example.org', password: PASSWORD, confirmPassword: PASSWORD, firstName: 'New', lastName: 'Comer', termsAccepted: true });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => { await t.close(); });

describe('Outbox', () => {
  it('lists the messages for the System Administrator, newest first', async () => {
    const page = await gridPage(t, admin.token, OUTBOX);
    expect(page.status).toBe(200);
    expect(page.rows.length).toBeGreaterThanOrEqual(1);
    expect(page.rows[0]).toMatchObject({ toAddress: 'newcomer@example.org', status: 'pending', canView: true });
    expect(page.rows[0]!.canEdit).not.toBe(true);
    expect(page.rows[0]!.canDelete).not.toBe(true);
  });

  it('shows a message with its HTML body and its confirmation link in the view form', async () => {
    const [row] = (await gridPage(t, admin.token, OUTBOX)).rows;
    const res = await t.post('/api/form', { formId: 910, entities: [{ Id: row!.id, EntityTypeId: 910 }] }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(`${t.config.publicUrl}/login?confirm=true`);
  });

  it.each([['100'], ['200'], ['400'], ['500']])('gives role %s no messages', async (role) => {
    const who = await t.user([role]);
    const page = await gridPage(t, who.token, OUTBOX);
    expect([200, 403]).toContain(page.status);
    expect(page.rows).toEqual([]);
    const [row] = (await gridPage(t, admin.token, OUTBOX)).rows;
    const view = await t.post('/api/form', { formId: 910, entities: [{ Id: row!.id, EntityTypeId: 910 }] }, who.token);
    expect([403, 404]).toContain(view.statusCode);
  });

  it('refuses every write, also from the System Administrator', async () => {
    const [row] = (await gridPage(t, admin.token, OUTBOX)).rows;
    const id = Number(row!.id);
    const before = await t.database.db.knex('outbox').where({ id }).first();
    const writes = [
      t.post('/api/form/formresponse', { response: { formId: 910, elementResponses: [{ formElementId: 91003, value: 'Changed' }] }, entities: [{ Id: id, EntityTypeId: 910 }] }, admin.token),
      t.post('/api/form/formresponse', { response: { formId: 910, elementResponses: [{ formElementId: 91003, value: 'New' }] } }, admin.token),
      t.post('/api/grid/disable', { entityTypeId: 910, entityId: id, disable: true }, admin.token),
      t.post('/api/grid/delete', { entityTypeId: 910, entityId: id }, admin.token),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode, res.body).toBe(403);
    expect(await t.database.db.knex('outbox').where({ id }).first()).toEqual(before);
    expect(await t.count('outbox')).toBe(1);
  });
});
