import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganization, addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { addEnrollment, addSection } from '../support/training.js';

/**
 * Training search (spec part 3 sections 5 and 7), getuserorgs, and the waitlist call that finds a
 * freed seat (issue 14 item 2-3) on tenant al.
 */
let t: TestApp;
let trainer: Person;
let pro: Person;
let other: Person;
let birmingham: number;
const knex = () => t.database.db.knex;
const sectionIds = { literacy: 0, math: 0, hidden: 0, disabledCourse: 0, ended: 0 };

interface Hit { id: number; courseName: string; region: string; status: string; name: string; locationPhone: string; registersSelf: boolean }
const search = async (query: string, p: Person = pro) => {
  const res = await t.get(`/api/coursesection/trainingsearch?${query}`, p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total: number; rows: Hit[] }>();
};
const courseOf = async (sectionId: number) => Number(((await knex()('course_sections').where({ id: sectionId }).first('course_id')) as { course_id: number }).course_id);
const ours = (rows: Hit[]) => rows.filter((r) => Object.values(sectionIds).includes(r.id)).map((r) => r.id);

beforeAll(async () => {
  t = await startTestApp('al');
  birmingham = await addOrganization(t, 'Birmingham Little Learners', { county: 'Jefferson' });
  trainer = await addPerson(t, 'Trainer', [{ role: '250' }]);
  pro = await addPerson(t, 'Pro', [{ role: '100', organizationId: birmingham }]);
  other = await addPerson(t, 'Other', [{ role: '100', organizationId: birmingham }]);
  sectionIds.literacy = await addSection(t, { trainerId: trainer.id, seats: 5, region: 'Birmingham', courseName: 'Zeta Early Literacy' });
  sectionIds.math = await addSection(t, { trainerId: trainer.id, seats: 5, region: 'Mobile', courseName: 'Zeta Math Play' });
  sectionIds.hidden = await addSection(t, { trainerId: trainer.id, seats: 5, region: 'Birmingham', courseName: 'Zeta Hidden Session' });
  sectionIds.disabledCourse = await addSection(t, { trainerId: trainer.id, seats: 5, region: 'Birmingham', courseName: 'Zeta Disabled Course' });
  sectionIds.ended = await addSection(t, { trainerId: trainer.id, seats: 5, region: 'Birmingham', courseName: 'Zeta Ended' });
  await knex()('courses').where({ id: await courseOf(sectionIds.literacy) }).update({ core_knowledge_area: 'CGD,LEE', target_age_group: 'Infants,Toddlers', cda_area: 'CDA2', ccdf_area: 'CCDF03', dhr_minimum_standard: 'HS', delivery_method: 'Online' });
  await knex()('courses').where({ id: await courseOf(sectionIds.math) }).update({ core_knowledge_area: 'CGD', cda_area: 'CDA1', ccdf_area: 'CCDF13', delivery_method: 'Classroom' });
  await knex()('course_sections').where({ id: sectionIds.hidden }).update({ disabled: true });
  await knex()('courses').where({ id: await courseOf(sectionIds.disabledCourse) }).update({ disabled: true });
  await knex()('course_sections').where({ id: sectionIds.ended }).update({ training_start_date: '2020-01-01T09:00:00Z', training_end_date: '2020-01-01T12:00:00Z' });
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('GET /api/coursesection/trainingsearch', () => {
  it('finds the enabled, not ended sessions of enabled courses by a trimmed contains match on the name', async () => {
    const all = await search('trainingName=%20%20zeta%20');
    expect(ours(all.rows).sort()).toEqual([sectionIds.literacy, sectionIds.math].sort());
    expect(all.total).toBe(2);
    const blank = await search('trainingName=%20%20');
    expect(ours(blank.rows).length).toBeLessThanOrEqual(2);
    expect(blank.total).toBeGreaterThanOrEqual(2);
    expect((await search('trainingName=literacy')).rows.map((r) => r.id)).toEqual([sectionIds.literacy]);
  });

  it.each([
    ['coreKnowledgeArea=LEE', ['literacy']],
    ['coreKnowledgeArea=CGD', ['literacy', 'math']],
    ['region=Mobile', ['math']],
    ['targetAgeGroup=toddlers', ['literacy']],
    ['dhrMinimumStandard=HS', ['literacy']],
    ['cdaArea=CDA1', ['math']],
    ['ccdfArea=CCDF03', ['literacy']],
    ['ccdfArea=CCDF13', ['math']],
    ['deliveryMethod=Online', ['literacy']],
    ['deliveryMethod=Online&region=Mobile', []],
  ] as const)('%s matches only where chosen', async (query, expected) => {
    const found = await search(`trainingName=Zeta&${query}`);
    expect(found.rows.map((r) => r.id).sort()).toEqual(expected.map((k) => sectionIds[k]).sort());
  });

  it("answers the details modal's fields and only the caller's own status, paged", async () => {
    await addEnrollment(t, sectionIds.literacy, other.id, 'Registered');
    const mine = (await search('trainingName=Zeta%20Early')).rows[0]!;
    expect(mine).toMatchObject({ id: sectionIds.literacy, courseName: 'Zeta Early Literacy', region: 'Birmingham', status: '' });
    expect((await search('trainingName=Zeta%20Early', other)).rows[0]!.status).toBe('Registered');
    // the Register button's inputs, decided by the rules on the server
    expect(mine).toMatchObject({ registrationWindow: 'open', registersSelf: true, windowApplies: true });
    expect((await search('trainingName=Zeta%20Early', trainer)).rows[0]).toMatchObject({ status: '', registersSelf: false, windowApplies: false });
    const first = await search('trainingName=Zeta&pageSize=1&page=1');
    const second = await search('trainingName=Zeta&pageSize=1&page=2');
    expect(first.total).toBe(2);
    expect([first.rows[0]!.id, second.rows[0]!.id].sort()).toEqual([sectionIds.literacy, sectionIds.math].sort());
    expect((await search('trainingName=Zeta&page=9')).rows).toEqual([]);
  });

  it('refuses bad paging and unknown filters with 400, and strangers with 401', async () => {
    for (const q of ['pageSize=51', 'pageSize=0', 'page=0', 'page=x', 'colour=red', `trainingName=${'x'.repeat(201)}`]) {
      expect((await t.get(`/api/coursesection/trainingsearch?${q}`, pro.token)).statusCode, q).toBe(400);
    }
    expect((await t.get('/api/coursesection/trainingsearch')).statusCode).toBe(401);
    expect((await t.get('/api/course/trainingsearch')).statusCode).toBe(401);
  });
});

describe('GET /api/course/trainingsearch', () => {
  it('answers the courses with a matching session, by name, with the count of matching sessions', async () => {
    const res = await t.get('/api/course/trainingsearch?trainingName=zeta&coreKnowledgeArea=CGD', pro.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ total: number; rows: { courseName: string; matchingSessions: number; deliveryMethod: string }[] }>();
    expect(body.total).toBe(2);
    expect(body.rows.map((r) => [r.courseName, r.matchingSessions, r.deliveryMethod])).toEqual([['Zeta Early Literacy', 1, 'Online'], ['Zeta Math Play', 1, 'Classroom']]);
    expect((await t.get('/api/course/trainingsearch?trainingName=Disabled%20Course', pro.token)).json<{ total: number }>().total).toBe(0);
  });
});

describe('GET /api/enrollment/getuserorgs', () => {
  it("answers another person's organizations to a trainer or manager only", async () => {
    const manager = await addPerson(t, 'Manager', [{ role: '500' }]);
    const expected = [{ key: String(birmingham), value: 'Birmingham Little Learners' }];
    for (const caller of [trainer, manager]) {
      const res = await t.get(`/api/enrollment/getuserorgs?userId=${pro.id}`, caller.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    expect((await t.get(`/api/enrollment/getuserorgs?userId=${pro.id}`, other.token)).statusCode).toBe(403);
    expect((await t.get(`/api/enrollment/getuserorgs?userId=${pro.id}`, pro.token)).json()).toEqual(expected);
    expect((await t.get('/api/enrollment/getuserorgs?userId=999999', trainer.token)).statusCode).toBe(404);
    expect((await t.get('/api/enrollment/getuserorgs?userId=abc', trainer.token)).statusCode).toBe(400);
    expect((await t.get(`/api/enrollment/getuserorgs?userId=${pro.id}`)).statusCode).toBe(401);
  });
});

describe('the waitlist call after a seat freed', () => {
  it('registers the person; the section status tells the browser it was a seat, not position 1', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 1, waitlistSeats: 2, region: 'Birmingham' });
    const holder = await addPerson(t, 'Holder', [{ role: '100', organizationId: birmingham }]);
    const waiter = await addPerson(t, 'Waiter', [{ role: '100', organizationId: birmingham }]);
    const body = (p: Person) => ({ courseSectionId: section, userId: p.id, organizationId: birmingham });
    expect((await t.post('/api/enrollment/register', body(holder), holder.token)).json()).toBe(1);
    expect((await t.post('/api/enrollment/register', body(waiter), waiter.token)).json()).toBe(4);
    expect((await t.post('/api/enrollment/cancelregistration', { courseSectionId: section, userId: holder.id }, holder.token)).statusCode).toBe(200);
    expect((await t.post('/api/enrollment/waitlist', body(waiter), waiter.token)).json()).toBe(1);
    const detail = await t.get(`/api/coursesection/getsectionbyid?trainingId=${section}`, waiter.token);
    expect(detail.json<{ status: string }>().status).toBe('Registered');
    // a real first place in line reads Waitlisted
    const third = await addPerson(t, 'Third', [{ role: '100', organizationId: birmingham }]);
    expect((await t.post('/api/enrollment/waitlist', body(third), third.token)).json()).toBe(1);
    expect((await t.get(`/api/coursesection/getsectionbyid?trainingId=${section}`, third.token)).json<{ status: string }>().status).toBe('Waitlisted');
  });
});

describe('Search Users for enrollment (grid enroll-students over the user search rows)', () => {
  const grid = (token: string, term: string) => t.post('/api/grid', {
    entityTypeId: 1, formId: 1, altGridId: 'enroll-students', from: 1, to: 25, defaultFilters: [{ column: 'searchableName', value: term, operation: 'Contains' }],
  }, token);
  const rows = (body: string) => (body === 'No Data' ? [] : (JSON.parse(body) as { gridData: { userId: number }[] }).gridData);

  it('lists professionals (role 100) to a trainer acting as 250, nobody else of the registry, and nothing to a professional', async () => {
    const admin = await addPerson(t, 'Zadmin', [{ role: '400' }]);
    const found = rows((await grid(trainer.token, 'pro')).body).map((r) => r.userId);
    expect(found).toContain(pro.id);
    expect(rows((await grid(trainer.token, 'zadmin')).body)).toEqual([]);
    expect(rows((await grid(admin.token, 'pro')).body).map((r) => r.userId)).toContain(pro.id);
    expect(rows((await grid(pro.token, 'other')).body)).toEqual([]);
  });
});
