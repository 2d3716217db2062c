import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleHolds } from '../../engine/rules/json-logic.js';
import type { RuleContext } from '../../engine/rules/rule-context.js';
import { DEFAULT_TIME_ZONE, todayIn } from '../../engine/rules/today.js';
import { attendanceRefusal } from '../../engine/training/attendance.js';
import { displayCertificateCode } from '../../engine/training/certificate-code.js';
import { addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { addCourse, addEnrollment, addSessionOfCourse } from '../support/training.js';

/**
 * The enrollments grid's row actions (issue 14; spec part 3 sections 4 and 8): the row carries
 * what their rules read (sessionEnded, attendanceStatus, certificate), the Attendance action's rule
 * agrees with the server's eligibility for every row state, and a Completed attendance notifies
 * the person with the certificate's check code.
 */
let t: TestApp;
let tara: Person;
let otto: Person;
let people: Person[];

type Row = Record<string, unknown> & { id: number };
const rowsOf = async (sectionId: number, who: Person = tara): Promise<Row[]> => {
  const res = await t.post('/api/grid', { entityTypeId: 26, formId: 24, from: 1, to: 100, defaultFilters: [{ column: 'courseSectionId', value: sectionId, operation: 'Equals' }] }, who.token);
  expect(res.statusCode, res.body).toBe(200);
  // a grid without rows answers the text 'No Data'
  return res.body === 'No Data' ? [] : res.json<{ gridData: Row[] }>().gridData;
};
const context = (who: Person, role: string, row: Row): RuleContext => ({ user: { id: who.id, roles: [role], activeRole: role, claims: [] }, tenant: 'al', today: todayIn(DEFAULT_TIME_ZONE), row });
const action = (id: string) => t.registry.grids.get('training-enrollments')?.rowActions?.find((a) => a.id === id)?.visible;

beforeAll(async () => {
  t = await startTestApp('al');
  tara = await addPerson(t, 'Tara', [{ role: '250' }], '250');
  otto = await addPerson(t, 'Otto', [{ role: '250' }], '250');
  people = await Promise.all(['Ava', 'Ben', 'Cal', 'Dee', 'Eve'].map((n) => addPerson(t, n, [{ role: '100' }])));
});
afterAll(async () => { await t.close(); });

describe('the Attendance row action shows exactly where the server sets attendance', () => {
  it.each([
    ['Registered, ended', {}, true],
    ['Registered, Partially Completed', { attendance: 2 }, true],
    ['Registered, cleared', { attendance: 0 }, true],
    ['Waitlisted', { status: 'Waitlisted' }, false],
    ['Pending Approval', { status: 'Pending Approval' }, false],
    ['already Completed', { attendance: 1 }, false],
    ['already Absent', { attendance: 3 }, false],
    ['not yet ended', { endsInHours: 2 }, false],
    ['locked', { locked: true }, false],
  ])('%s: %s', async (_name, state: { status?: string; attendance?: number; endsInHours?: number; locked?: boolean }, eligible) => {
    const section = await addSessionOfCourse(t, await addCourse(t, tara.id), tara.id, state);
    const id = await addEnrollment(t, section, people[0]!.id, state.status ?? 'Registered', state.attendance ?? null);
    const row = (await rowsOf(section)).find((r) => r.id === id)!;
    expect(Boolean(row.sessionEnded)).toBe(state.endsInHours === undefined);
    const db = (await t.database.db.knex('enrollment_rows').where({ id }).first()) as Record<string, unknown>;
    const refusal = attendanceRefusal({ id, locked: Boolean(db.record_is_locked), status: String(db.status), attendance: db.attendance === null ? null : Number(db.attendance), sessionEnd: new Date(db.training_end_date as string).toISOString() }, new Date().toISOString());
    expect(refusal === null).toBe(eligible);
    expect(ruleHolds(action('set-attendance'), context(tara, '250', row))).toBe(eligible);
    // another trainer, or the trainer acting in another role, is never offered it
    expect(ruleHolds(action('set-attendance'), context(otto, '250', row))).toBe(false);
    expect(ruleHolds(action('set-attendance'), context(tara, '100', row))).toBe(false);
    // the server agrees: set where offered, 409 where not
    const res = await t.post('/api/enrollment/setattendance', { enrollmentRecordIds: [id], status: 2 }, tara.token);
    expect(res.statusCode, res.body).toBe(eligible ? 200 : 409);
  });
});

describe('the other row actions follow the row', () => {
  it('offers Cancel Registration for held places of an unlocked session, Review for pending requests, Send a Message unless Unregistered', async () => {
    const section = await addSessionOfCourse(t, await addCourse(t, tara.id), tara.id, { endsInHours: 48 });
    const locked = await addSessionOfCourse(t, await addCourse(t, tara.id), tara.id, { endsInHours: 48, locked: true });
    const statuses = ['Registered', 'Waitlisted', 'Pending Approval', 'Unregistered', 'Denied'];
    for (const [i, s] of statuses.entries()) await addEnrollment(t, section, people[i]!.id, s);
    await addEnrollment(t, locked, people[0]!.id, 'Registered');
    const offered = (id: string, rows: Row[], who = tara) => rows.filter((r) => ruleHolds(action(id), context(who, '250', r))).map((r) => r.status);
    const rows = await rowsOf(section);
    expect(offered('cancel-registration', rows)).toEqual(['Registered', 'Waitlisted']);
    expect(offered('cancel-registration', await rowsOf(locked))).toEqual([]);
    // the review is the workflow's steps (metadata/workflows/enrollment-review.json), offered by the server with the row
    expect(rows.filter((r) => (r.transitions as { id: string }[]).map((x) => x.id).join() === 'approve,decline').map((r) => r.status)).toEqual(['Pending Approval']);
    expect(offered('send-enrollee-message', rows).sort()).toEqual(['Denied', 'Pending Approval', 'Registered', 'Waitlisted']);
    expect(offered('view-certificate', rows)).toEqual([]);
    // another trainer reads none of these rows
    expect(await rowsOf(section, otto)).toEqual([]);
  });
});

describe('Completed attendance', () => {
  it('shows Completed with the certificate on the row and notifies the person once, with the check code, also by e-mail', async () => {
    const section = await addSessionOfCourse(t, await addCourse(t, tara.id, 'Safe Sleep'), tara.id, { name: 'Evening' });
    const done = await addEnrollment(t, section, people[1]!.id);
    const partly = await addEnrollment(t, section, people[2]!.id);
    await t.app.ctx.events.dispatchPending();
    const mail = await t.count('outbox');
    expect((await t.post('/api/enrollment/setattendance', { enrollmentRecordIds: [done], status: 1 }, tara.token)).statusCode).toBe(200);
    expect((await t.post('/api/enrollment/setattendance', { enrollmentRecordIds: [partly], status: 2 }, tara.token)).statusCode).toBe(200);
    await t.app.ctx.events.dispatchPending();
    const rows = await rowsOf(section);
    const row = rows.find((r) => r.id === done)!;
    expect(row).toMatchObject({ attendanceStatus: 'Completed', attendance: 1 });
    expect(Number(row.certificate)).toBeGreaterThan(0);
    expect(rows.find((r) => r.id === partly)).toMatchObject({ attendanceStatus: 'Partially Completed' });
    expect(ruleHolds(action('view-certificate'), context(tara, '250', row))).toBe(true);
    const code = ((await t.database.db.knex('enrollments').where({ id: done }).first('certificate_code')) as { certificate_code: string }).certificate_code;
    const notes = (await t.database.db.knex('notifications').where({ recipient_id: people[1]!.id, kind: 'enrollment-completed' }).select('subject', 'body')) as { subject: string; body: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('Safe Sleep: Evening');
    expect(notes[0]!.body).toContain(displayCertificateCode(code));
    expect(await t.database.db.knex('notifications').where({ recipient_id: people[2]!.id, kind: 'enrollment-completed' }).first()).toBeUndefined();
    expect(await t.count('outbox')).toBe(mail + 1);
    // a redelivered event makes no second notification
    await t.database.db.knex('domain_events').where({ type: 'enrollment.changed' }).update({ dispatched_at: null });
    await t.app.ctx.events.dispatchPending();
    expect(await t.database.db.knex('notifications').where({ recipient_id: people[1]!.id, kind: 'enrollment-completed' })).toHaveLength(1);
  });
});
