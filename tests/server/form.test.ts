import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEducation, EDU, LEVEL } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
let eduId: number;

beforeAll(async () => {
  t = await startTestApp();
  [a, b, admin] = [await t.user(['100'], 'ava'), await t.user(['100'], 'ben'), await t.user(['AdminUser'], 'ada')];
  eduId = await addEducation(t, a.token, { level: LEVEL.bachelor, school: 'University of Memphis', major: 'Child Development', start: '2006-08-20', end: '2010-05-01' });
});
afterAll(async () => { await t.close(); });

type Element = { id: number; value: string | null; multiValue: string[] | null; visible: boolean; required: boolean; readOnly: boolean; choices: { id: number; visible: boolean }[] };
const element = (form: { elements: Element[] }, id: number) => form.elements.find((e) => e.id === id)!;
const submit = (token: string, elementResponses: unknown[], extra: Record<string, unknown> = {}) =>
  t.post('/api/form/formresponse', { response: { formId: 2, elementResponses }, ...extra }, token);

describe('POST /api/form', () => {
  it('answers a new form with the rule state applied', async () => {
    const res = await t.post('/api/form', { formid: 2 }, a.token);
    expect(res.statusCode).toBe(200);
    const form = res.json() as { formid: number; entity: { Id: number }; elements: Element[] };
    expect(form).toMatchObject({ formid: 2, entity: { Id: 0, EntityTypeId: 4 } });
    expect(element(form, EDU.level)).toMatchObject({ required: true, visible: true, value: null });
    expect(element(form, EDU.credits)).toMatchObject({ visible: false });
  });

  it("answers an existing record with its values; another person's record is 403", async () => {
    const res = await t.post('/api/form', { formid: 2, entities: [{ Id: eduId, EntityTypeId: 4 }] }, a.token);
    const form = res.json() as { entity: { DisplayValue: string }; canEdit: boolean; elements: Element[] };
    expect(form.entity.DisplayValue).toBe('University of Memphis');
    expect(form.canEdit).toBe(true);
    expect(element(form, EDU.level).value).toBe(LEVEL.bachelor);
    expect(element(form, EDU.end).value).toBe('2010-05-01');
    expect((await t.post('/api/form', { formid: 2, entities: [{ Id: eduId, EntityTypeId: 4 }] }, b.token)).statusCode).toBe(403);
    expect((await t.post('/api/form', { formid: 2, entities: [{ Id: 987654, EntityTypeId: 4 }] }, a.token)).statusCode).toBe(404);
    expect((await t.post('/api/form', { formid: 999 }, a.token)).statusCode).toBe(404);
  });

  it("refuses a new record on another person's profile to a professional, not to an administrator", async () => {
    expect((await t.post('/api/form', { formid: 2, primaryEntity: { Id: b.id, EntityTypeId: 1 } }, a.token)).statusCode).toBe(403);
    expect((await t.post('/api/form', { formid: 2, primaryEntity: { Id: b.id, EntityTypeId: 1 } }, admin.token)).statusCode).toBe(200);
  });
});

describe('POST /api/form/formresponse', () => {
  it('rejects what the rules reject, with errors by element, and writes nothing', async () => {
    const [rows, audit] = [await t.count('education'), await t.count('audit')];
    const res = await submit(a.token, [
      { formElementId: EDU.level, value: LEVEL.bachelor },
      { formElementId: EDU.school, value: 'x'.repeat(181) },
      { formElementId: EDU.status, value: '1' },
      { formElementId: EDU.start, value: '2012-01-01' },
      { formElementId: EDU.end, value: '2011-01-01' },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors[EDU.school]).toMatch(/180/);
    expect(body.errors[EDU.end]).toBe('End date must be on or after the start date.');
    expect([await t.count('education'), await t.count('audit')]).toEqual([rows, audit]);
  });

  it('clears hidden elements before saving (major is hidden for a high-school level)', async () => {
    const res = await submit(a.token, [
      { formElementId: EDU.level, value: LEVEL.highSchool },
      { formElementId: EDU.school, value: '  Hillsboro High School  ' },
      { formElementId: EDU.major, value: 'Should be cleared' },
      { formElementId: EDU.status, value: '1' },
      { formElementId: EDU.end, value: '2004-05-20' },
    ]);
    expect(res.statusCode).toBe(200);
    const { Id } = res.json() as { Id: number };
    const row = await t.database.db.knex('education').where({ id: Id }).first();
    expect(row).toMatchObject({ school: 'Hillsboro High School', major: null, education_level: 'High School Diploma or GED', user_id: a.id, created_by: a.id });
    const audit = await t.database.db.knex('audit').where({ entity_type_id: 4, entity_id: Id, action: 'record.create' });
    expect(audit).toHaveLength(1);
  });

  it('updates an existing record and audits the change', async () => {
    const res = await submit(a.token, [{ formElementId: EDU.major, value: 'Early Childhood Education' }], { entities: [{ Id: eduId, EntityTypeId: 4 }] });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.knex('education').where({ id: eduId }).first()).toMatchObject({ major: 'Early Childhood Education', school: 'University of Memphis' });
    const audit = await t.database.db.knex('audit').where({ entity_type_id: 4, entity_id: eduId, action: 'record.update' }).first();
    expect(JSON.parse(audit.detail as string)).toMatchObject({ changes: { major: ['Child Development', 'Early Childhood Education'] } });
  });

  it("refuses to change another person's record (403) and a locked one (409)", async () => {
    const target = { entities: [{ Id: eduId, EntityTypeId: 4 }] };
    expect((await submit(b.token, [{ formElementId: EDU.major, value: 'Hacked' }], target)).statusCode).toBe(403);
    await t.database.db.knex('education').where({ id: eduId }).update({ verification_status: 'Requested' });
    const locked = await submit(a.token, [{ formElementId: EDU.major, value: 'Changed' }], target);
    expect(locked.statusCode).toBe(409);
    await t.database.db.knex('education').where({ id: eduId }).update({ verification_status: null });
    expect((await t.database.db.knex('education').where({ id: eduId }).first()).major).toBe('Early Childhood Education');
  });

  it('refuses elements that are not on the form, repeated or of the wrong shape', async () => {
    for (const responses of [
      [{ formElementId: 5001, value: '1' }],
      [{ formElementId: EDU.school, value: 'A' }, { formElementId: EDU.school, value: 'B' }],
      [{ formElementId: EDU.school, multiValue: ['A'] }],
    ]) {
      const res = await submit(a.token, responses);
      expect(res.statusCode).toBe(400);
    }
  });

  it('lets an administrator add a record to a person\'s profile', async () => {
    const id = await addEducation(t, admin.token, { level: LEVEL.doctoral, school: 'University of Tennessee', end: '2020-05-01' }, b.id);
    expect(await t.database.db.knex('education').where({ id }).first()).toMatchObject({ user_id: b.id, created_by: admin.id });
  });
});

describe('search and validation helpers', () => {
  it('autocomplete searches the choices of an element (2 characters at least)', async () => {
    const res = await t.post('/api/form/autocomplete', { formElementId: EDU.level, searchString: 'deg' }, a.token);
    expect((res.json() as { value: string }[]).map((x) => x.value)).toEqual(["Associate's Degree", "Bachelor's Degree", "Master's Degree", 'Doctoral Degree']);
    expect((await t.post('/api/form/autocomplete', { formElementId: EDU.level, searchString: 'd' }, a.token)).json()).toEqual([]);
    expect((await t.post('/api/form/autocomplete', { formElementId: 424242, searchString: 'deg' }, a.token)).statusCode).toBe(404);
  });

  it('entity cross reference searches a searchable property within the read scope', async () => {
    const res = await t.post('/api/form/entitycrossreference', { entityTypeId: 4, ecrSearchPropertyId: 'school', searchString: 'memphis' }, b.token);
    expect(res.json()).toEqual([]);
    const own = await t.post('/api/form/entitycrossreference', { entityTypeId: 4, ecrSearchPropertyId: 'school', searchString: 'memphis' }, a.token);
    expect(own.json()).toEqual([{ key: String(eduId), value: 'University of Memphis' }]);
    const noType = await t.post('/api/form/entitycrossreference', { ecrSearchPropertyId: 'school', searchString: 'memphis' }, a.token);
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({ message: 'Error, Entity Type not defined for element.' });
    expect((await t.post('/api/form/entitycrossreference', { entityTypeId: 4, ecrSearchPropertyId: 'fileKey', searchString: 'ab' }, a.token)).statusCode).toBe(400);
  });

  it('pre-submission validation warns of a duplicate record, overridable', async () => {
    const body = { validations: [
      { entityTypeId: 4, formElementId: EDU.level, value: LEVEL.bachelor },
      { entityTypeId: 4, formElementId: EDU.school, value: 'university of memphis' },
      { entityTypeId: 4, formElementId: EDU.end, value: '2010-05-01' },
    ] };
    const dup = await t.post('/api/form/presubmissionvalidation', body, a.token);
    expect(dup.json()).toEqual({ messages: ['An education record with the same level, school and end date is already on this profile.'], overridable: true });
    const self = await t.post('/api/form/presubmissionvalidation', { ...body, entities: [{ Id: eduId, EntityTypeId: 4 }] }, a.token);
    expect(self.json()).toEqual({ messages: [], overridable: false });
    const other = await t.post('/api/form/presubmissionvalidation', body, b.token);
    expect(other.json()).toEqual({ messages: [], overridable: false });
  });

  it('exports the grid as CSV and PDF with time-stamped names, in the caller\'s scope', async () => {
    const csv = await t.post('/api/form/flatfile', { formId: 2, entityType: 4 }, a.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/filename="TNEarlyChildhoodRegistry_Education_\d{8}_\d{6}\.csv"/);
    expect(csv.body).toContain('Education Level,School,Major,End Date,Verification Status');
    expect(csv.body).toContain('University of Memphis');
    expect(csv.body).not.toContain('University of Tennessee');
    const pdf = await t.post('/api/form/flatfile', { formId: 2, entityType: 4, fileType: 'pdf' }, a.token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const awardPdf = await t.post('/api/form/flatfile', { formId: 101, entityType: 101, fileType: 'pdf' }, a.token);
    expect(awardPdf.statusCode).toBe(403);
    expect(await t.database.db.knex('audit').where({ user_id: a.id, action: 'grid.export' })).toHaveLength(2);
  });
});
