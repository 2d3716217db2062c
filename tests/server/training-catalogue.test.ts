import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOfWallClock } from '../../engine/rules/today.js';
import { seedDemo } from '../../server/commands/seed-demo.js';
import { DEMO_PASSWORD, demoUserName } from '../../server/commands/demo-users.js';
import { addPerson, type Person } from '../support/people.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { COURSE_FORM, saveCourse, saveSection, SECTION_FORM, sectionValues } from '../support/training.js';

/**
 * The training catalogue (issue 14 item 1, tenant al): courses and sessions through the generic
 * form endpoint as their trainer, the trainer's row scope in SQL, the delete rules, the section
 * detail and the shared choice lists.
 */
let t: TestApp;
let trainer: Person;
let other: Person;
let manager: Person;
let professional: Person;

const courseValues = (name: string) => ({
  [COURSE_FORM.name]: name, [COURSE_FORM.description]: 'Safe sleep and more', [COURSE_FORM.delivery]: '2', [COURSE_FORM.hours]: '3',
  [COURSE_FORM.cka]: ['1', '2'], [COURSE_FORM.ages]: ['1'], [COURSE_FORM.ccdf]: ['2', '12'],
});
const created = (res: { statusCode: number; body: string; json: <T>() => T }): number => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Id: number }>().Id;
};
const grid = async (who: Person, entityTypeId: number, formId: number) => {
  const res = await t.post('/api/grid', { entityTypeId, formId, from: 1, to: 100 }, who.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.body === 'No Data' ? [] : res.json<{ gridData: Array<Record<string, unknown>> }>().gridData;
};
const counts = async () => {
  const knex = t.database.db.knex;
  const n = async (table: string) => Number(((await knex(table).count({ n: '*' }))[0] as { n: number | string }).n);
  return { courses: await n('courses'), sections: await n('course_sections'), audit: await n('audit') };
};

beforeAll(async () => {
  t = await startTestApp('al');
  trainer = await addPerson(t, 'Trina', [{ role: '250' }]);
  other = await addPerson(t, 'Otto', [{ role: '250' }]);
  manager = await addPerson(t, 'Mona', [{ role: '400' }]);
  professional = await addPerson(t, 'Pat', [{ role: '100' }]);
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('the training catalogue', () => {
  let courseId = 0;
  let sectionId = 0;

  it('a trainer creates a course and a session through the generic form endpoint; codes are joined by commas', async () => {
    courseId = created(await saveCourse(t, trainer.token, courseValues('Safe Sleep Basics')));
    const course = await t.database.db.knex('courses').where({ id: courseId }).first();
    expect(course).toMatchObject({ trainer_id: trainer.id, course_name: 'Safe Sleep Basics', delivery_method: 'Classroom', core_knowledge_area: 'CGD,HSN', target_age_group: 'Infants birth to 12 months', ccdf_area: 'CCDF02,CCDF12' });
    sectionId = created(await saveSection(t, trainer.token, sectionValues(courseId)));
    const section = await t.database.db.knex('course_sections').where({ id: sectionId }).first();
    expect(section).toMatchObject({ course_id: courseId, section_name: 'Morning session', region: 'Birmingham', seats: 20, waitlist_seats: 5, location_phone_ext: '12' });
    // the session's times are the tenant's wall clock: stored as instants, shown back as entered
    const stored = await t.get(`/api/coursesection/sectionprops?trainingId=${sectionId}`, trainer.token);
    expect(new Date(String(stored.json<{ trainingStartDate: string }>().trainingStartDate)).toISOString()).toBe(instantOfWallClock('2099-03-10T09:00', t.registry.tenant.timeZone));
    const sectionForm = await t.post('/api/form', { formId: SECTION_FORM.id, entities: [{ Id: sectionId, EntityTypeId: 24 }] }, trainer.token);
    expect(sectionForm.body).toContain('"value":"2099-03-10T09:00"');
    const audit = await t.database.db.knex('audit').where({ action: 'record.create', entity_type_id: 24, entity_id: sectionId }).first();
    expect(audit).toBeDefined();
    // the form reads the codes back as the ticked choices
    const form = await t.post('/api/form', { formId: COURSE_FORM.id, entities: [{ Id: courseId, EntityTypeId: 23 }] }, trainer.token);
    expect(form.statusCode, form.body).toBe(200);
    expect(JSON.stringify(form.json())).toContain('"multiValue":["1","2"]');
  });

  it('the grids list the trainer\'s own rows with their computed columns; managers read all', async () => {
    const otherCourse = created(await saveCourse(t, other.token, courseValues('Otto Course')));
    const mine = await grid(trainer, 23, 21);
    expect(mine.map((r) => r.courseName)).toEqual(['Safe Sleep Basics']);
    expect(mine[0]).toMatchObject({ id: courseId, numberOfSessions: 1 });
    const sessions = await grid(trainer, 24, 22);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ id: sectionId, courseName: 'Safe Sleep Basics', hasHadEnrollments: false, recordIsLocked: false });
    expect((await grid(manager, 23, 21)).map((r) => r.id).sort()).toEqual([courseId, otherCourse].sort());
    expect(await grid(professional, 23, 21)).toEqual([]);
  });

  it('validates the session: end after start, deadline not after the start, seats, waitlist seats, phones', async () => {
    const cases: Array<[number, string]> = [
      [SECTION_FORM.end, '2099-03-09T12:00'], [SECTION_FORM.regDeadline, '2099-03-11'], [SECTION_FORM.seats, '0'],
      [SECTION_FORM.waitlistSeats, '-1'], [SECTION_FORM.locationPhone, '555-01'], [SECTION_FORM.locationExt, '12a'],
    ];
    const before = await counts();
    for (const [element, value] of cases) {
      const res = await saveSection(t, trainer.token, sectionValues(courseId, { [element]: value }));
      expect(res.statusCode, `${element}=${value}`).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toContain(String(element));
    }
    expect(await counts()).toEqual(before);
  });

  it('another trainer\'s course and session are refused and nothing changes', async () => {
    const before = await counts();
    const refused = [
      await t.get(`/api/course/trainingprops?trainingId=${courseId}`, other.token),
      await t.get(`/api/coursesection/sectionprops?trainingId=${sectionId}`, other.token),
      await saveCourse(t, other.token, { [COURSE_FORM.name]: 'Taken over' }, courseId),
      await saveSection(t, other.token, { [SECTION_FORM.name]: 'Taken over' }, sectionId),
      // a session on someone else's course: the course is not one the caller may pick
      await saveSection(t, other.token, sectionValues(courseId)),
      await t.post('/api/course/deletecourse', { courseId, userId: other.id }, other.token),
      await t.post('/api/coursesection/deletesection', { courseSectionId: sectionId, userId: other.id }, other.token),
      await t.post('/api/coursesection/deletesection', { courseSectionId: sectionId, userId: trainer.id }, other.token),
    ];
    for (const res of refused) expect([400, 403, 404], res.body).toContain(res.statusCode);
    expect(refused.slice(0, 4).map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await counts()).toEqual(before);
    const course = await t.database.db.knex('courses').where({ id: courseId }).first('course_name');
    expect(course.course_name).toBe('Safe Sleep Basics');
  });

  it('trainingprops and sectionprops answer the trainer and managers', async () => {
    const props = await t.get(`/api/course/trainingprops?trainingId=${courseId}`, trainer.token);
    expect(props.statusCode, props.body).toBe(200);
    expect(props.json()).toMatchObject({ id: courseId, courseName: 'Safe Sleep Basics', coreKnowledgeArea: 'CGD,HSN' });
    const section = await t.get(`/api/coursesection/sectionprops?trainingId=${sectionId}`, manager.token);
    expect(section.statusCode, section.body).toBe(200);
    expect(section.json()).toMatchObject({ id: sectionId, sectionName: 'Morning session', seats: 20 });
    expect((await t.get('/api/course/trainingprops?trainingId=999999', trainer.token)).statusCode).toBe(404);
    expect((await t.get('/api/course/trainingprops?trainingId=abc', trainer.token)).statusCode).toBe(400);
  });

  it('getsectionbyid answers the training section shape to any signed-in person', async () => {
    const res = await t.get(`/api/coursesection/getsectionbyid?trainingId=${sectionId}`, professional.token);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<Record<string, unknown>>();
    expect(Object.keys(s).sort()).toEqual([
      'ccdfArea', 'cdaArea', 'contactEmail', 'contactName', 'contactPhone', 'contactPhoneExt', 'coreKnowledgeArea', 'courseId', 'courseName',
      'deliveryMethod', 'description', 'dhrMinimumStandard', 'id', 'locationAddress', 'locationName', 'locationPhone', 'locationPhoneExt',
      'name', 'otherInformation', 'regDeadlineDate', 'regStartDate', 'region', 'registersSelf', 'registrationWindow', 'sectionName', 'sessionInformation', 'status',
      'targetAgeGroup', 'trainingEndDate', 'trainingStartDate', 'windowApplies',
    ]);
    expect(s).toMatchObject({ id: sectionId, courseName: 'Safe Sleep Basics', sectionName: 'Morning session', name: 'Safe Sleep Basics: Morning session', region: 'Birmingham', regDeadlineDate: '2099-03-09', coreKnowledgeArea: 'CGD,HSN', status: '', registrationWindow: 'notStarted', registersSelf: true, windowApplies: true });
    expect((await t.get('/api/coursesection/getsectionbyid?trainingId=999999', professional.token)).statusCode).toBe(404);
    expect((await t.get(`/api/coursesection/getsectionbyid?trainingId=${sectionId}`)).statusCode).toBe(401);
  });

  it('deletes: a course only with zero sessions, a session only if it never had enrollments (409 with the text)', async () => {
    const knex = t.database.db.knex;
    let before = await counts();
    const withSessions = await t.post('/api/course/deletecourse', { courseId, userId: trainer.id }, trainer.token);
    expect(withSessions.statusCode).toBe(409);
    expect(withSessions.json<{ message: string }>().message).toBe('This training has sessions and cannot be deleted. Delete its sessions first.');
    expect(await counts()).toEqual(before);

    const enrolledSection = created(await saveSection(t, trainer.token, sectionValues(courseId, { [SECTION_FORM.name]: 'Evening session' })));
    const now = new Date().toISOString();
    await knex('enrollments').insert({ course_section_id: enrolledSection, user_id: professional.id, status: 'Canceled', created_at: now, updated_at: now, disabled: false });
    before = await counts();
    const hadEnrollments = await t.post('/api/coursesection/deletesection', { courseSectionId: enrolledSection, userId: trainer.id }, trainer.token);
    expect(hadEnrollments.statusCode).toBe(409);
    expect(hadEnrollments.json<{ message: string }>().message).toBe('This session has had enrollments and cannot be deleted.');
    expect(await counts()).toEqual(before);
    const rows = await grid(trainer, 24, 22);
    expect(rows.find((r) => r.id === enrolledSection)).toMatchObject({ hasHadEnrollments: true });

    const gone = await t.post('/api/coursesection/deletesection', { courseSectionId: sectionId, userId: trainer.id }, trainer.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await knex('course_sections').where({ id: sectionId }).first()).toBeUndefined();
    expect(await knex('audit').where({ action: 'coursesection.delete', entity_id: sectionId }).first()).toBeDefined();

    const empty = created(await saveCourse(t, trainer.token, courseValues('Empty Course')));
    const deleted = await t.post('/api/course/deletecourse', { courseId: empty, userId: trainer.id }, trainer.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await knex('courses').where({ id: empty }).first()).toBeUndefined();
    expect(await knex('audit').where({ action: 'course.delete', entity_id: empty }).first()).toBeDefined();
  });

  it('the forms take their choices from the shared lists and the tenant\'s regions', async () => {
    const form = await t.post('/api/form', { formId: SECTION_FORM.id }, trainer.token);
    expect(form.statusCode, form.body).toBe(200);
    type Element = { id: number; choices: Array<{ text: string }> };
    const elements = form.json<{ elements?: Element[]; formElements?: Element[] }>();
    const list = (elements.elements ?? elements.formElements ?? []) as Element[];
    const region = list.find((e) => e.id === SECTION_FORM.region)!;
    expect(region.choices.map((c) => c.text)).toEqual(t.registry.tenant.trainingRegions!.map((r) => r.name));
    const course = t.registry.forms.get(COURSE_FORM.id)!;
    const texts = (id: number) => course.elements.find((e) => e.id === id)!.choices!.map((c) => c.value);
    expect(texts(COURSE_FORM.delivery)).toEqual(['Virtual/Online', 'Classroom', 'Blended']);
    expect(texts(COURSE_FORM.cka)).toEqual(['CGD', 'HSN', 'LEE', 'COA', 'DIV', 'ICFC', 'PPD', 'MA']);
    expect(texts(COURSE_FORM.dhr)).toEqual(['CD', 'LD', 'PDG', 'HSUP', 'QCCL', 'CCPF', 'AM']);
    expect(texts(COURSE_FORM.cda)).toHaveLength(8);
    expect(texts(COURSE_FORM.ccdf)).toHaveLength(20);
    expect(texts(COURSE_FORM.ages)).toHaveLength(4);
  });
});

describe('the demo catalogue', () => {
  it('gives the demo trainer two courses, a past session with a registered professional and an upcoming one with seats', async () => {
    const demo = await startTestApp('al');
    try {
      await seedDemo(demo.app.ctx);
      const login = await demo.post('/api/auth/login', { userName: demoUserName('250'), password: DEMO_PASSWORD });
      const token = (JSON.parse(login.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token;
      const page = async (entityTypeId: number, formId: number) => {
        const res = await demo.post('/api/grid', { entityTypeId, formId, from: 1, to: 100 }, token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ gridData: Array<Record<string, unknown>> }>().gridData;
      };
      expect((await page(23, 21)).map((r) => Number(r.numberOfSessions)).sort()).toEqual([1, 2]);
      const sessions = await page(24, 22);
      const today = new Date().toISOString();
      expect(sessions.filter((r) => String(r.trainingEndDate) < today)).toHaveLength(1);
      // upcoming: one with the demo professional registered (My Calendar), one open for registration
      expect(sessions.filter((r) => String(r.trainingStartDate) > today && Number(r.seats) > 0)).toHaveLength(2);
      expect((await page(26, 24)).map((r) => r.status)).toEqual(['Registered', 'Registered']);
    } finally {
      await demo.close();
    }
  }, 60_000);
});
