import type { Registry } from '../../engine/metadata/registry.js';
import type { Database } from '../data/db.js';
import { writeAudit } from '../data/audit.js';
import { nowIso } from '../data/clock.js';
import { insertRow } from '../data/entity-store.js';
import { createUser } from '../domain/identity.js';
import { seedPersonalRecords } from './seed-demo-records.js';
import { DEMO_ORGANIZATIONS, seedDemoEmployment } from './seed-demo-organizations.js';
import { insertedId } from '../data/inserted-id.js';

export const DEMO_PASSWORD = 'Demo-Registry-2026';

const ORGANIZATIONS = DEMO_ORGANIZATIONS;

const DEMO_USERS: { role: string; first: string; last: string; org?: number }[] = [
  { role: '100', first: 'Maria', last: 'Lopez', org: 0 },
  { role: '200', first: 'James', last: 'Carter', org: 0 },
  { role: '250', first: 'Tanya', last: 'Brooks' },
  { role: '300', first: 'Kevin', last: 'Nguyen' },
  { role: '350', first: 'Alicia', last: 'Reed' },
  { role: '375', first: 'Robert', last: 'Owens' },
  { role: '400', first: 'Denise', last: 'Hall' },
  { role: '500', first: 'Samuel', last: 'Price' },
  { role: 'AdminUser', first: 'Grace', last: 'Admin' },
];

const SCHOOLS = ['Nashville State Community College', 'University of Memphis', 'Pellissippi State Community College', 'Middle Tennessee State University', 'Chattanooga State Community College'];

export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const row = (await db.knex('users').count({ c: '*' }).first()) as { c: number | string };
  return Number(row.c) === 0;
}

export interface DemoLogin { role: string; userName: string; password: string }

/** Organizations, one user per role of the tenant, and a few records for each professional. */
export async function seedDemo(db: Database, registry: Registry, opts: { people?: number } = {}): Promise<DemoLogin[]> {
  const now = nowIso();
  const orgIds: number[] = [];
  for (const o of ORGANIZATIONS) {
    orgIds.push(insertedId(await db.knex('organizations').insert({ ...o, state: registry.tenant.code.toUpperCase().slice(0, 2), created_at: now, updated_at: now }).returning('id')));
  }
  const logins: DemoLogin[] = [];
  const professionals: number[] = [];
  for (const u of DEMO_USERS) {
    if (!registry.roles.has(u.role)) continue;
    const roles = u.org === undefined ? [{ role: u.role }] : u.role === '200'
      ? [{ role: '100', organizationId: orgIds[u.org] }, { role: '200', organizationId: orgIds[u.org] }]
      : [{ role: u.role, organizationId: orgIds[u.org] }];
    const userName = `${u.role.toLowerCase()}@demo.registry.test`;
    const user = await createUser(db.knex, registry, { email: userName, password: DEMO_PASSWORD, firstName: u.first, lastName: u.last, roles, confirmed: true, firstTime: false }, null);
    const home = ORGANIZATIONS[(logins.length) % ORGANIZATIONS.length]!;
    await db.knex('users').where({ id: user.id }).update({
      phone_number: `(615) 555-01${String(10 + logins.length)}`, address_line1: `${100 + logins.length} Main Street`,
      city: home.city, state: registry.tenant.code.toUpperCase().slice(0, 2), zip_code: '37201', county: home.county,
    });
    logins.push({ role: u.role, userName, password: DEMO_PASSWORD });
    if (u.role === '100' || u.role === '200') professionals.push(user.id);
  }
  for (let i = 0; i < (opts.people ?? 0); i++) {
    const user = await createUser(db.knex, registry, { email: `person${i + 1}@demo.registry.test`, password: null, firstName: `Person${i + 1}`, lastName: 'Demo', roles: [{ role: '100', organizationId: orgIds[i % orgIds.length] }], confirmed: true, firstTime: false }, null);
    professionals.push(user.id);
  }
  const education = registry.entities.get(4);
  const certification = registry.entities.get(7);
  await db.knex.transaction(async (trx) => {
    for (const [i, userId] of professionals.entries()) {
      if (education) {
        await insertRow(trx, db, education, { userId, educationLevel: "Associate's Degree", school: SCHOOLS[i % SCHOOLS.length], major: 'Early Childhood Education', degreeStatus: 'Completed', startDate: '2015-08-20', endDate: `${2017 + (i % 5)}-05-12` }, userId);
      }
      if (certification) {
        await insertRow(trx, db, certification, { userId, certificationType: 'Credential', certificationName: 'Child Development Associate (CDA)', issuingBody: 'Council for Professional Recognition', issueDate: `${2019 + (i % 4)}-03-01`, expirationDate: `${2022 + (i % 4)}-03-01` }, userId);
      }
      await seedPersonalRecords(trx, db, registry, userId, i);
    }
    await seedDemoEmployment(trx);
    await writeAudit(trx, { userId: null, action: 'seed.demo', detail: { people: professionals.length } });
  });
  return logins;
}
