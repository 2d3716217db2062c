import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { signIn } from '../support/demo.js';
import { gridPage } from '../support/records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The demo shows Staff Management with its dropdown to the director and My Facilities to DHS staff. */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('tn');
  await seedDemo(t.app.ctx);
}, 60_000);
afterAll(async () => { await t.close(); });

describe('demo staff and facilities', () => {
  it('gives the demo director two organizations, each with staff', async () => {
    const token = await signIn(t, demoUserName('200'), DEMO_PASSWORD);
    const orgs = (await t.database.db.knex('user_roles').join('organizations', 'organizations.id', 'user_roles.organization_id')
      .where({ 'user_roles.user_id': (await t.database.db.knex('users').where({ user_name: demoUserName('200') }).first('id') as { id: number }).id, 'user_roles.role': '200', 'user_roles.active': true })
      .orderBy('organizations.id').select('organizations.id', 'organizations.organization_name')) as { id: number; organization_name: string }[];
    expect(orgs.map((o) => o.organization_name)).toEqual(['Little Acorns Learning Center', 'Bright Horizons Family Child Care']);
    const staff = async (id: number) => (await gridPage(t, token, { entityTypeId: 1, formId: 1, altGridId: 'organization-users', primaryEntity: { Id: id, EntityTypeId: 2 }, from: 1, to: 100 })).rows.map((r) => r.fullName);
    expect(await staff(orgs[0]!.id)).toEqual(expect.arrayContaining(['Maria Lopez', 'James Carter']));
    expect(await staff(orgs[1]!.id)).toEqual(['Ethan Miles', 'James Carter', 'Leon Locked', 'Priya Shah']);
    const screen = await t.get(`/api/organizationusers/screen?organizationId=${orgs[1]!.id}`, token);
    expect(screen.json()).toMatchObject({ canView: true, mayRefer: true });
  });

  it('shows DHS staff (350) every organization on My Facilities, with staff counts', async () => {
    const token = await signIn(t, demoUserName('350'), DEMO_PASSWORD);
    const rows = (await gridPage(t, token, { entityTypeId: 2, formId: 13, from: 1, to: 100 })).rows;
    expect(rows.length).toBe(12);
    expect(rows.find((r) => r.organizationName === 'Bright Horizons Family Child Care')).toMatchObject({ staffCount: 4, licensedCapacityShown: '12' });
  });
});
