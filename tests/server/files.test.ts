import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/domain/identity.js';
import { storeFile } from '../../server/domain/files/file-commit.js';
import { downloadedRecordFile, recordFileDownloads } from '../../server/domain/files/file-downloads.js';
import * as sample from '../support/file-samples.js';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../support/test-app.js';
import { EDUCATION, EDU_FILE_ELEMENT, multipartBody, saveEducationWithFile, upload, uploaded } from '../support/uploads.js';

/** A cap small enough to test with small files. */
const CAP = 64 * 1024;
let t: TestApp;
const people: Record<string, { id: number; token: string }> = {};

async function person(name: string, roles: { role: string; organizationId?: number }[]) {
  const email = `${name}@files.registry.test`;
  const row = await createUser(t.database.db.knex, t.registry, { email, password: TEST_PASSWORD, firstName: name, lastName: 'Files', roles, confirmed: true, firstTime: false }, null);
  const jwt = JSON.parse((await t.post('/api/auth/login', { userName: email, password: TEST_PASSWORD })).json<{ jwt: string }>().jwt) as { auth_token: string };
  people[name] = { id: row.id, token: jwt.auth_token };
}
const token = (name: string) => people[name]!.token;
const onDisk = (key: string) => existsSync(join(t.database.dataDir, 'files', key.slice(0, 2), key));
const tempFiles = () => (existsSync(join(t.database.dataDir, 'files', 'tmp')) ? readdirSync(join(t.database.dataDir, 'files', 'tmp')) : []);
const fileRow = (key: string) => t.database.db.knex('files').where({ key }).first();
const audits = (action: string) => t.database.db.knex('audit').where({ action }).orderBy('id');
const del = (who: string, body: Record<string, unknown>) => t.app.inject({ method: 'DELETE', url: '/api/file', payload: body, headers: { authorization: `Bearer ${token(who)}` } });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

async function educationWithFile(owner: string, school: string, fileName = 'diploma.pdf') {
  const f = await uploaded(t, token(owner), { fileName, bytes: sample.pdf(school) });
  const res = await saveEducationWithFile(t, token(owner), school, f.fileKey);
  expect(res.statusCode, res.body).toBe(200);
  return { file: f, recordId: res.json<{ Id: number }>().Id };
}

beforeAll(async () => {
  t = await startTestApp('tn', { FILE_MAX_BYTES: String(CAP) });
  const now = new Date().toISOString();
  const [acorns] = (await t.database.db.knex('organizations').insert({ organization_name: 'Acorns', created_at: now, updated_at: now }).returning('id'))
    .map((r: { id: number } | number) => (typeof r === 'object' ? r.id : r));
  await person('ana', [{ role: '100', organizationId: acorns }]);
  await person('ben', [{ role: '100' }]);
  await person('dora', [{ role: '100', organizationId: acorns }, { role: '200', organizationId: acorns }]);
  await person('max', [{ role: '400' }]);
  const res = await t.post('/api/userorganizationroles/roleswitch', { role: '200' }, token('dora'));
  people.dora!.token = (JSON.parse(res.json<{ jwt: string }>().jwt) as { auth_token: string }).auth_token;
});
afterAll(async () => { await t.close(); });

describe('POST /api/file/upload: the type is decided by the bytes', () => {
  it.each<[string, string, () => Uint8Array]>([
    ['transcript.pdf', 'application/pdf', sample.pdf],
    ['letter.doc', 'application/msword', sample.doc],
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sample.docx],
    ['scan.bmp', 'image/bmp', sample.bmp],
    ['photo.heic', 'image/heic', sample.heic],
    ['photo.jpg', 'image/jpeg', sample.jpeg],
    ['photo.pjpeg', 'image/jpeg', sample.pjpeg],
    ['scan.png', 'image/png', sample.png],
    ['scan.tiff', 'image/tiff', sample.tiffBig],
    ['photo.webp', 'image/webp', sample.webp],
  ])('accepts %s as %s', async (fileName, contentType, make) => {
    const res = await upload(t, token('ana'), { fileName, bytes: make(), contentType: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json<{ fileId: number; fileName: string; fileKey: string; contentType: string; size: number }>();
    expect(f).toMatchObject({ fileName, contentType, size: make().length });
    expect(f.fileKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(onDisk(f.fileKey)).toBe(true);
  });

  it('accepts PNG bytes named .pdf as a PNG and keeps the name', async () => {
    const f = await uploaded(t, token('ana'), { fileName: 'transcript.pdf', bytes: sample.png(), contentType: 'application/pdf' });
    expect(f).toMatchObject({ fileName: 'transcript.pdf', contentType: 'image/png' });
    const res = await t.get(`/api/file/u/${f.fileKey}`, token('ana'));
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each<[string, () => Uint8Array]>([
    ['setup.pdf (an executable renamed)', sample.exe],
    ['budget.doc (an Excel 97 file)', sample.xls],
    ['budget.docx (an xlsx)', sample.xlsx],
    ['page.pdf (HTML)', sample.html],
    ['logo.png (SVG)', sample.svg],
    ['anim.jpg (GIF)', sample.gif],
  ])('refuses %s: nothing is stored', async (label, make) => {
    const [files, audit] = [await t.count('files'), await t.count('audit')];
    const res = await upload(t, token('ana'), { fileName: label.split(' ')[0]!, bytes: make(), contentType: 'application/pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The file type is not supported.', errors: { file: 'The file type is not supported.' } });
    expect([await t.count('files'), await t.count('audit')]).toEqual([files, audit]);
    expect(tempFiles()).toEqual([]);
  });
});

describe('size cap, empty files and bad requests', () => {
  const padded = (size: number) => { const b = new Uint8Array(size).fill(0x20); b.set(sample.pdf()); return b; };

  it('takes a file of exactly the cap and refuses one byte more with a clear message', async () => {
    expect((await upload(t, token('ana'), { fileName: 'big.pdf', bytes: padded(CAP) })).statusCode).toBe(200);
    const files = await t.count('files');
    const res = await upload(t, token('ana'), { fileName: 'bigger.pdf', bytes: padded(CAP + 1) });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('The file is too large. Files of up to 64 KB can be uploaded.');
    expect(await t.count('files')).toBe(files);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses an empty file', async () => {
    const res = await upload(t, token('ana'), { fileName: 'empty.pdf', bytes: new Uint8Array() });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Please select a file.');
  });

  it.each<[string, Record<string, string>, string]>([
    ['no file set id', { fileSetId: '' }, 'fileSetId'],
    ['a file set id with other characters', { fileSetId: '../../etc/passwd' }, 'fileSetId'],
    ['no entity type', { entityTypeId: 'x' }, 'entityTypeId'],
    ['an element that is not a file upload', { formElementId: '2001' }, 'formElementId'],
    ['an element of another entity type', { entityTypeId: '7' }, 'formElementId'],
    ['an unknown element', { formElementId: '999999' }, 'formElementId'],
  ])('refuses %s', async (_name, override, field) => {
    const fields = { fileSetId: 'set-12345678', entityTypeId: String(EDUCATION), formElementId: String(EDU_FILE_ELEMENT), ...override };
    const { payload, contentType } = multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', file: { fileName: 'a.pdf', bytes: sample.pdf() } }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token('ana')}` } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string> }>().errors)).toContain(field);
  });

  it.each<[string, () => ReturnType<typeof multipartBody>]>([
    ['an unknown field', () => multipartBody([{ name: 'owner', value: '1' }, { name: 'file', file: { fileName: 'a.pdf', bytes: sample.pdf() } }])],
    ['a file under another name', () => multipartBody([{ name: 'upload', file: { fileName: 'a.pdf', bytes: sample.pdf() } }])],
    ['two files', () => multipartBody([{ name: 'file', file: { fileName: 'a.pdf', bytes: sample.pdf() } }, { name: 'file', file: { fileName: 'b.pdf', bytes: sample.pdf() } }])],
  ])('refuses a body with %s', async (_name, body) => {
    const { payload, contentType } = body();
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token('ana')}` } });
    expect(res.statusCode).toBe(400);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses JSON and a broken multipart body with 400, and anyone signed out with 401', async () => {
    expect((await t.post('/api/file/upload', { file: 'x' }, token('ana'))).statusCode).toBe(400);
    const broken = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: 'not multipart at all', headers: { 'content-type': 'multipart/form-data; boundary=zzz', authorization: `Bearer ${token('ana')}` } });
    expect(broken.statusCode).toBe(400);
    expect((await upload(t, undefined, { fileName: 'a.pdf', bytes: sample.pdf() })).statusCode).toBe(401);
  });
});

describe('file sets: duplicate names and the one-file rule', () => {
  it('refuses the same name again in a set (any case), then a second file for a single element', async () => {
    const first = await uploaded(t, token('ana'), { fileName: 'Diploma.pdf', bytes: sample.pdf() });
    const again = await upload(t, token('ana'), { fileName: 'diploma.PDF', bytes: sample.pdf(), fileSetId: first.fileSetId });
    expect(again.statusCode).toBe(400);
    expect(message(again)).toBe('A file with the name has already been uploaded.');
    const second = await upload(t, token('ana'), { fileName: 'other.pdf', bytes: sample.pdf(), fileSetId: first.fileSetId });
    expect(second.statusCode).toBe(400);
    expect(message(second)).toBe('Only one file can be uploaded to this record.');
  });

  it('allows a new file in the set once the first was deleted', async () => {
    const first = await uploaded(t, token('ana'), { fileName: 'first.pdf', bytes: sample.pdf() });
    expect((await del('ana', { fileKey: first.fileKey, entityTypeId: EDUCATION })).statusCode).toBe(200);
    expect((await upload(t, token('ana'), { fileName: 'first.pdf', bytes: sample.pdf(), fileSetId: first.fileSetId })).statusCode).toBe(200);
  });

  it('two uploads of one name into one set at the same moment: one is stored, the other refused', async () => {
    const fileSetId = 'race-set-0001';
    const answers = await Promise.all([1, 2].map(() => upload(t, token('ana'), { fileName: 'same.pdf', bytes: sample.pdf(), fileSetId })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(Number((await t.database.db.knex('files').where({ file_set_id: fileSetId }).count({ n: '*' }).first())!.n)).toBe(1);
    expect(tempFiles()).toEqual([]);
  });

  it("refuses uploads into another person's file set", async () => {
    const anas = await uploaded(t, token('ana'), { fileName: 'mine.pdf', bytes: sample.pdf() });
    const res = await upload(t, token('ben'), { fileName: 'theirs.pdf', bytes: sample.pdf(), fileSetId: anas.fileSetId });
    expect(res.statusCode).toBe(403);
  });
});

describe('files on records', () => {
  it('attaches the upload to the record in the save, with audit rows, and lists it in the form definition', async () => {
    const { file, recordId } = await educationWithFile('ana', 'Belmont University');
    expect(await fileRow(file.fileKey)).toMatchObject({ entity_type_id: EDUCATION, owner_user_id: people.ana!.id, uploaded_by: people.ana!.id });
    expect(Number((await fileRow(file.fileKey)).entity_id)).toBe(recordId);
    expect((await t.database.db.knex('education').where({ id: recordId }).first()).file_key).toBe(file.fileKey);
    expect((await audits('file.attach')).map((a) => Number(a.entity_id))).toContain(recordId);
    const definition = await t.post('/api/form', { formid: 2, entities: [{ Id: recordId, EntityTypeId: EDUCATION }] }, token('ana'));
    const element = definition.json<{ elements: { id: number; value: string; files: { fileName: string; fileKey: string }[] }[] }>().elements.find((e) => e.id === EDU_FILE_ELEMENT)!;
    expect(element.value).toBe(file.fileKey);
    expect(element.files).toEqual([expect.objectContaining({ fileName: 'diploma.pdf', fileKey: file.fileKey, fileId: file.fileId })]);
  });

  it('works for any form with a file element: a certificate on a certification record (one file only)', async () => {
    const cert = await uploaded(t, token('ana'), { fileName: 'cda.png', bytes: sample.png(), entityTypeId: 7, formElementId: 5007 });
    const second = await upload(t, token('ana'), { fileName: 'other.png', bytes: sample.png(), entityTypeId: 7, formElementId: 5007, fileSetId: cert.fileSetId });
    expect(message(second)).toBe('Only one file can be uploaded to this record.');
    const res = await t.post('/api/form/formresponse', { response: { formId: 5, elementResponses: [
      { formElementId: 5001, value: '1' }, { formElementId: 5002, value: 'Child Development Associate' }, { formElementId: 5003, value: 'Council for Professional Recognition' },
      { formElementId: 5005, value: '2019-03-01' }, { formElementId: 5007, value: cert.fileKey },
    ] } }, token('ana'));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ Id: number }>().Id;
    expect((await t.database.db.knex('certification').where({ id }).first()).file_key).toBe(cert.fileKey);
    expect(await fileRow(cert.fileKey)).toMatchObject({ entity_type_id: 7 });
    expect(Number((await fileRow(cert.fileKey)).entity_id)).toBe(id);
    expect((await t.get(`/api/file/u/${cert.fileKey}`, token('dora'))).statusCode).toBe(200);
  });

  it("refuses a save naming another person's upload, and writes nothing", async () => {
    const bens = await uploaded(t, token('ben'), { fileName: 'ben.pdf', bytes: sample.pdf() });
    const before = await t.count('education');
    const res = await saveEducationWithFile(t, token('ana'), 'Stolen Key College', bens.fileKey);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors[EDU_FILE_ELEMENT]).toBe('The file could not be found. Please upload it again.');
    expect(await t.count('education')).toBe(before);
    expect((await fileRow(bens.fileKey)).entity_id).toBeNull();
  });

  it('replacing the file deletes the old one (row kept, bytes gone) and attaches the new one', async () => {
    const { file, recordId } = await educationWithFile('ana', 'Lipscomb University');
    const next = await uploaded(t, token('ana'), { fileName: 'transcript.pdf', bytes: sample.pdf('new') });
    expect((await saveEducationWithFile(t, token('ana'), 'Lipscomb University', next.fileKey, recordId)).statusCode).toBe(200);
    expect((await fileRow(file.fileKey)).deleted_at).not.toBeNull();
    expect(onDisk(file.fileKey)).toBe(false);
    expect(Number((await fileRow(next.fileKey)).entity_id)).toBe(recordId);
    expect((await t.get(`/api/file/u/${file.fileKey}`, token('ana'))).statusCode).toBe(404);
  });

  it('keeps a value the record already held that is not a file of ours (names kept before the file API)', async () => {
    const { recordId } = await educationWithFile('ana', 'Legacy College');
    await t.database.db.knex('education').where({ id: recordId }).update({ file_key: 'old-transcript.pdf' });
    await t.database.db.knex('files').where({ entity_id: recordId, entity_type_id: EDUCATION }).update({ deleted_at: new Date().toISOString() });
    const res = await saveEducationWithFile(t, token('ana'), 'Legacy College', 'old-transcript.pdf', recordId);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('GET /api/file: headers and who may download', () => {
  it('answers the bytes with the type, the original name (safely encoded) and nosniff', async () => {
    const bytes = sample.pdf('Résumé');
    const f = await uploaded(t, token('ana'), { fileName: 'Résumé (final); v2.pdf', bytes });
    const res = await t.get(`/api/file/u/${f.fileKey}`, token('ana'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="R_sum_ (final); v2.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%3B%20v2.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(new Uint8Array(res.rawPayload)).toEqual(bytes);
    const inline = await t.get(`/api/file/c/${f.fileId}`, token('ana'));
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename=/);
    const link = await t.get(`/api/file/l/${f.fileKey}`, token('ana'));
    expect(link.json()).toEqual({ fileId: f.fileId, fileName: 'Résumé (final); v2.pdf', fileSetId: f.fileSetId, fileKey: f.fileKey, contentType: 'application/pdf', size: bytes.length, url: `/api/file/u/${f.fileKey}` });
  });

  it("a pending upload is only its uploader's; professional B never gets A's file by key or id", async () => {
    const pending = await uploaded(t, token('ana'), { fileName: 'pending.pdf', bytes: sample.pdf() });
    const { file } = await educationWithFile('ana', 'Vanderbilt University');
    for (const f of [pending, file]) {
      for (const url of [`/api/file/u/${f.fileKey}`, `/api/file/l/${f.fileKey}`, `/api/file/c/${f.fileId}`]) {
        const res = await t.get(url, token('ben'));
        expect(res.statusCode, url).toBe(404);
        expect(message(res)).toBe('File not found.');
      }
    }
    expect((await t.get(`/api/file/u/${pending.fileKey}`, token('dora'))).statusCode).toBe(404);
    expect((await t.get('/api/file/u/NoSuchKeyNoSuchKeyNoSuchKey12345', token('ana'))).statusCode).toBe(404);
    expect((await t.get(`/api/file/s/${file.fileKey}`, token('ana'))).statusCode).toBe(404);
    expect((await t.get(`/api/file/u/${file.fileKey}`)).statusCode).toBe(401);
  });

  it("a director of A's organization downloads A's record file, logged for verification; not as a professional", async () => {
    const { file, recordId } = await educationWithFile('ana', 'Tennessee State University');
    expect(await downloadedRecordFile(t.database.db.knex, people.dora!.id, EDUCATION, recordId)).toBe(false);
    expect((await t.get(`/api/file/u/${file.fileKey}`, token('dora'))).statusCode).toBe(200);
    expect(await downloadedRecordFile(t.database.db.knex, people.dora!.id, EDUCATION, recordId)).toBe(true);
    expect(await downloadedRecordFile(t.database.db.knex, people.ben!.id, EDUCATION, recordId)).toBe(false);
    expect(await recordFileDownloads(t.database.db.knex, EDUCATION, recordId)).toEqual([expect.objectContaining({ userId: people.dora!.id, fileId: file.fileId })]);
    expect((await t.get(`/api/file/u/${file.fileKey}`, token('max'))).statusCode).toBe(200);
    const asPro = JSON.parse((await t.post('/api/userorganizationroles/roleswitch', { role: '100' }, token('dora'))).json<{ jwt: string }>().jwt) as { auth_token: string };
    expect((await t.get(`/api/file/u/${file.fileKey}`, asPro.auth_token)).statusCode).toBe(404);
  });

  it('a download of a file since replaced does not count as having seen the record', async () => {
    const { file, recordId } = await educationWithFile('ana', 'Fisk University');
    expect((await t.get(`/api/file/c/${file.fileId}`, token('dora'))).statusCode).toBe(200);
    expect(await downloadedRecordFile(t.database.db.knex, people.dora!.id, EDUCATION, recordId)).toBe(true);
    const next = await uploaded(t, token('ana'), { fileName: 'new.pdf', bytes: sample.pdf() });
    expect((await saveEducationWithFile(t, token('ana'), 'Fisk University', next.fileKey, recordId)).statusCode).toBe(200);
    expect(await downloadedRecordFile(t.database.db.knex, people.dora!.id, EDUCATION, recordId)).toBe(false);
  });
});

describe('system files (s) and reports (r)', () => {
  it('a system file is for everyone signed in, only at /s/', async () => {
    const guide = await storeFile(t.app.ctx, { kind: 's', name: 'User Guide.pdf', contentType: 'application/pdf', ownerUserId: null, actorId: people.max!.id }, sample.pdf('guide'));
    for (const who of ['ana', 'ben']) expect((await t.get(`/api/file/s/${guide.fileKey}`, token(who))).statusCode).toBe(200);
    expect((await t.get(`/api/file/u/${guide.fileKey}`, token('ana'))).statusCode).toBe(404);
    expect((await t.get(`/api/file/s/${guide.fileKey}`)).statusCode).toBe(401);
    expect((await t.get(`/api/file/l/${guide.fileKey}`, token('ben'))).json()).toMatchObject({ fileName: 'User Guide.pdf', url: `/api/file/s/${guide.fileKey}` });
  });

  it("a report is its owner's (and their record readers'), never another professional's, and cannot be deleted by the API", async () => {
    const report = await storeFile(t.app.ctx, { kind: 'r', name: 'TrainingReport.pdf', contentType: 'application/pdf', ownerUserId: people.ana!.id, entityTypeId: 1, entityId: people.ana!.id, actorId: people.ana!.id }, sample.pdf('report'));
    expect((await t.get(`/api/file/r/${report.fileKey}`, token('ana'))).statusCode).toBe(200);
    expect((await t.get(`/api/file/r/${report.fileKey}`, token('max'))).statusCode).toBe(200);
    expect((await t.get(`/api/file/r/${report.fileKey}`, token('ben'))).statusCode).toBe(404);
    expect((await del('ana', { fileKey: report.fileKey, entityTypeId: 1 })).statusCode).toBe(403);
  });
});

describe('DELETE /api/file', () => {
  it('deletes a pending upload of its uploader: row marked, bytes gone, audited', async () => {
    const f = await uploaded(t, token('ana'), { fileName: 'gone.pdf', bytes: sample.pdf() });
    expect((await del('ben', { fileKey: f.fileKey, entityTypeId: EDUCATION })).statusCode).toBe(404);
    const res = await del('ana', { fileKey: f.fileKey, entityTypeId: EDUCATION });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fileId: f.fileId, fileKey: f.fileKey, deleted: true });
    expect((await fileRow(f.fileKey)).deleted_at).not.toBeNull();
    expect(onDisk(f.fileKey)).toBe(false);
    expect((await audits('file.delete')).some((a) => JSON.parse(a.detail).fileId === f.fileId)).toBe(true);
    expect((await del('ana', { fileKey: f.fileKey, entityTypeId: EDUCATION })).statusCode).toBe(404);
  });

  it("deletes a record's file for whoever may change the record, and the record stops naming it", async () => {
    const { file, recordId } = await educationWithFile('ana', 'Austin Peay State University');
    expect((await del('ben', { fileKey: file.fileKey, entityTypeId: EDUCATION, primaryEntityId: people.ana!.id })).statusCode).toBe(404);
    expect((await del('dora', { fileKey: file.fileKey, entityTypeId: EDUCATION, primaryEntityId: people.ana!.id })).statusCode).toBe(403);
    expect((await del('ana', { fileKey: file.fileKey, entityTypeId: 7, primaryEntityId: people.ana!.id })).statusCode).toBe(404);
    expect((await del('ana', { fileKey: file.fileKey, entityTypeId: EDUCATION, primaryEntityId: people.ben!.id })).statusCode).toBe(404);
    const res = await del('ana', { fileId: file.fileId, entityTypeId: EDUCATION, primaryEntityId: people.ana!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.database.db.knex('education').where({ id: recordId }).first()).file_key).toBeNull();
    expect(onDisk(file.fileKey)).toBe(false);
  });

  it('refuses while the record is locked for verification, and changes nothing', async () => {
    const { file, recordId } = await educationWithFile('ana', 'Union University');
    await t.database.db.knex('education').where({ id: recordId }).update({ verification_status: 'Requested' });
    const res = await del('ana', { fileKey: file.fileKey, entityTypeId: EDUCATION, primaryEntityId: people.ana!.id });
    expect(res.statusCode).toBe(409);
    expect((await fileRow(file.fileKey)).deleted_at).toBeNull();
    expect(onDisk(file.fileKey)).toBe(true);
  });

  it.each([
    [{ entityTypeId: EDUCATION }],
    [{ fileKey: 'abc', fileId: 3, entityTypeId: EDUCATION }],
    [{ fileKey: 'abc', entityTypeId: EDUCATION, owner: 1 }],
  ])('refuses the body %j with 400', async (body) => {
    expect((await del('ana', body)).statusCode).toBe(400);
  });
});

describe('abandoned uploads', () => {
  it("deletes the uploader's pending files older than a day at their next upload", async () => {
    const old = await uploaded(t, token('ben'), { fileName: 'old.pdf', bytes: sample.pdf() });
    await t.database.db.knex('files').where({ key: old.fileKey }).update({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() });
    await uploaded(t, token('ben'), { fileName: 'new.pdf', bytes: sample.pdf() });
    expect((await fileRow(old.fileKey)).deleted_at).not.toBeNull();
    expect(onDisk(old.fileKey)).toBe(false);
  });
});

describe('the default cap', () => {
  it('takes a 2 MB file (past the 512 KiB limit of JSON bodies) and refuses one over 10 MB', async () => {
    const app = await startTestApp('tn');
    try {
      const owner = await app.user(['100'], 'big');
      const big = (size: number) => { const b = new Uint8Array(size).fill(0x20); b.set(sample.pdf()); return b; };
      expect((await upload(app, owner.token, { fileName: 'scan.pdf', bytes: big(2 * 1024 * 1024) })).statusCode).toBe(200);
      const res = await upload(app, owner.token, { fileName: 'huge.pdf', bytes: big(10 * 1024 * 1024 + 1) });
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe('The file is too large. Files of up to 10 MB can be uploaded.');
    } finally {
      await app.close();
    }
  });
});
