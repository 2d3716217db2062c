import { createUser } from '../../server/domain/identity.js';
import { TEST_PASSWORD, type TestApp } from './test-app.js';

export interface Person {
  id: number;
  name: string;
  userName: string;
  token: string;
}

let seq = 0;

/** An organization row, as the seed and the tests make them. */
export async function addOrganization(t: TestApp, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const now = new Date().toISOString();
  const [r] = (await t.database.db.knex('organizations').insert({ organization_name: name, county: 'Davidson', created_at: now, updated_at: now, ...extra }).returning('id')) as ({ id: number } | number)[];
  return Number(typeof r === 'object' ? r.id : r);
}

/** A confirmed person with roles (at organizations where given), signed in; `active` switches the active role. */
export async function addPerson(t: TestApp, name: string, roles: { role: string; organizationId?: number }[], active?: string): Promise<Person> {
  seq += 1;
  const email = `${name.toLowerCase()}${seq}@people.registry.test`;
  const row = await createUser(t.database.db.knex, t.registry, { email, password: TEST_PASSWORD, firstName: name, lastName: 'Tester', roles, confirmed: true, firstTime: false }, null);
  const login = await t.post('/api/auth/login', { userName: email, password: TEST_PASSWORD });
  const person = { id: row.id, name: `${name} Tester`, userName: row.user_name, token: (JSON.parse(login.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token };
  return active ? switchRole(t, person, active) : person;
}

/** Switches the person's active role; the new token replaces the old one. */
export async function switchRole(t: TestApp, p: Person, role: string): Promise<Person> {
  const res = await t.post('/api/userorganizationroles/roleswitch', { role }, p.token);
  if (res.statusCode !== 200) throw new Error(`role switch failed: ${res.body}`);
  p.token = (JSON.parse(res.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token;
  return p;
}
