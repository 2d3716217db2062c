import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../engine/rules/dates.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../../engine/rules/today.js';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { DEMO_PASSWORD, demoLoginLines, demoLogins, demoUserName } from '../../server/commands/demo-users.js';
import { signInLines, startLines } from '../../server/commands/start-lines.js';
import { printedCells, readmeDemoTable, signIn } from '../support/demo.js';
import { gridPage } from '../support/records.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The demo seed: one user per role, work waiting for every reviewer, and the sign-ins printed at every start. */

let t: TestApp;
const knex = () => t.database.db.knex;
const userId = async (role: string) => Number((await knex()('users').where({ user_name: demoUserName(role) }).first('id') as { id: number }).id);
const today = () => todayIn(DEFAULT_TIME_ZONE);

beforeAll(async () => {
  t = await startTestApp('tn');
  await seedDemo(t.app.ctx, { people: 2 });
}, 60_000);
afterAll(async () => { await t.close(); });

describe('demo users', () => {
  it('has one user per role of the tenant (250 is not a role of tn) and each signs in', async () => {
    const logins = await demoLogins(t.database.db, t.registry);
    expect(logins.map((l) => l.role)).toEqual(['100', '200', '300', '350', '375', '400', '500', 'AdminUser']);
    expect(logins.find((l) => l.role === '350')?.roleName).toBe('DHS Staff');
    for (const l of logins) await signIn(t, l.userName, l.password);
  });

  it('gives a demo user to every role of jh and al, Trainer/QEA (250) included', async () => {
    for (const [tenant, roles] of [['jh', ['100', '200', '250', '300', '350', '375', '400', '500', 'AdminUser']], ['al', ['100', '200', '250', '350', '400', '500', 'AdminUser']]] as const) {
      const other = await startTestApp(tenant);
      try {
        const logins = await seedDemo(other.app.ctx);
        expect(logins.map((l) => l.role)).toEqual(roles);
        expect(logins.find((l) => l.role === '250')?.roleName).toBe('Trainer/QEA');
      } finally {
        await other.close();
      }
    }
  }, 60_000);

  it('prints the same sign-ins as the README table, with the role names', async () => {
    const lines = await signInLines(t.app.ctx);
    expect(lines[0]).toBe(t.registry.texts['demo.signInsTitle']);
    const printed = printedCells(lines.slice(1));
    expect(printed).toEqual(readmeDemoTable());
    expect(printed[0]).toEqual(['100', 'EC Professional', '100@demo.registry.test', DEMO_PASSWORD]);
  });

  it('prints them at start on the embedded database only, then the address to open', async () => {
    const lines = await startLines(t.app.ctx);
    const signIns = await signInLines(t.app.ctx);
    expect(lines.join('\n').includes(signIns.join('\n'))).toBe(t.database.db.dialect === 'sqlite');
    expect(lines).toContain(`Open ${t.config.publicUrl} in a browser.`);
  });

  it('warns that the demo passwords are public when the server listens wider than loopback', async () => {
    const wide = await startLines({ ...t.app.ctx, config: { ...t.config, host: '0.0.0.0' } });
    expect(wide.some((l) => l.startsWith('Listening on 0.0.0.0'))).toBe(t.database.db.dialect === 'sqlite');
    expect((await startLines(t.app.ctx)).some((l) => l.startsWith('Listening on'))).toBe(false);
  });

  it('prints at every start the demo users that still exist', async () => {
    const before = await signInLines(t.app.ctx);
    expect(await signInLines(t.app.ctx)).toEqual(before);
    await knex()('users').where({ user_name: demoUserName('300') }).update({ disabled: true });
    try {
      const after = (await signInLines(t.app.ctx)).join('\n');
      expect(after).not.toContain(demoUserName('300'));
      expect(after).toContain(demoUserName('375'));
    } finally {
      await knex()('users').where({ user_name: demoUserName('300') }).update({ disabled: false });
    }
  });

  it('lines up its columns', () => {
    const lines = demoLoginLines('T', [{ role: '1', roleName: 'A', userName: 'a@b.c', password: 'p' }, { role: 'AdminUser', roleName: 'Longer Name', userName: 'x@y.z', password: 'p' }]);
    expect(lines[1]!.indexOf('a@b.c')).toBe(lines[2]!.indexOf('x@y.z'));
  });
});

describe('work waiting for every reviewer', () => {
  it('has a staff role request waiting for the demo director, with its history', async () => {
    const director = await signIn(t, demoUserName('200'), DEMO_PASSWORD);
    const rows = (await gridPage(t, director, { entityTypeId: 19, formId: 119, from: 1, to: 100 })).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ primaryEntityName: 'Olivia Bennett', role: '100' });
    // the request is the applicant's own action in the history (acting user = the applicant)
    const applicant = Number(rows[0]!.primaryEntityId);
    expect(await knex()('role_actions').where({ user_id: applicant }).select('action_type', 'acting_user_id')).toEqual([{ action_type: 1, acting_user_id: applicant }]);
  });

  it('has verification requests waiting for the director and for licensing staff', async () => {
    const director = await signIn(t, demoUserName('200'), DEMO_PASSWORD);
    const licensing = await signIn(t, demoUserName('350'), DEMO_PASSWORD);
    const requests = { entityTypeId: 15, formId: 19, from: 1, to: 100 };
    const forDirector = (await gridPage(t, director, requests)).rows;
    const forLicensing = (await gridPage(t, licensing, requests)).rows;
    expect(forDirector.map((r) => r.verificationType).sort()).toEqual(['Education', 'Training Record']);
    expect(forDirector.every((r) => r.primaryEntityName === 'Maria Lopez')).toBe(true);
    expect(forLicensing.map((r) => r.primaryEntityName).sort()).toEqual(['James Carter', 'Maria Lopez']);
    // made through the domain functions: one audit row per request
    expect(Number((await knex()('audit').where({ action: 'verification.request' }).count({ c: '*' }).first() as { c: number | string }).c)).toBe(5);
  });

  it('has a declined and a verified record of the demo professional, with reviewer, time and comment', async () => {
    const maria = await userId('100');
    const decided = (await knex()('verifications as v').join('verification_actions as a', 'a.verification_id', 'v.id').join('users as u', 'u.id', 'a.acting_user_id')
      .where({ 'v.primary_entity_id': maria }).whereIn('v.status', ['Rejected', 'Approved']).whereNotNull('a.comments')
      .select('v.status', 'u.user_name', 'a.comments', 'a.created_at')) as { status: string; user_name: string; comments: string; created_at: string }[];
    expect(decided.map((d) => [d.status, d.user_name]).sort()).toEqual([['Approved', demoUserName('350')], ['Rejected', demoUserName('200')]]);
    for (const d of decided) {
      expect(d.comments.length).toBeGreaterThan(10);
      expect(d.created_at).toBeTruthy();
    }
  });

  it('has a credential of the demo professional expiring within 90 days', async () => {
    const rows = (await knex()('certification').where({ user_id: await userId('100') })
      .where('expiration_date', '>=', today()).where('expiration_date', '<=', addDays(today(), 90)).select('certification_name')) as { certification_name: string }[];
    expect(rows.map((r) => r.certification_name)).toEqual(['Pediatric First Aid and CPR']);
  });

  it('shows an active alert on the dashboard', async () => {
    const maria = await signIn(t, demoUserName('100'), DEMO_PASSWORD);
    const res = await t.get('/api/alert', maria);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ subject: string }[]>().map((a) => a.subject)).toEqual(['Welcome to the demo registry']);
  });

  it('gives the supervisor two licensing consultants with two assigned agencies each, and the consultant a decision in their history', async () => {
    const supervisor = await signIn(t, demoUserName('375'), DEMO_PASSWORD);
    const staff = (await gridPage(t, supervisor, { entityTypeId: 1, formId: 1, altGridId: 'staff-management', from: 1, to: 10 })).rows;
    expect(staff.map((r) => [r.fullName, Number(r.assignedAgencyCount)]).sort()).toEqual([['Alicia Reed', 2], ['Nora Whitfield', 2]]);
    const consultant = await userId('350');
    const decisions = (await gridPage(t, supervisor, { entityTypeId: 15, formId: 19, altGridId: 'staff-verification-history', from: 1, to: 10, primaryEntity: { Id: consultant, EntityTypeId: 1 } })).rows;
    expect(decisions.map((r) => r.decision)).toEqual(['Approved']);
    expect(Number((await knex()('audit').where({ action: 'staff.assign-agency' }).count({ c: '*' }).first() as { c: number | string }).c)).toBe(4);
    expect(await t.count('staff_agency_assignments')).toBe(4);
  });
});
