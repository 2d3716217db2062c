import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecordId, CERTIFICATION, COMMUNITY_SERVICE, MEMBERSHIP, type RecordTypeSample } from '../support/personal-records.js';
import { addEducation, LEVEL } from '../support/records.js';
import { setFeature } from '../support/features.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * The generated resume (issue 28; spec part 2 sections 2, 3, 5 and 9; calls /generatedResume/*):
 * create, viewFields, Save and Preview (edit), publish and download by the owner; the PDF holds
 * exactly the chosen records; a fourth reference, someone else's record, publishing twice and
 * editing a published resume are refused with nothing changed; another person's resume is refused
 * on every call; and while the tenant feature Resume is off every call refuses.
 */
let t: TestApp;
let owner: TestUser;
let other: TestUser;
const ids = { education: [] as number[], certification: 0, community: 0, membership: 0, references: [] as number[], othersEducation: 0, othersReference: 0 };

const REFERENCE = (name: string): RecordTypeSample => ({
  name: 'reference', entityTypeId: 30, formId: 26,
  values: [
    { formElementId: 26001, value: name }, { formElementId: 26002, value: 'Center Director' }, { formElementId: 26003, value: 'Sunrise Early Learning' },
    { formElementId: 26004, value: 'Former director' }, { formElementId: 26005, value: `${name.split(' ')[0]!.toLowerCase()}@example.test` },
  ],
  change: { formElementId: 26002, value: 'Owner' },
});

const knex = () => t.database.db.knex;
const setResume = (on: boolean) => setFeature(t, 'Resume', on);
const create = (u: TestUser) => t.post('/api/generatedResume/create', {}, u.token);
const view = (u: TestUser, id: number) => t.get(`/api/generatedResume/viewFields?resumeId=${id}`, u.token);
const edit = (u: TestUser, id: number, idsList: Record<string, number[]>, description = 'Lead teacher resume') =>
  t.post('/api/generatedResume/edit', { resumeId: id, description, idsList }, u.token);
const publish = (u: TestUser, id: number) => t.post(`/api/generatedResume/publish?resumeId=${id}`, {}, u.token);
const download = (u: TestUser, key: string) => t.get(`/api/generatedResume/download/${key}`, u.token);
const audits = async (id: number) => ((await knex()('audit').where({ entity_type_id: 10, entity_id: id }).orderBy('id').select('action')) as { action: string }[]).map((a) => a.action);
const resumeRow = async (id: number) => (await knex()('resumes').where({ id }).first()) as Record<string, unknown>;

async function pdfText(body: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(body), verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p += 1) parts.push((await (await doc.getPage(p)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' '));
  return parts.join(' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await startTestApp('tn');
  await setResume(true);
  owner = await t.user(['100'], 'Rosa');
  other = await t.user(['100'], 'Omar');
  ids.education.push(await addEducation(t, owner.token, { level: LEVEL.bachelor, school: 'Middle Tennessee State University', major: 'Early Childhood Education', start: '2014-08-20', end: '2018-05-10' }));
  ids.education.push(await addEducation(t, owner.token, { level: LEVEL.associate, school: 'Nashville State Community College', major: 'Child Development', start: '2010-08-20', end: '2012-05-10' }));
  ids.certification = await addRecordId(t, owner.token, CERTIFICATION, owner.id);
  ids.community = await addRecordId(t, owner.token, COMMUNITY_SERVICE, owner.id);
  ids.membership = await addRecordId(t, owner.token, MEMBERSHIP, owner.id);
  for (const name of ['Alice Reed', 'Bruno Vance', 'Celia Ortiz', 'Dmitri Hale']) ids.references.push(await addRecordId(t, owner.token, REFERENCE(name), owner.id));
  ids.othersEducation = await addEducation(t, other.token, { level: LEVEL.master, school: 'Vanderbilt University', start: '2019-08-20', end: '2021-05-10' });
  ids.othersReference = await addRecordId(t, other.token, REFERENCE('Zelda Quinn'), other.id);
});

afterAll(async () => {
  await t?.close();
});

describe('a generated resume, from create to download', () => {
  it('creates, lists the own records per section, saves the chosen ones into a PDF holding exactly them, publishes and downloads', async () => {
    const created = await create(owner);
    expect(created.statusCode).toBe(200);
    const resume = created.json<{ resumeId: number; isGenerated: boolean; isPublished: boolean; fileKey: string | null }>();
    expect(resume).toMatchObject({ isGenerated: true, isPublished: false, fileKey: null });

    const fields = (await view(owner, resume.resumeId)).json<{ sections: { id: string; idsKey: string; max: number | null; items: { id: number; description: string; isSelected: boolean }[] }[] }>();
    expect(fields.sections.map((s) => s.id)).toEqual(['education', 'employment', 'certifications', 'communityService', 'memberships', 'references']);
    const section = (id: string) => fields.sections.find((s) => s.id === id)!;
    expect(section('education').items.map((i) => i.id)).toEqual(ids.education);
    expect(section('education').items[0]!.description).toBe('Bachelor\'s Degree, Early Childhood Education, Middle Tennessee State University (08/20/2014 - 05/10/2018)'.replace("Bachelor's Degree", section('education').items[0]!.description.split(',')[0]!));
    expect(section('references')).toMatchObject({ max: 3, idsKey: 'referenceIds' });
    expect(section('references').items.map((i) => i.id)).toEqual(ids.references);
    expect(section('references').items.some((i) => i.id === ids.othersReference)).toBe(false);
    expect(fields.sections.every((s) => s.items.every((i) => !i.isSelected))).toBe(true);

    const chosen = { educationIds: [ids.education[0]!], certificationIds: [ids.certification], membershipIds: [ids.membership], referenceIds: ids.references.slice(0, 2) };
    const saved = await edit(owner, resume.resumeId, chosen);
    expect(saved.statusCode).toBe(200);
    const { fileKey } = saved.json<{ fileKey: string }>();
    const again = (await view(owner, resume.resumeId)).json<{ description: string; fileKey: string; sections: { id: string; items: { id: number; isSelected: boolean }[] }[] }>();
    expect(again.fileKey).toBe(fileKey);
    expect(again.description).toBe('Lead teacher resume');
    expect(again.sections.find((s) => s.id === 'references')!.items.filter((i) => i.isSelected).map((i) => i.id)).toEqual(ids.references.slice(0, 2));

    const file = await download(owner, fileKey);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="Resume_Rosa_Person\d+\.pdf"/);
    const text = await pdfText(file.rawPayload);
    for (const shown of ['Rosa', 'EDUCATION', 'Middle Tennessee State University', 'CERTIFICATION / CREDENTIALS', 'Child Development Associate (CDA)', 'MEMBERSHIP',
      'National Association for the Education of Young Children', 'REFERENCES', 'Alice Reed', 'Bruno Vance', 'Lead teacher resume']) expect(text).toContain(shown);
    for (const left of ['Nashville State Community College', 'Second Harvest Food Bank', 'COMMUNITY SERVICE', 'WORK EXPERIENCE', 'Celia Ortiz', 'Dmitri Hale', 'Vanderbilt', 'Zelda']) expect(text).not.toContain(left);

    expect((await publish(owner, resume.resumeId)).json()).toMatchObject({ isPublished: true, fileKey });
    expect(await audits(resume.resumeId)).toEqual(['resume.create', 'resume.edit', 'file.download', 'resume.publish']);
    expect((await download(owner, fileKey)).statusCode).toBe(200);
  });

  it('a new Save and Preview retires the previous PDF', async () => {
    const id = (await create(owner)).json<{ resumeId: number }>().resumeId;
    const first = (await edit(owner, id, { educationIds: [ids.education[1]!] })).json<{ fileKey: string }>().fileKey;
    const second = (await edit(owner, id, { educationIds: ids.education })).json<{ fileKey: string }>().fileKey;
    expect(second).not.toBe(first);
    expect((await download(owner, first)).statusCode).toBe(404);
    expect((await download(owner, second)).statusCode).toBe(200);
  });
});

describe('the limits, each refused with nothing changed', () => {
  it('a fourth reference is refused', async () => {
    const id = (await create(owner)).json<{ resumeId: number }>().resumeId;
    const before = await resumeRow(id);
    const res = await edit(owner, id, { referenceIds: ids.references });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string; errors: Record<string, string> }>()).toMatchObject({ message: '(Maximum of 3 allowed)', errors: { referenceIds: '(Maximum of 3 allowed)' } });
    expect(await resumeRow(id)).toEqual(before);
    expect(await audits(id)).toEqual(['resume.create']);
    expect((await edit(owner, id, { referenceIds: ids.references.slice(1) })).statusCode).toBe(200);
  });

  it.each([
    ['another person\'s record', () => ({ educationIds: [ids.othersEducation] })],
    ['another person\'s reference', () => ({ referenceIds: [ids.othersReference] })],
    ['a record of another section\'s type', () => ({ educationIds: [ids.references.find((r) => !ids.education.includes(r))!] })],
    ['a record named twice', () => ({ membershipIds: [ids.membership, ids.membership] })],
    ['an id that does not exist', () => ({ communityIds: [999999] })],
  ])('%s in idsList is refused', async (_what, idsList) => {
    const id = (await create(owner)).json<{ resumeId: number }>().resumeId;
    const before = await resumeRow(id);
    const res = await edit(owner, id, idsList());
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/Ids/);
    expect(await resumeRow(id)).toEqual(before);
  });

  it('publish only when generated, saved and not yet published; edit refused after publishing', async () => {
    const id = (await create(owner)).json<{ resumeId: number }>().resumeId;
    expect((await publish(owner, id)).json<{ message: string }>()).toMatchObject({ message: 'Save and Preview the resume before publishing it.' });
    expect((await edit(owner, id, { educationIds: [ids.education[0]!] })).statusCode).toBe(200);
    expect((await publish(owner, id)).statusCode).toBe(200);
    const twice = await publish(owner, id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe('This resume is published and can no longer be changed.');
    const before = await resumeRow(id);
    const late = await edit(owner, id, { educationIds: ids.education });
    expect(late.statusCode).toBe(409);
    expect(await resumeRow(id)).toEqual(before);
    expect(await audits(id)).toEqual(['resume.create', 'resume.edit', 'resume.publish']);
  });

  it('an uploaded resume (form 9) is neither edited nor published by these calls', async () => {
    const up = await t.post('/api/form/formresponse', { response: { formId: 9, elementResponses: [{ formElementId: 9001, value: 'My own resume' }] } }, owner.token);
    // the file is required: the form refuses without one, and nothing is written
    expect(up.statusCode).toBe(400);
    const id = await knex().transaction(async (trx) => {
      const now = new Date().toISOString();
      const [row] = (await trx('resumes').insert({ user_id: owner.id, description: 'Uploaded', is_generated: false, is_published: false, disabled: false, created_at: now, updated_at: now }).returning('id')) as Array<{ id: number } | number>;
      return typeof row === 'number' ? row : row!.id;
    });
    expect((await publish(owner, id)).json<{ message: string }>().message).toBe('Only a generated resume can be edited or published.');
    expect((await edit(owner, id, {})).statusCode).toBe(409);
  });
});

describe('only the owner', () => {
  it('another person\'s resume is refused on every call, as a resume that does not exist', async () => {
    const id = (await create(owner)).json<{ resumeId: number }>().resumeId;
    const key = (await edit(owner, id, { educationIds: [ids.education[0]!] })).json<{ fileKey: string }>().fileKey;
    const before = await resumeRow(id);
    for (const res of [await view(other, id), await edit(other, id, {}), await publish(other, id), await download(other, key), await view(owner, 999999)]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await view(other, id)).json<{ message: string }>().message).toBe((await view(owner, 999999)).json<{ message: string }>().message);
    expect(await resumeRow(id)).toEqual(before);
    const grid = await t.post('/api/grid', { entityTypeId: 10, formId: 9, from: 1, to: 50, primaryEntity: { Id: owner.id, EntityTypeId: 1 } }, other.token);
    expect(grid.body === 'No Data' || grid.statusCode === 403).toBe(true);
  });

  it('the owner\'s grid lists their resumes', async () => {
    const grid = await t.post('/api/grid', { entityTypeId: 10, formId: 9, from: 1, to: 50 }, owner.token);
    expect(grid.statusCode).toBe(200);
    const rows = grid.json<{ gridData: { userId: number; isGenerated: boolean }[] }>().gridData;
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.userId === owner.id)).toBe(true);
  });
});

describe('the feature switch', () => {
  it('while Resume is off every resume call, the grid and form calls of entities 10 and 30, and the routes are refused', async () => {
    const id = (await create(owner)).json<{ resumeId: number }>().resumeId;
    const key = (await edit(owner, id, {})).json<{ fileKey: string }>().fileKey;
    await setResume(false);
    try {
      const answers = [
        await create(owner), await view(owner, id), await edit(owner, id, {}), await publish(owner, id), await download(owner, key),
        await t.post('/api/grid', { entityTypeId: 10, formId: 9, from: 1, to: 5 }, owner.token),
        await t.post('/api/grid/summary', { entityTypeId: 10, formId: 9, from: 1, to: 5 }, owner.token),
        await t.post('/api/form', { formid: 26 }, owner.token),
        await t.post('/api/form', { formid: 9 }, owner.token),
        await t.post('/api/form/formresponse', { response: { formId: 26, elementResponses: REFERENCE('Eve Stone').values } }, owner.token),
        await t.post('/api/grid/delete', { entityTypeId: 10, entityId: id }, owner.token),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json<{ message: string }>().message).toBe('The Resume feature is not available in this registry.');
      }
      const metadata = (await t.get('/api/metadata', owner.token)).json<{ routes: { id: string }[]; tenant: { features: Record<string, boolean> } }>();
      expect(metadata.routes.some((r) => r.id === 'dashboard-resume-menu')).toBe(false);
      expect(metadata.tenant.features.Resume).toBe(false);
    } finally {
      await setResume(true);
    }
    const on = (await t.get('/api/metadata', owner.token)).json<{ routes: { id: string }[]; tenant: { features: Record<string, boolean> } }>();
    expect(on.routes.some((r) => r.id === 'dashboard-resume-menu')).toBe(true);
    expect(on.tenant.features.Resume).toBe(true);
  });

  it.each(['tn', 'al', 'jh'])('the tenant %s keeps it off by default', async (tenant) => {
    const app = await startTestApp(tenant);
    try {
      const u = await app.user(['100'], 'Nia');
      expect((await app.post('/api/generatedResume/create', {}, u.token)).statusCode).toBe(404);
      const metadata = (await app.get('/api/metadata', u.token)).json<{ routes: { id: string }[] }>();
      expect(metadata.routes.some((r) => r.id === 'dashboard-resume-menu')).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('al drops Community Service and References from the resume', async () => {
    const app = await startTestApp('al');
    try {
      await setFeature(app, 'Resume', true);
      const u = await app.user(['100'], 'Ada');
      const id = (await app.post('/api/generatedResume/create', {}, u.token)).json<{ resumeId: number }>().resumeId;
      const fields = (await app.get(`/api/generatedResume/viewFields?resumeId=${id}`, u.token)).json<{ sections: { id: string }[] }>();
      expect(fields.sections.map((s) => s.id)).toEqual(['education', 'employment', 'certifications', 'memberships']);
      const res = await app.post('/api/generatedResume/edit', { resumeId: id, description: 'x', idsList: { referenceIds: [] } }, u.token);
      expect(res.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
