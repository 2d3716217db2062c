import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/domain/identity.js';
import { addEducation, gridPage, LEVEL } from '../support/records.js';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';

let t: TestApp;
const people: Record<string, { id: number; token: string }> = {};

async function person(name: string, roles: { role: string; organizationId?: number }[]) {
  const email = `${name}@scope.registry.test`;
  const row = await createUser(t.database.db.knex, t.registry, { email, password: TEST_PASSWORD, firstName: name, lastName: 'Scope', roles, confirmed: true, firstTime: false }, null);
  const jwt = JSON.parse((await t.post('/api/auth/login', { userName: email, password: TEST_PASSWORD })).json<{ jwt: string }>().jwt) as { auth_token: string };
  people[name] = { id: row.id, token: jwt.auth_token };
}

const org = async (name: string) => Number(((await t.database.db.knex('organizations').insert({ organization_name: name, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).returning('id')) as ({ id: number } | number)[]).map((r) => (typeof r === 'object' ? r.id : r))[0]);
const switchTo = async (name: string, role: string) => {
  const res = await t.post('/api/userorganizationroles/roleswitch', { role }, people[name]!.token);
  people[name]!.token = (JSON.parse(res.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token;
};
const schools = async (viewer: string, owner?: string) => (await gridPage(t, people[viewer]!.token, {
  from: 1, to: 25, formId: 2, entityTypeId: 4, ...(owner ? { primaryEntity: { Id: people[owner]!.id, EntityTypeId: 1 } } : {}),
})).rows.map((r) => r.school).sort();

beforeAll(async () => {
  t = await startTestApp('tn');
  const [acorns, oaks] = [await org('Acorns'), await org('Oaks')];
  await person('dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
  await person('sam', [{ role: '100', organizationId: acorns }]);
  await person('olga', [{ role: '100', organizationId: oaks }]);
  await person('nia', [{ role: '100' }]);
  for (const name of ['sam', 'olga', 'nia']) await addEducation(t, people[name]!.token, { level: LEVEL.associate, school: `${name} college`, end: '2020-05-01' });
});
afterAll(async () => { await t.close(); });

describe('a director sees the records of the staff of their organizations only (user.staffIds)', () => {
  it('as director (active role 200): the staff member\'s records, nobody else\'s', async () => {
    await switchTo('dana', '200');
    expect(await schools('dana', 'sam')).toEqual(['sam college']);
    expect(await schools('dana', 'olga')).toEqual([]);
    expect(await schools('dana', 'nia')).toEqual([]);
  });

  it('as a professional (active role 100): only their own', async () => {
    await switchTo('dana', '100');
    expect(await schools('dana', 'sam')).toEqual([]);
  });

  it('loses the view as soon as the staff role ends', async () => {
    await switchTo('dana', '200');
    await t.database.db.knex('user_roles').where({ user_id: people.sam!.id, role: '100' }).update({ active: false });
    expect(await schools('dana', 'sam')).toEqual([]);
  });

  it('a professional never sees another person\'s records', async () => {
    expect(await schools('olga', 'nia')).toEqual([]);
    expect(await schools('nia', 'olga')).toEqual([]);
  });
});
