import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrisCycleOn } from '../../engine/reports/qris-cycle.js';
import { todayIn } from '../../engine/rules/today.js';
import { insertRow } from '../../server/data/entity-store.js';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let acorns: number;
let oaks: number;
let pat: Person;
let dana: Person;
let olga: Person;
let lena: Person;
let patUser: string;

const cycle = () => qrisCycleOn(todayIn(t.registry.tenant.timeZone ?? 'America/Chicago'), t.registry.tenant.qrisCycle);
const report = (who: Person, username: string, organizationId: number) => t.post('/api/reporting/compliancereport', { username, organizationId }, who.token);
const pdfText = (body: Buffer) => body.toString('latin1');

async function training(ownerId: number, title: string, date: string, hours: number) {
  const entity = t.registry.entities.get(3)!;
  await t.database.db.knex.transaction((trx) => insertRow(trx, t.database.db, entity, { userId: ownerId, trainingTitle: title, trainingProvider: 'State Training Center', dateCompleted: date, trainingHours: hours, coreKnowledgeArea: 'Health and Safety' }, ownerId));
}

beforeAll(async () => {
  t = await startTestApp('tn');
  [acorns, oaks] = [await addOrganization(t, 'Acorns Learning Center'), await addOrganization(t, 'Oaks Family Care')];
  pat = await addPerson(t, 'Pat', [{ role: '100', organizationId: acorns }]);
  dana = await addPerson(t, 'Dana', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }], '200');
  olga = await addPerson(t, 'Olga', [{ role: '100', organizationId: oaks }, { role: '200', organizationId: oaks }], '200');
  lena = await addPerson(t, 'Lena', [{ role: '350' }]);
  patUser = (await t.database.db.knex('users').where({ id: pat.id }).first('user_name') as { user_name: string }).user_name;
  const c = cycle();
  await training(pat.id, 'Safe Sleep Practices', c.startDate, 2);
  await training(pat.id, 'CPR and First Aid', c.startDate, 4.5);
  await training(pat.id, 'Last Year Orientation', '2001-01-15', 8);
});
afterAll(async () => { await t.close(); });

describe('Training Report (spec part 1 sections 6-7)', () => {
  it('reads the fields it needs from the Training Record metadata', () => {
    const source = t.registry.reports.get('training')!;
    const entity = t.registry.entities.get(source.entityTypeId)!;
    const fields = new Set(entity.fields.map((f) => f.id));
    for (const f of [source.dateField, source.hoursField, ...source.columns.map((c) => c.field)]) expect(fields).toContain(f);
  });

  it('answers the current QRIS cycle', async () => {
    const res = await t.get('/api/reporting/qriscycle', pat.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(cycle());
    expect((await t.get('/api/reporting/qriscycle')).statusCode).toBe(401);
  });

  it('gives the person a PDF of the training in the cycle, stored with an audit row', async () => {
    const audits = await t.count('audit');
    const res = await report(pat, patUser, acorns);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stored = await t.database.db.knex('compliance_reports').where({ user_id: pat.id }).first() as { id: number; training_count: number; status: string };
    expect(stored).toMatchObject({ training_count: 2, status: 'Current' });
    expect(Number(res.headers['x-report-id'])).toBe(stored.id);
    expect(await t.count('audit')).toBe(audits + 1);
    const cached = await t.get(`/api/reporting/compliancereport?reportId=${stored.id}`, pat.token);
    expect(cached.statusCode).toBe(200);
    expect(cached.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(pdfText(res.rawPayload)).toContain('Training Report');
    // downloaded report file names are time-stamped (spec part 1 section 9)
    for (const answer of [res, cached]) expect(answer.headers['content-disposition']).toMatch(/^inline; filename="TNEarlyChildhoodRegistry_TrainingReport_\d{8}_\d{6}\.pdf"$/);
  });

  it('lets the director of the organization and state staff read it, nobody else', async () => {
    expect((await report(dana, patUser, acorns)).statusCode).toBe(200);
    expect((await report(lena, patUser, acorns)).statusCode).toBe(200);
    expect((await report(olga, patUser, acorns)).statusCode).toBe(403);
    expect((await report(olga, patUser, oaks)).statusCode).toBe(403);
    const id = (await t.database.db.knex('compliance_reports').where({ user_id: pat.id }).first('id') as { id: number }).id;
    expect((await t.get(`/api/reporting/compliancereport?reportId=${id}`, olga.token)).statusCode).toBe(403);
    expect((await t.get('/api/reporting/compliancereport?reportId=999999', pat.token)).statusCode).toBe(404);
  });

  it('marks the older copy of the cycle Amended when a new one is made', async () => {
    const statuses = (await t.database.db.knex('compliance_reports').where({ user_id: pat.id }).orderBy('id').pluck('status')) as string[];
    expect(statuses.at(-1)).toBe('Current');
    expect(statuses.slice(0, -1).every((s) => s === 'Amended')).toBe(true);
  });

  it('refuses without the staff role, for a closed agency, and for bad input, changing nothing', async () => {
    const before = await t.count('compliance_reports');
    expect((await report(pat, patUser, oaks)).statusCode).toBe(409);
    await t.database.db.knex('organizations').where({ id: acorns }).update({ agency_is_closed: true });
    expect((await report(pat, patUser, acorns)).statusCode).toBe(409);
    await t.database.db.knex('organizations').where({ id: acorns }).update({ agency_is_closed: false });
    expect((await report(pat, patUser, 999999)).statusCode).toBe(404);
    expect((await t.post('/api/reporting/compliancereport', { username: patUser }, pat.token)).statusCode).toBe(400);
    expect((await t.post('/api/reporting/compliancereport', { username: patUser, organizationId: 'x' }, pat.token)).statusCode).toBe(400);
    expect(await t.count('compliance_reports')).toBe(before);
  });

  it('lists the archived cycles of past reports', async () => {
    const c = cycle();
    const now = new Date().toISOString();
    const pdf = Buffer.from('%PDF-1.3 archived');
    await t.database.db.knex('compliance_reports').insert({ user_id: pat.id, organization_id: acorns, cycle_start: '2024-07-01', cycle_end: '2025-07-01', status: 'Current', pdf, training_count: 1, generated_by: pat.id, created_at: now });
    const res = await t.get(`/api/reporting/archivedcycles?userId=${pat.id}&organizationId=${acorns}`, pat.token);
    expect(res.statusCode).toBe(200);
    const cycles = res.json<{ cycleId: number; startDate: string; endDate: string }[]>();
    expect(cycles.every((x) => x.endDate <= c.startDate)).toBe(true);
    expect(cycles[0]).toMatchObject({ startDate: '2024-07-01', endDate: '2025-07-01' });
    expect((await t.get(`/api/reporting/archivedcycles?userId=${pat.id}&organizationId=${acorns}`, olga.token)).statusCode).toBe(403);
  });

  it('does not exist where the tenant has no Training Report', async () => {
    const al = await startTestApp('al');
    try {
      const who = await al.user(['100'], 'amy');
      expect((await al.post('/api/reporting/compliancereport', { username: who.userName, organizationId: 1 }, who.token)).statusCode).toBe(404);
    } finally {
      await al.close();
    }
  });
});
