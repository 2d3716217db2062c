import type { AppContext } from '../app-context.js';
import type { Database } from '../data/db.js';
import { writeAudit } from '../data/audit.js';
import { nowIso } from '../data/clock.js';
import { insertRow } from '../data/entity-store.js';
import { countUsers, setUserColumns } from '../data/user-store.js';
import { createUser } from '../domain/identity.js';
import { seedPersonalRecords } from './seed-demo-records.js';
import { DEMO_ORGANIZATIONS, seedDemoEmployment } from './seed-demo-organizations.js';
import { seedDemoStaff } from './seed-demo-staff.js';
import { insertedId } from '../data/inserted-id.js';
import { DEMO_PASSWORD, DEMO_SEED_ACTION, DEMO_USERS, demoLogins, demoUserName, type DemoLogin } from './demo-users.js';
import { seedDemoWork } from './seed-demo-work.js';
import { seedStaffAssignments } from './seed-demo-supervision.js';
import { seedDemoAccounts } from './seed-demo-accounts.js';
import { seedDemoArchives } from './seed-demo-archives.js';
import { seedDemoTrainerReports } from './seed-demo-trainer-reports.js';
import { seedDemoTraining } from './seed-demo-training.js';
import { seedDemoCoaching } from './seed-demo-coaching.js';
import { seedDemoPdp } from './seed-demo-pdp.js';
import { seedDemoResume } from './seed-demo-resume.js';
import { seedDemoReferences } from './seed-demo-references.js';
import { seedDemoLattice } from './seed-demo-lattice.js';

export { DEMO_PASSWORD, type DemoLogin };

const SCHOOLS = ['Nashville State Community College', 'University of Memphis', 'Pellissippi State Community College', 'Middle Tennessee State University', 'Chattanooga State Community College'];

export async function isEmptyDatabase(db: Database): Promise<boolean> {
  return (await countUsers(db.knex)) === 0;
}

/** The state of the demo addresses (Nashville, Knoxville, ...): one of the State list's codes. */
const DEMO_STATE = 'TN';

/**
 * Organizations, one user per role of the tenant, a few records for each professional, and work
 * waiting for every reviewer (seed-demo-work.ts). Answers the demo sign-ins.
 */
export async function seedDemo(ctx: AppContext, opts: { people?: number } = {}): Promise<DemoLogin[]> {
  const { db, registry } = ctx;
  const now = nowIso();
  // the demo organizations and addresses are Tennessee places: a real state code for every tenant
  const state = DEMO_STATE;
  const orgIds: number[] = [];
  for (const o of DEMO_ORGANIZATIONS) {
    orgIds.push(insertedId(await db.knex('organizations').insert({ ...o, state, created_at: now, updated_at: now }).returning('id')));
  }
  const professionals: number[] = [];
  const userIds = new Map<string, number>();
  for (const u of DEMO_USERS) {
    if (!registry.roles.has(u.role)) continue;
    const roles = u.org === undefined ? [{ role: u.role }] : u.role === '200'
      ? [{ role: '100', organizationId: orgIds[u.org] }, { role: '200', organizationId: orgIds[u.org] }]
      : [{ role: u.role, organizationId: orgIds[u.org] }];
    const user = await createUser(db.knex, registry, { email: demoUserName(u.role), password: DEMO_PASSWORD, firstName: u.first, lastName: u.last, roles, confirmed: true, firstTime: false }, null);
    const n = userIds.size;
    const home = DEMO_ORGANIZATIONS[n % DEMO_ORGANIZATIONS.length]!;
    await setUserColumns(db.knex, user.id, {
      phone_number: `(615) 555-01${String(10 + n)}`, address_line1: `${100 + n} Main Street`,
      city: home.city, state, zip_code: '37201', county: home.county,
      // the demo director signs in as director, so the director's dashboard is the first screen
      ...(u.role === '200' ? { active_role: '200' } : {}),
    });
    userIds.set(u.role, user.id);
    if (u.role === '100' || u.role === '200') professionals.push(user.id);
  }
  for (let i = 0; i < (opts.people ?? 0); i++) {
    const user = await createUser(db.knex, registry, { email: `person${i + 1}@demo.registry.test`, password: null, firstName: `Person${i + 1}`, lastName: 'Demo', roles: [{ role: '100', organizationId: orgIds[i % orgIds.length] }], confirmed: true, firstTime: false }, null);
    professionals.push(user.id);
  }
  professionals.push(...await seedDemoStaff(db.knex, registry, userIds.get('200'), orgIds[1]));
  // Manage Users: an unconfirmed and a locked account to confirm and unlock
  await seedDemoAccounts(ctx, orgIds[1 % orgIds.length]!);
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
  });
  await seedDemoWork(ctx, { organizationId: orgIds[0]!, users: userIds });
  await seedStaffAssignments(ctx, orgIds, userIds);
  // Search Users: the first organization's staff have an archived Training Report (Agency Archives)
  await seedDemoArchives(ctx, orgIds[0]!, ['100', '200'].flatMap((r) => (userIds.has(r) ? [userIds.get(r)!] : [])));
  await seedDemoTrainerReports(ctx, userIds.get('250'));
  await seedDemoTraining(ctx, userIds);
  await seedDemoCoaching(ctx, userIds, professionals);
  await seedDemoPdp(ctx, userIds);
  await seedDemoResume(ctx);
  await seedDemoReferences(ctx, userIds);
  await seedDemoLattice(ctx, userIds);
  await writeAudit(db.knex, { userId: null, action: DEMO_SEED_ACTION, detail: { people: professionals.length } });
  return demoLogins(db, registry);
}
