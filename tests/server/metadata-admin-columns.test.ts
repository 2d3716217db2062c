import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTenants } from '../../server/metadata/load-metadata.js';
import { compileLayer, tenantFiles } from '../../server/domain/metadata-admin/metadata-layer.js';
import { columnReader, missingColumns } from '../../server/domain/metadata-admin/metadata-columns.js';
import { EDU, LEVEL, gridPage } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * A table entity changed in the administrators' layer reads columns the database must have: a
 * field added without `"storage": "extension"`, a missing table, or extension fields on a table
 * with no `ext` are refused at publish with their pointer (never a 500 on every later read); an
 * extension field added to education through the API is saved, filtered and sorted. Runs on
 * SQLite and (DATABASE_URL) PostgreSQL.
 */
let t: TestApp;
let admin: TestUser;
let pro: TestUser;
const API = '/api/admin/metadata';
const MENTOR = 2991;

const send = (method: 'PUT' | 'POST' | 'DELETE' | 'GET', url: string, body?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${admin.token}` }, ...(body === undefined ? {} : { payload: body as object }) });
const draft = (value: unknown, kind: string, id: string) => send('PUT', '/draft', { kind, id, value });
const documentOf = async <T>(kind: string, id: string) => (await send('GET', `/document?kind=${kind}&id=${id}`)).json<{ value: T }>().value;
type Problems = { message: string; problems: Array<{ file: string; pointer: string; message: string }> };

interface EntityDoc { fields: Array<Record<string, unknown>>; [key: string]: unknown }

beforeAll(async () => {
  t = await startTestApp('tn');
  admin = await t.user(['AdminUser'], 'ada');
  pro = await t.user(['100'], 'pat');
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('the columns a changed table entity reads', () => {
  it('are all there for every table entity of every tenant\'s files', async () => {
    const columnsOf = columnReader(t.database.db.knex);
    let checked = 0;
    for (const tenant of listTenants(t.config.rootDir)) {
      const registry = compileLayer(tenantFiles(t.config, tenant), {}, tenant).registry!;
      for (const entity of registry.entities.values()) {
        expect(await missingColumns(columnsOf, entity), `${tenant} entity ${entity.id}`).toEqual([]);
        if (entity.storage.kind === 'table') checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('refuses a field added to education without "storage": "extension", with its pointer', async () => {
    const education = await documentOf<EntityDoc>('entity', '4');
    const fields = [...education.fields, { id: 'mentorName', type: 'string', label: 'Mentor Name', maxLength: 40 }];
    const saved = (await draft({ ...education, fields }, 'entity', '4')).json<Problems>();
    expect(saved.problems[0]).toMatchObject({ file: 'admin:entities/4.json', pointer: `/fields/${fields.length - 1}` });
    expect(saved.problems[0]!.message).toMatch(/mentorName.*"storage": "extension"/);
    const versions = await t.count('metadata_versions');
    const res = await send('POST', '/publish', { comment: 'mentor' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Problems>().message).toMatch(new RegExp(`admin:entities/4\\.json /fields/${fields.length - 1}: .*"storage": "extension"`));
    expect(await t.count('metadata_versions')).toBe(versions);
    await send('DELETE', '/drafts');
  });

  it('refuses a table entity on a missing table, and extension fields on a table with no ext column', async () => {
    const entity = {
      id: 9101, name: 'Nowhere', displayName: 'Nowhere', storage: { kind: 'table', table: 'no_such_table' },
      fields: [{ id: 'title', type: 'string', label: 'Title', maxLength: 40 }], access: { read: { rule: 'isManager' } },
    };
    const missing = (await draft(entity, 'entity', '9101')).json<Problems>();
    expect(missing.problems.map((p) => p.pointer)).toEqual(['/storage/table']);
    expect((await send('POST', '/publish', { comment: 'nowhere' })).statusCode).toBe(400);
    // metadata_versions exists, has a comment column, and no ext: its extension field is refused
    const noExt = { ...entity, storage: { kind: 'table', table: 'metadata_versions' }, access: { read: { rule: 'isManager' }, update: { rule: 'isManager' } }, fields: [{ id: 'comment', type: 'string', label: 'Comment' }, { id: 'note', type: 'string', label: 'Note', storage: 'extension' }] };
    const refused = (await draft(noExt, 'entity', '9101')).json<Problems>();
    expect(refused.problems.map((p) => p.pointer)).toEqual(['/fields/1']);
    expect(refused.problems[0]!.message).toMatch(/no ext column/);
    await send('DELETE', '/drafts');
  });
});

describe('an extension field added to education through the API', () => {
  it('publishes, and is saved, filtered and sorted in the grid', async () => {
    const education = await documentOf<EntityDoc>('entity', '4');
    expect((await draft({ ...education, fields: [...education.fields, { id: 'mentorName', type: 'string', label: 'Mentor Name', maxLength: 40, storage: 'extension' }] }, 'entity', '4')).json()).toEqual({ problems: [] });
    const form = await documentOf<{ elements: unknown[] }>('form', '2');
    await draft({ ...form, elements: [...form.elements, { id: MENTOR, type: 'text', stimulus: 'Mentor Name', field: 'mentorName', width: 6 }] }, 'form', '2');
    const grid = await documentOf<{ columns: unknown[] }>('grid', 'education');
    const saved = await draft({ ...grid, columns: [...grid.columns, { columnName: 'Mentor Name', propertyName: 'mentorName', sortable: true, filterable: true }] }, 'grid', 'education');
    expect(saved.json()).toEqual({ problems: [] });
    const res = await send('POST', '/publish', { comment: 'mentor name' });
    expect(res.statusCode, res.body).toBe(200);

    for (const [school, mentor] of [['Birch College', 'Zoe'], ['Aspen College', 'Mia'], ['Cedar College', null]] as const) {
      const elementResponses = [{ formElementId: EDU.level, value: LEVEL.bachelor }, { formElementId: EDU.school, value: school }, { formElementId: EDU.status, value: '2' }, { formElementId: MENTOR, value: mentor }];
      const made = await t.post('/api/form/formresponse', { response: { formId: 2, elementResponses } }, pro.token);
      expect(made.statusCode, made.body).toBe(200);
    }
    const schools = async (body: Record<string, unknown>) => {
      const page = await gridPage(t, pro.token, { entityTypeId: 4, formId: 2, from: 1, to: 20, ...body });
      expect(page.status, page.body).toBe(200);
      return page.rows.map((r) => r.school);
    };
    expect(await schools({ sortInfo: { column: 'mentorName', direction: 'Descending' } })).toEqual(['Birch College', 'Aspen College', 'Cedar College']);
    expect(await schools({ filterInfo: { column: 'mentorName', operation: 'Contains', value: 'zo' } })).toEqual(['Birch College']);
    const row = (await t.database.db.knex('education').where({ school: 'Aspen College' }).first('ext')) as { ext: unknown };
    expect(typeof row.ext === 'string' ? JSON.parse(row.ext) : row.ext).toEqual({ mentorName: 'Mia' });
  });
});
