import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRow } from '../../server/data/entity-store.js';
import { addCourse, addEnrollment, addSessionOfCourse } from '../support/training.js';
import { addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** POST /api/enrollment/setattendance (spec part 3 sections 4, 7, 8; issue 14 item 5). */
let t: TestApp;
let tara: Person;
let otto: Person;
let manager: Person;
let sam: Person;
let people: Person[];
let ended: number;

const set = (ids: number[], status: number, who: Person = tara) => t.post('/api/enrollment/setattendance', { enrollmentRecordIds: ids, status }, who.token);
const enrollment = async (id: number) => (await t.database.db.knex('enrollments').where({ id }).first()) as Record<string, unknown>;
const snapshot = async () => ({
  enrollments: await t.database.db.knex('enrollments').orderBy('id').select('id', 'attendance', 'training_record_id', 'certificate_file_id'),
  records: await t.count('records'), files: await t.count('files'), audit: await t.count('audit'),
});

beforeAll(async () => {
  t = await startTestApp('al');
  tara = await addPerson(t, 'Tara', [{ role: '250' }], '250');
  otto = await addPerson(t, 'Otto', [{ role: '250' }], '250');
  manager = await addPerson(t, 'Mona', [{ role: '400' }], '400');
  sam = await addPerson(t, 'Sam', [{ role: '100' }]);
  people = await Promise.all(['Ava', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay'].map((n) => addPerson(t, n, [{ role: '100' }])));
  ended = await addSessionOfCourse(t, await addCourse(t, tara.id), tara.id);
});
afterAll(async () => { await t.close(); });

describe('attendance eligibility over the row states', () => {
  it.each([
    ['Waitlisted', { status: 'Waitlisted' }],
    ['Pending Approval', { status: 'Pending Approval' }],
    ['already Absent', { attendance: 3 }],
    ['already Completed', { attendance: 1 }],
    ['a session not yet ended', { endsInHours: 2 }],
    ['a locked session', { locked: true }],
  ])('%s: 409 with the spec message, nothing changes', async (_name, state: { status?: string; attendance?: number; endsInHours?: number; locked?: boolean }) => {
    const section = state.endsInHours !== undefined || state.locked ? await addSessionOfCourse(t, await addCourse(t, tara.id), tara.id, state) : ended;
    const id = await addEnrollment(t, section, sam.id, state.status ?? 'Registered', state.attendance ?? null);
    const before = await snapshot();
    const res = await set([id], 2);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: 'All chosen users have attendance set already.' });
    expect(await snapshot()).toEqual(before);
    await t.database.db.knex('enrollments').where({ id }).update({ status: 'Canceled' });
  });

  it.each([[0], [2], [3]])('code %i is stored on a Registered row of an ended session, with an audit row', async (code) => {
    const id = await addEnrollment(t, ended, people[0]!.id);
    const res = await set([id], code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: code, set: [{ enrollmentRecordId: id, trainingRecordId: null, certificateFileId: null }], skipped: [] });
    expect(await enrollment(id)).toMatchObject({ attendance: code, attendance_by: tara.id, training_record_id: null });
    expect(await t.database.db.knex('audit').where({ action: 'attendance.set', entity_id: id }).first()).toBeTruthy();
    await t.database.db.knex('enrollments').where({ id }).update({ status: 'Canceled' });
  });

  it.each([[4], [-1]])('code %i is refused with 400', async (code) => {
    const id = await addEnrollment(t, ended, people[1]!.id);
    expect((await set([id], code)).statusCode).toBe(400);
    expect(await enrollment(id)).toMatchObject({ attendance: null });
    expect((await t.post('/api/enrollment/setattendance', { enrollmentRecordIds: [], status: 1 }, tara.token)).statusCode).toBe(400);
    await t.database.db.knex('enrollments').where({ id }).update({ status: 'Canceled' });
  });
});

describe('bulk attendance and Completed', () => {
  it('applies only to eligible rows and answers which were set; Partially Completed may become Completed, then it is final', async () => {
    const a = await addEnrollment(t, ended, people[2]!.id);
    const b = await addEnrollment(t, ended, people[3]!.id, 'Registered', 3);
    const c = await addEnrollment(t, ended, people[4]!.id, 'Registered', 2);
    const res = await set([a, b, c], 1);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ set: { enrollmentRecordId: number; trainingRecordId: number }[]; skipped: unknown[] }>();
    expect(body.set.map((s) => s.enrollmentRecordId)).toEqual([a, c]);
    expect(body.skipped).toEqual([{ id: b, reason: 'final' }]);
    expect(await enrollment(b)).toMatchObject({ attendance: 3, training_record_id: null });
    expect((await set([a, c], 2)).statusCode).toBe(409);
    expect(await enrollment(a)).toMatchObject({ attendance: 1 });
  });

  it('Completed posts one verified training record, sent by the system, to the professional', async () => {
    const person = people[5]!;
    const id = await addEnrollment(t, ended, person.id);
    const res = await set([id], 1);
    expect(res.statusCode, res.body).toBe(200);
    const row = await enrollment(id);
    const record = await findRow(t.database.db, t.registry.entities.get(3)!, Number(row.training_record_id));
    expect(record).toMatchObject({
      userId: person.id, trainingTitle: 'Supporting Early Literacy: Spring Session', trainingProvider: 'Tara Tester', trainingHours: 3.5,
      coreKnowledgeArea: 'LEE', deliveryFormat: 'Classroom', sentViaApi: true, verified: true, verificationStatus: 'Approved',
      certificate: Number(row.certificate_file_id),
    });
    // the person opens the certificate from their training record
    const file = await t.get(`/api/file/c/${Number(row.certificate_file_id)}`, person.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const verification = await t.database.db.knex('verifications').where({ entity_type_id: 3, entity_id: row.training_record_id }).first() as { status: string; primary_entity_id: number };
    expect(verification).toMatchObject({ status: 'Approved', primary_entity_id: person.id });
    expect(await t.database.db.knex('records').where({ entity_type_id: 3, owner_id: person.id }).select('id')).toEqual([{ id: expect.anything() }]);
  });

  it('two parallel requests for the same enrollment post exactly one training record', async () => {
    const person = await addPerson(t, 'Gus', [{ role: '100' }]);
    const id = await addEnrollment(t, ended, person.id);
    const answers = await Promise.all([set([id], 1), set([id], 1), set([id], 1)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const row = await enrollment(id);
    expect(await t.database.db.knex('records').where({ entity_type_id: 3, owner_id: person.id }).select('id').then((r) => r.map((x: { id: unknown }) => Number(x.id)))).toEqual([Number(row.training_record_id)]);
    expect(await t.database.db.knex('verifications').where({ entity_type_id: 3 }).whereIn('entity_id', t.database.db.knex('records').where({ owner_id: person.id }).select('id')).count({ c: '*' }).first().then((r) => Number((r as { c: unknown }).c))).toBe(1);
    expect(await t.database.db.knex('files').where({ entity_type_id: 26, entity_id: id }).count({ c: '*' }).first().then((r) => Number((r as { c: unknown }).c))).toBe(1);
    expect(await t.database.db.knex('audit').where({ action: 'attendance.set', entity_id: id }).count({ c: '*' }).first().then((r) => Number((r as { c: unknown }).c))).toBe(1);
  });
});

describe('only the course\'s trainer', () => {
  it('another trainer, a manager and the professional are refused and nothing changes', async () => {
    const id = await addEnrollment(t, ended, (await addPerson(t, 'Hal', [{ role: '100' }])).id);
    const before = await snapshot();
    expect((await set([id], 1, otto)).statusCode).toBe(404);
    expect((await set([id], 1, manager)).statusCode).toBe(403);
    expect((await set([id], 1, sam)).statusCode).toBe(403);
    expect((await set([id, 999_999], 1)).statusCode).toBe(404);
    expect((await t.post('/api/enrollment/setattendance', { enrollmentRecordIds: [id], status: 1 })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
