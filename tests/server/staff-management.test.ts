import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployment, addOrganization, personWith, TITLE, visibleActions, type Person } from '../support/employment.js';
import { gridPage } from '../support/records.js';
import { linkIn, startAppWithSmtp, type TestSmtp } from '../support/smtp.js';
import { TEST_PASSWORD, type TestApp } from '../support/test-app.js';

/*
 * Staff Management, My Facilities, Refer Staff and the agency summary (spec part 3 sections 2, 3,
 * 6 and 7), on the database the run picks (SQLite, or PostgreSQL with DATABASE_URL).
 */

let t: TestApp;
let smtp: TestSmtp;
let close: () => Promise<void>;
let acorns: number;
let oaks: number;
let dA: Person;
let dB: Person;
let consultant: Person;
let supervisor: Person;
let manager: Person;
let outsider: Person;
let staffA: { p: Person; id: number };
let staffB: { p: Person; id: number };

const knex = () => t.database.db.knex;
const decide = (p: Person, ids: number[]) => t.post('/api/userorganizationroles/requestaction', { rolePromotionActionIds: ids, action: 'Approved' }, p.token);

/** A person employed at the organization whose staff request its director approved. */
async function staffAt(orgId: number, director: Person, name = 'Pro'): Promise<{ p: Person; id: number }> {
  const p = await personWith(t, name, [{ role: '100' }]);
  const id = await addEmployment(t, p.token, { agencyId: orgId, title: TITLE.teacher });
  const req = (await t.post('/api/userorganizationroles/request', { employmentRecordId: id, requestType: 100 }, p.token)).json<{ rolePromotionActionId: number }>();
  expect((await decide(director, [req.rolePromotionActionId])).statusCode).toBe(200);
  return { p, id };
}

const staffRows = async (p: Person, orgId: number) => (await gridPage(t, p.token, {
  entityTypeId: 1, formId: 1, altGridId: 'organization-users', primaryEntity: { Id: orgId, EntityTypeId: 2 }, from: 1, to: 100,
})).rows;

/** What a change may touch: the person's roles, role history, audit rows, flags, referrals and the outbox. */
async function snapshot(userId: number, employmentId: number) {
  return {
    roles: await knex()('user_roles').where({ user_id: userId }).orderBy('id').select('role', 'active', 'end_date'),
    actions: await t.count('role_actions'),
    audit: await t.count('audit'),
    traintn: (await knex()('employment_records').where({ id: employmentId }).first('train_tn_access') as { train_tn_access: unknown }).train_tn_access,
    referrals: await t.count('referrals'),
    outbox: await t.count('outbox'),
  };
}

const refer = (p: Person, orgId: number, r: { email: string; first: string; last: string }) => t.post('/api/form/formresponse', {
  response: { formId: 16, elementResponses: [{ formElementId: 16001, value: r.first }, { formElementId: 16002, value: r.last }, { formElementId: 16003, value: r.email }] },
  primaryEntity: { Id: orgId, EntityTypeId: 2 },
}, p.token);

beforeAll(async () => {
  ({ t, smtp, close } = await startAppWithSmtp('tn'));
  acorns = await addOrganization(t, 'Acorns, Learning Center LLC.', { licensed_capacity: 0 });
  oaks = await addOrganization(t, 'Twin Oaks Preschool Inc', { licensed_capacity: 40 });
  dA = await personWith(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  dB = await personWith(t, 'Olga', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
  consultant = await personWith(t, 'Cora', [{ role: '350' }], '350');
  supervisor = await personWith(t, 'Sam', [{ role: '375' }], '375');
  manager = await personWith(t, 'Mona', [{ role: '400' }], '400');
  outsider = await personWith(t, 'Otto', [{ role: '100' }]);
  staffA = await staffAt(acorns, dA, 'Alma');
  staffB = await staffAt(oaks, dB, 'Bert');
}, 90_000);
afterAll(async () => { await close?.(); });

describe('the Staff Management grid (entity 1, form 1, organization user rows)', () => {
  it.each<[string, () => Person, () => number, () => string[]]>([
    ['a director, own organization', () => dA, () => acorns, () => ['Alma Tester', 'Dana Tester']],
    ['a director, another organization', () => dA, () => oaks, () => []],
    ['the other director, own organization', () => dB, () => oaks, () => ['Bert Tester', 'Olga Tester']],
    ['a licensing consultant (350)', () => consultant, () => acorns, () => ['Alma Tester', 'Dana Tester']],
    ['a supervisor (375)', () => supervisor, () => oaks, () => ['Bert Tester', 'Olga Tester']],
    ['a manager (400)', () => manager, () => acorns, () => ['Alma Tester', 'Dana Tester']],
    ['a professional (100)', () => outsider, () => acorns, () => []],
  ])('%s', async (_name, who, org, names) => {
    const rows = await staffRows(who(), org());
    expect(rows.map((r) => r.fullName).sort()).toEqual(names());
  });

  it('answers the organization user row of the spec', async () => {
    const row = (await staffRows(dA, acorns)).find((r) => r.id === staffA.p.id)!;
    expect(row).toMatchObject({ id: staffA.p.id, fullName: 'Alma Tester', userName: staffA.p.userName, has200Role: false, hasTrainTNAccess: false,
      hasArchivedComplianceReport: false, employmentRecordId: staffA.id, titlePosition: 'Teacher', organizationId: acorns });
    const director = (await staffRows(dA, acorns)).find((r) => r.id === dA.id)!;
    expect(director.has200Role).toBe(true);
  });
});

describe('GET /api/organizationusers/screen: canView and the buttons', () => {
  it.each<[string, () => Person, () => number, number, Record<string, boolean> | null]>([
    ['a director of the organization', () => dA, () => acorns, 200, { canView: true, mayRefer: true, mayProgramDetails: true, mayAgencyReport: true }],
    ['a licensing consultant (350)', () => consultant, () => acorns, 200, { canView: false, mayRefer: false, mayProgramDetails: false, mayAgencyReport: false }],
    ['a supervisor (375)', () => supervisor, () => acorns, 200, { canView: false, mayRefer: false, mayProgramDetails: false, mayAgencyReport: false }],
    ['a manager (400)', () => manager, () => acorns, 200, { canView: true, mayRefer: false, mayProgramDetails: false, mayAgencyReport: false }],
    ['a director of another organization', () => dB, () => acorns, 403, null],
    ['a professional', () => outsider, () => acorns, 403, null],
    ['anyone, an organization that does not exist', () => dA, () => 999999, 404, null],
  ])('%s', async (_name, who, org, status, shown) => {
    const res = await t.get(`/api/organizationusers/screen?organizationId=${org()}`, who().token);
    expect(res.statusCode).toBe(status);
    if (shown) expect(res.json()).toMatchObject(shown);
  });
});

describe("a director acts on their own organization's staff only", () => {
  const today = '2025-01-15';
  it.each<[string, () => Promise<{ statusCode: number }>]>([
    ['remove organization association', () => t.post('/api/userorganizationroles', { employmentRecordId: staffB.id, roleName: '100', active: false, endDate: today, userId: staffB.p.id, organizationId: oaks }, dA.token)],
    ['grant TrainTN access', () => t.post('/api/accounts/trainTNAccess', { employmentRecordId: staffB.id, accessStatus: true }, dA.token)],
    ['agency report', () => t.post('/api/reporting/agencyreport', { organizationId: oaks }, dA.token)],
    ['agency summary', () => t.get(`/api/reporting/agencysummary?organizationId=${oaks}`, dA.token)],
    ['referral for another organization', () => refer(dA, oaks, { email: 'guess@people.registry.test', first: 'Gus', last: 'Guess' })],
  ])('%s with guessed ids: 403/404 and nothing changes', async (_name, call) => {
    const before = await snapshot(staffB.p.id, staffB.id);
    const res = await call();
    expect([403, 404]).toContain(res.statusCode);
    expect(await snapshot(staffB.p.id, staffB.id)).toEqual(before);
  });

  it('removes the association of their staff: role inactive, history type 4 and an audit row; a refused call leaves neither', async () => {
    const s = await staffAt(acorns, dA, 'Remy');
    const before = await snapshot(s.p.id, s.id);
    const refused = await t.post('/api/userorganizationroles', { employmentRecordId: s.id, roleName: '100', active: false, userId: s.p.id, organizationId: acorns }, dA.token);
    expect(refused.statusCode).toBe(400);
    expect(await snapshot(s.p.id, s.id)).toEqual(before);
    const res = await t.post('/api/userorganizationroles', { employmentRecordId: s.id, roleName: '100', active: false, endDate: today, userId: s.p.id, organizationId: acorns }, dA.token);
    expect(res.statusCode).toBe(200);
    const history = await knex()('role_actions').where({ employment_record_id: s.id, action_type: 4 }).select('id', 'role', 'acting_user_id') as { id: number; role: string; acting_user_id: number }[];
    expect(history.map((h) => [h.role, Number(h.acting_user_id)])).toEqual([['100', dA.id]]);
    expect(await knex()('audit').where({ action: 'role.remove', entity_type_id: 19, entity_id: history[0]!.id }).pluck('user_id')).toEqual([dA.id]);
    expect((await staffRows(dA, acorns)).map((r) => r.id)).not.toContain(s.p.id);
  });

  it.each<[string, string, boolean, string[]]>([
    ['a director, staff row', '200', false, ['user-records', 'verify-user-records', 'remove-organization-association', 'grant-staff-traintn', 'training-report', 'staff-program-details']],
    ['a director, director row', '200', true, ['user-records', 'training-report', 'staff-program-details']],
    ['a licensing consultant, staff row', '350', false, ['verify-user-records', 'training-report']],
    ['a supervisor, director row', '375', true, ['verify-user-records', 'training-report']],
    ['a manager, staff row', '400', false, ['user-records', 'verify-user-records', 'remove-organization-association', 'training-report']],
  ])('row actions (spec part 3 section 6): %s', (_name, role, has200Role, shown) => {
    const row = { id: 1, has200Role, hasTrainTNAccess: false, hasArchivedComplianceReport: false };
    expect(visibleActions(t, 'organization-users', row, { id: 99, roles: [role], activeRole: role, claims: [] })).toEqual(shown);
  });

  it('grants and removes TrainTN access with an audit row each; a licensing consultant is refused and nothing changes', async () => {
    const auditOf = async (action: string) => Number((await knex()('audit').where({ action, entity_id: staffA.id }).count({ c: '*' }).first() as { c: unknown }).c);
    const before = await snapshot(staffA.p.id, staffA.id);
    expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: staffA.id, accessStatus: true }, consultant.token)).statusCode).toBe(403);
    expect(await snapshot(staffA.p.id, staffA.id)).toEqual(before);
    expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: staffA.id, accessStatus: true }, dA.token)).statusCode).toBe(200);
    expect((await staffRows(dA, acorns)).find((r) => r.id === staffA.p.id)!.hasTrainTNAccess).toBe(true);
    expect(await auditOf('employment.traintn-grant')).toBe(1);
    expect((await t.post('/api/accounts/trainTNAccess', { employmentRecordId: staffA.id, accessStatus: false }, dA.token)).statusCode).toBe(200);
    expect((await staffRows(dA, acorns)).find((r) => r.id === staffA.p.id)!.hasTrainTNAccess).toBe(false);
    expect(await auditOf('employment.traintn-remove')).toBe(1);
  });
});

describe('Refer Staff (form 16, entity 17)', () => {
  it('stores the referral with an audit row and e-mails a working, prefilled registration link', async () => {
    const email = 'new.teacher@people.registry.test';
    const res = await refer(dA, acorns, { email, first: 'Nina', last: "O'Neal" });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ Id: number }>().Id;
    expect(await knex()('referrals').where({ id }).first('organization_id', 'email', 'first_name', 'last_name', 'created_by'))
      .toMatchObject({ organization_id: acorns, email, first_name: 'Nina', last_name: "O'Neal", created_by: dA.id });
    expect(await knex()('audit').where({ entity_id: id, entity_type_id: 17 }).pluck('action')).toEqual(expect.arrayContaining(['record.create', 'referral.invite']));
    await t.app.mailer.deliverNow();
    const mail = smtp.to(email)[0]!;
    expect(mail.subject).toContain('Acorns, Learning Center LLC.');
    const link = linkIn(mail, `${t.config.publicUrl.replace(/\/+$/, '')}/login/register`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ email, fname: 'Nina', lname: "O'Neal" });
    const registered = await t.post('/api/accounts', {
      email: link.searchParams.get('email'), firstName: link.searchParams.get('fname'), lastName: link.searchParams.get('lname'),
      password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, termsAccepted: true,
    });
    expect(registered.statusCode).toBe(200);
    expect(await knex()('users').where({ user_name: email }).first('first_name', 'last_name')).toEqual({ first_name: 'Nina', last_name: "O'Neal" });
  });

  it.each<[string, () => Promise<string>, number]>([
    ['a person already holding the staff role there', async () => staffA.p.userName, 409],
    ['a second referral of the same person within 7 days', async () => {
      const email = 'twice@people.registry.test';
      expect((await refer(dA, acorns, { email, first: 'Tia', last: 'Twice' })).statusCode).toBe(200);
      return email;
    }, 409],
  ])('refuses %s and keeps nothing', async (_name, setup, status) => {
    const email = await setup();
    const [referrals, outbox] = [await t.count('referrals'), await t.count('outbox')];
    const res = await refer(dA, acorns, { email, first: 'Any', last: 'Body' });
    expect(res.statusCode).toBe(status);
    expect([await t.count('referrals'), await t.count('outbox')]).toEqual([referrals, outbox]);
  });

  it('refuses the 51st referral of one person within 24 hours (429) and keeps nothing', async () => {
    const busy = await personWith(t, 'Bea', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
    const now = new Date().toISOString();
    await knex()('referrals').insert(Array.from({ length: 50 }, (_v, i) => ({ organization_id: oaks, email: `r${i}@people.registry.test`, first_name: 'R', last_name: 'Earlier', created_by: busy.id, created_at: now, updated_at: now })));
    const [referrals, outbox] = [await t.count('referrals'), await t.count('outbox')];
    expect((await refer(busy, oaks, { email: 'one.more@people.registry.test', first: 'One', last: 'More' })).statusCode).toBe(429);
    expect([await t.count('referrals'), await t.count('outbox')]).toEqual([referrals, outbox]);
  });

  it('refuses an e-mail address that is not one (400, nothing stored)', async () => {
    const before = await t.count('referrals');
    expect((await refer(dA, acorns, { email: 'not-an-address', first: 'Any', last: 'Body' })).statusCode).toBe(400);
    expect(await t.count('referrals')).toBe(before);
  });
});

describe('the agency summary and its PDF', () => {
  it('lists the staff with their training hours in the cycle', async () => {
    const res = await t.get(`/api/reporting/agencysummary?organizationId=${acorns}`, dA.token);
    expect(res.statusCode).toBe(200);
    const s = res.json<{ organizationName: string; rows: { fullName: string; hours: number; trainings: number }[] }>();
    expect(s.organizationName).toBe('Acorns, Learning Center LLC.');
    expect(s.rows.map((r) => r.fullName)).toContain('Alma Tester');
  });

  it.each<[string, () => Person, number]>([
    ['the director', () => dA, 200],
    ['a licensing consultant', () => consultant, 200],
    ['a supervisor', () => supervisor, 200],
    ['a manager', () => manager, 200],
    ['another director', () => dB, 403],
    ['a professional', () => outsider, 403],
  ])('POST /api/reporting/agencyreport as %s', async (_name, who, status) => {
    const res = await t.post('/api/reporting/agencyreport', { organizationId: acorns }, who().token);
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    const { report, fileName } = res.json<{ report: string; fileName: string }>();
    expect(fileName).toMatch(/^TNEarlyChildhoodRegistry_AcornsLearningCenter_AgencySummaryReport_\d{8}_\d{6}\.pdf$/);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(Buffer.from(report, 'base64')), verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Acorns, Learning Center LLC.');
    expect(text).toContain('Agency Summary Report');
    expect(text).toMatch(/Period:\s+\d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('Alma Tester');
  });
});

describe('the agency report of a disabled organization', () => {
  it('is not offered and refused with 409', async () => {
    const gone = await addOrganization(t, 'Gone Daycare', { disabled: true });
    const d = await personWith(t, 'Gail', [{ role: '100', organizationId: gone }, { role: '200', organizationId: gone }], '200');
    expect((await t.get(`/api/organizationusers/screen?organizationId=${gone}`, d.token)).json()).toMatchObject({ disabled: true, mayAgencyReport: false });
    const before = await t.count('audit');
    expect((await t.post('/api/reporting/agencyreport', { organizationId: gone }, d.token)).statusCode).toBe(409);
    expect(await t.count('audit')).toBe(before);
  });
});

describe('My Facilities (entity 2, form 13)', () => {
  const facilities = (p: Person) => gridPage(t, p.token, { entityTypeId: 2, formId: 13, from: 1, to: 100 });
  it('lists the organizations to licensing staff, licensed capacity n/a when 0 or less', async () => {
    const rows = (await facilities(consultant)).rows;
    expect(rows.find((r) => r.id === acorns)).toMatchObject({ licensedCapacityShown: 'n/a', staffCount: 2 });
    expect(rows.find((r) => r.id === oaks)).toMatchObject({ licensedCapacityShown: '40', staffCount: 3 });
  });
  it('lists none to a director or a professional', async () => {
    expect((await facilities(dA)).rows).toEqual([]);
    expect((await facilities(outsider)).rows).toEqual([]);
  });
});
