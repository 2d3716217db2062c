import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPage } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';
import { applyDrafts } from '../../engine/metadata/admin-documents.js';
import { draftCompile, tenantFiles } from '../../server/domain/metadata-admin/metadata-layer.js';
import { publishLayer } from '../../server/domain/metadata-admin/metadata-publish.js';
import { draftsOf, publishedLayer } from '../../server/data/metadata-store.js';

/**
 * The administrators' metadata layer (issue 13): drafts, publish with the metadata:check problems,
 * versions, diff, rollback, export and import, a new record type made through the API and used by
 * a professional. Runs on SQLite and (DATABASE_URL) PostgreSQL.
 */
let t: TestApp;
let admin: TestUser;
let pro: TestUser;
const API = '/api/admin/metadata';

const send = (method: 'PUT' | 'POST' | 'DELETE' | 'GET', url: string, token: string, body?: unknown) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
const draft = (value: unknown, kind: string, id: string, token = admin.token) => send('PUT', '/draft', token, { kind, id, value });
const publish = (comment: string, extra: Record<string, unknown> = {}) => send('POST', '/publish', admin.token, { comment, ...extra });
const metadataOf = async (token?: string) => (await t.get('/api/metadata', token)).json<{ routes: Array<{ id: string }>; texts: Record<string, string>; forms: Array<{ id: number }> }>();

const THING_ENTITY = {
  id: 9001, name: 'Thing', displayName: 'Thing', storage: { kind: 'records' }, ownerField: 'userId', displayField: 'title',
  fields: [{ id: 'userId', type: 'integer', label: 'Person', system: true }, { id: 'title', type: 'string', label: 'Title', maxLength: 100 }, { id: 'importedFrom', type: 'string', label: 'Imported from', system: true }],
  access: { read: { or: [{ rule: 'isManager' }, { rule: 'ownsRow' }] }, create: { rule: 'managerOrOwner' }, update: { rule: 'managerOrOwner' }, disable: { rule: 'managerOrOwner' }, delete: { rule: 'managerOrOwner' } },
};
const THING_FORM = { id: 9001, entityTypeId: 9001, name: 'Thing', elements: [{ id: 900101, type: 'text', stimulus: 'Title', field: 'title', required: true, width: 6 }] };
const THING_GRID = { id: 'things', entityTypeId: 9001, formId: 9001, owner: 'primaryEntity', pageSize: 5, columns: [{ columnName: 'Title', propertyName: 'title', sortable: true, filterable: true }] };
const THING_ROUTE = { id: 'dashboard-things', path: 'things', parent: 'dashboard', requiresAuth: true, displayName: 'Things', sequence: 90, roles: ['100'], icon: 'star', screen: { kind: 'grid', gridId: 'things' } };

beforeAll(async () => {
  t = await startTestApp('tn');
  admin = await t.user(['AdminUser'], 'ada');
  pro = await t.user(['100'], 'pat');
}, 60_000);
afterAll(async () => { await t?.close(); });

describe('every call needs Metadata.write on the active role', () => {
  it('answers 403 to a professional and 401 without a token, on every route', async () => {
    const calls: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?]> = [
      ['GET', '/kinds'], ['GET', '/documents'], ['GET', '/document?kind=form&id=101'], ['PUT', '/draft', { kind: 'text', id: 'text', value: {} }],
      ['DELETE', '/draft?kind=form&id=101'], ['DELETE', '/drafts'], ['GET', '/drafts'], ['POST', '/validate', {}], ['POST', '/publish', { comment: 'x' }],
      ['GET', '/versions'], ['GET', '/diff?from=0&to=0'], ['POST', '/rollback', { number: 0, comment: 'x' }], ['GET', '/export'],
      ['POST', '/import', { files: {} }], ['GET', '/preview'],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(method, url, pro.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url: `${API}${url}`, ...(body === undefined ? {} : { payload: body as object }) });
      expect(anonymous.statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect(await t.count('metadata_drafts')).toBe(0);
  });
});

describe('drafts, publish, versions, diff and rollback', () => {
  it('lists documents by kind with their layers and shows where each value comes from', async () => {
    const docs = (await send('GET', '/documents', admin.token)).json<Array<{ kind: string; id: string; layers: string[]; system: boolean }>>();
    expect(docs.find((d) => d.kind === 'form' && d.id === '101')).toMatchObject({ layers: ['base'], system: true });
    expect(docs.find((d) => d.kind === 'tenant')).toMatchObject({ layers: ['tenant'] });
    const kinds = (await send('GET', '/kinds', admin.token)).json<Array<{ kind: string; schema: { type?: string } }>>();
    expect(kinds.find((k) => k.kind === 'route')?.schema.type).toBe('object');
    const detail = (await send('GET', '/document?kind=form&id=101', admin.token)).json<{ value: { name: string }; origins: Record<string, string> }>();
    expect(detail.value.name).toBe('Award or Honor');
    expect(detail.origins['/name']).toBe('base');
  });

  it('publishes a changed text: a new version, an audit row, the new metadata served at once with a new ETag', async () => {
    const before = await t.get('/api/metadata');
    const texts = (await send('GET', '/document?kind=text&id=text', admin.token)).json<{ value: Record<string, string> }>().value;
    const saved = await draft({ ...texts, 'metadataAdmin.noChange': 'Nothing changed.' }, 'text', 'text');
    expect(saved.json()).toEqual({ problems: [] });
    const detail = (await send('GET', '/document?kind=text&id=text', admin.token)).json<{ origins: Record<string, string> }>();
    expect(detail.origins['/metadataAdmin.noChange']).toBe('draft');
    expect(detail.origins['/metadataAdmin.noVersion']).toBe('base');
    const audits = await t.count('audit');
    const res = await publish('shorter wording');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ number: 1, action: 'publish', comment: 'shorter wording', changed: [{ kind: 'text', id: 'text' }] });
    expect(await t.count('audit')).toBe(audits + 1);
    expect(await t.count('metadata_drafts')).toBe(0);
    const after = await t.get('/api/metadata');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<{ texts: Record<string, string> }>().texts['metadataAdmin.noChange']).toBe('Nothing changed.');
    const layer = (await send('GET', '/export', admin.token)).json<{ files: Record<string, unknown> }>();
    expect(layer.files).toEqual({ 'texts/admin.json': { 'metadataAdmin.noChange': 'Nothing changed.' } });
    expect((await publish('again')).statusCode).toBe(400);
  });

  it('refuses an invalid change with the metadata:check message and pointer, and changes nothing', async () => {
    const grid = (await send('GET', '/document?kind=grid&id=award', admin.token)).json<{ value: Record<string, unknown> }>().value;
    const saved = await draft({ ...grid, formId: 424242 }, 'grid', 'award');
    const problems = saved.json<{ problems: Array<{ file: string; pointer: string; document?: unknown }> }>().problems;
    expect(problems[0]).toMatchObject({ file: 'admin:grids/award.json', pointer: '/formId', document: { kind: 'grid', id: 'award' } });
    const res = await publish('broken');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; problems: unknown[] }>();
    expect(body.message).toMatch(/^tn admin:grids\/award\.json \/formId: /);
    expect(body.problems.length).toBeGreaterThan(0);
    expect((await send('GET', '/versions', admin.token)).json<unknown[]>()).toHaveLength(1);
    expect((await send('DELETE', '/draft?kind=grid&id=award', admin.token)).json()).toEqual({ deleted: 1 });
  });

  it('diffs two versions and rolls back as a new version', async () => {
    const diff = (await send('GET', '/diff?from=0&to=1', admin.token)).json<{ documents: Array<{ kind: string; change: string; before: Record<string, string>; after: Record<string, string> }> }>();
    expect(diff.documents).toHaveLength(1);
    expect(diff.documents[0]).toMatchObject({ kind: 'text', change: 'changed' });
    expect(diff.documents[0]!.after['metadataAdmin.noChange']).toBe('Nothing changed.');
    const res = await send('POST', '/rollback', admin.token, { number: 0, comment: 'back to the files' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ number: 2, action: 'rollback', restored: 0 });
    expect((await metadataOf()).texts['metadataAdmin.noChange']).toBe('There is no change to publish.');
    const versions = (await send('GET', '/versions', admin.token)).json<Array<{ number: number; author: { id: number } }>>();
    expect(versions.map((v) => v.number)).toEqual([2, 1]);
    expect(versions[0]!.author.id).toBe(admin.id);
    expect((await send('POST', '/rollback', admin.token, { number: 99, comment: 'x' })).statusCode).toBe(400);
  });
});

describe('a new record type made through the API', () => {
  it('is used by a professional, then after a rollback leaves the menu while its rows stay', async () => {
    expect((await draft(THING_ENTITY, 'entity', '9001')).statusCode).toBe(200);
    expect((await draft(THING_FORM, 'form', '9001')).statusCode).toBe(200);
    expect((await draft(THING_GRID, 'grid', 'things')).statusCode).toBe(200);
    const checked = await draft(THING_ROUTE, 'route', 'dashboard-things');
    expect(checked.json()).toEqual({ problems: [] });
    const preview = await send('GET', '/preview', admin.token);
    expect(preview.json<{ routes: Array<{ id: string }> }>().routes.some((r) => r.id === 'dashboard-things')).toBe(true);
    expect((await metadataOf()).routes.some((r) => r.id === 'dashboard-things')).toBe(false);
    const res = await publish('things');
    expect(res.statusCode, res.body).toBe(200);
    const { number } = res.json<{ number: number }>();
    expect((await metadataOf(pro.token)).routes.some((r) => r.id === 'dashboard-things')).toBe(true);

    const saved = await t.post('/api/form/formresponse', { response: { formId: 9001, elementResponses: [{ formElementId: 900101, value: 'My first thing' }] } }, pro.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await gridPage(t, pro.token, { entityTypeId: 9001, formId: 9001, from: 1, to: 10 });
    expect(page.rows.map((r) => r.title)).toEqual(['My first thing']);

    const back = await send('POST', '/rollback', admin.token, { number: number - 1, comment: 'not yet' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await metadataOf(pro.token)).routes.some((r) => r.id === 'dashboard-things')).toBe(false);
    expect(await t.database.db.knex('records').where({ entity_type_id: 9001 })).toHaveLength(1);
  });

  it('exports, imports into drafts and publishes back to the same documents', async () => {
    const versions = (await send('GET', '/versions', admin.token)).json<Array<{ number: number; action: string }>>();
    const withThings = versions.find((v) => v.action === 'publish' && v.number > 1)!.number;
    expect((await send('POST', '/rollback', admin.token, { number: withThings, comment: 'things again' })).statusCode).toBe(200);
    const exported = (await send('GET', '/export', admin.token)).json<{ tenant: string; files: Record<string, unknown> }>();
    expect(Object.keys(exported.files).sort()).toEqual(['entities/9001.json', 'forms/9001.json', 'grids/things.json', 'routes.json']);
    expect((exported.files['routes.json'] as Array<Record<string, unknown>>)[0]).toMatchObject({ id: 'dashboard-things', $replace: true });
    const rolled = (await send('POST', '/rollback', admin.token, { number: 0, comment: 'empty' })).json<{ number: number }>();
    const imported = await send('POST', '/import', admin.token, { files: exported.files });
    expect(imported.json()).toEqual({ problems: [] });
    expect((await send('GET', '/drafts', admin.token)).json<unknown[]>()).toHaveLength(4);
    const res = await publish('imported');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'import' });
    const diff = (await send('GET', `/diff?from=${withThings}&to=${res.json<{ number: number }>().number}`, admin.token)).json<{ documents: unknown[] }>();
    expect(diff.documents).toEqual([]);
    expect(rolled.number).toBeGreaterThan(withThings);
    expect((await send('POST', '/import', admin.token, { files: { 'nowhere/x.json': {} } })).statusCode).toBe(400);
  });

  it('refuses a file whose document id is too long or not of its kind\'s form, naming the file, and drafts nothing', async () => {
    await send('DELETE', '/drafts', admin.token);
    const long = `g${'x'.repeat(100)}`;
    const cases: Array<[string, unknown]> = [
      [`grids/${long}.json`, { ...THING_GRID, id: long }],
      ['grids/bad.json', { ...THING_GRID, id: 'Not An Id' }],
      ['forms/abc.json', { ...THING_FORM, id: 'abc' }],
      ['routes.json', [{ ...THING_ROUTE, id: `r${'x'.repeat(100)}` }]],
    ];
    for (const [path, data] of cases) {
      const res = await send('POST', '/import', admin.token, { files: { [path]: data } });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(`'${path}'`);
    }
    expect(await t.count('metadata_drafts')).toBe(0);
  });
});

describe('a verifiable record type made through the API', () => {
  it('is requested by its owner and verified by a licensing consultant', async () => {
    const entity = {
      ...THING_ENTITY, id: 9002, name: 'Badge', displayName: 'Badge', lockedWhen: { rule: 'lockedByVerification' },
      fields: [...THING_ENTITY.fields, { id: 'verificationStatus', type: 'string', label: 'Verification Status', system: true, maxLength: 20 }, { id: 'verified', type: 'boolean', label: 'Verified', system: true }],
      access: { ...THING_ENTITY.access, read: { rule: 'mayReadPersonRecord' } },
      verification: { formId: 9002, review: { activeRole: ['350'] } },
    };
    expect((await draft(entity, 'entity', '9002')).statusCode).toBe(200);
    const form = { id: 9002, entityTypeId: 9002, name: 'Badge', elements: [{ id: 900201, type: 'text', stimulus: 'Title', field: 'title', required: true, width: 6 }] };
    expect((await draft(form, 'form', '9002')).json()).toEqual({ problems: [] });
    const res = await publish('badges');
    expect(res.statusCode, res.body).toBe(200);
    const saved = await t.post('/api/form/formresponse', { response: { formId: 9002, elementResponses: [{ formElementId: 900201, value: 'First aid' }] } }, pro.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const ref = { entityTypeId: 9002, entityId: saved.json<{ Id: number }>().Id };
    expect((await t.post('/api/verification/request', ref, pro.token)).statusCode).toBe(200);
    const consultant = await t.user(['350'], 'carl');
    expect((await t.post('/api/verification/view', ref, consultant.token)).statusCode).toBe(200);
    const verified = await t.post('/api/verification', { ...ref, isVerified: true, action: 'verify' }, consultant.token);
    expect(verified.statusCode, verified.body).toBe(200);
    const row = (await t.database.db.knex('records').where({ id: ref.entityId }).first('data')) as { data: string | Record<string, unknown> };
    const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
    expect(data).toMatchObject({ verificationStatus: 'Approved', verified: true });
  });
});

describe('guard rails', () => {
  it('refuses deleting a base document, a system field, an answered element and reusing an id', async () => {
    expect((await send('PUT', '/draft', admin.token, { kind: 'route', id: 'dashboard-awards', remove: true })).json<{ problems: Array<{ message: string }> }>().problems[0]!.message).toMatch(/hidden .*not deleted/);
    await send('DELETE', '/drafts', admin.token);

    const entity = { ...THING_ENTITY, fields: THING_ENTITY.fields.filter((f) => f.id !== 'importedFrom') };
    expect((await draft(entity, 'entity', '9001')).json<{ problems: Array<{ message: string }> }>().problems.map((p) => p.message).join('\n')).toMatch(/system field/);
    await send('DELETE', '/drafts', admin.token);

    const form = { ...THING_FORM, elements: [{ id: 900102, type: 'text', stimulus: 'Other', field: 'title', width: 6 }] };
    const answered = (await draft(form, 'form', '9001')).json<{ problems: Array<{ message: string; pointer: string }> }>().problems;
    expect(answered.map((p) => p.message).join('\n')).toMatch(/element 900101 holds saved responses/);
    const hidden = { ...THING_FORM, elements: [{ ...THING_FORM.elements[0], visible: false }] };
    expect((await draft(hidden, 'form', '9001')).json()).toEqual({ problems: [] });
    await send('DELETE', '/drafts', admin.token);

    // the grid 'things' gone, then made again meaning something else
    const removed = await send('PUT', '/draft', admin.token, { kind: 'route', id: 'dashboard-things', remove: true });
    expect(removed.statusCode).toBe(200);
    await send('PUT', '/draft', admin.token, { kind: 'grid', id: 'things', remove: true });
    expect((await publish('no grid')).statusCode).toBe(200);
    const again = await draft({ ...THING_GRID, pageSize: 10 }, 'grid', 'things');
    expect(again.json<{ problems: Array<{ message: string; pointer: string }> }>().problems[0]).toMatchObject({ pointer: '/id', message: expect.stringMatching(/never reused/) as unknown });
    expect((await publish('reuse')).statusCode).toBe(400);
    await send('DELETE', '/drafts', admin.token);
  });

  it('asks for a confirmation before a read rule opens every row to every role, and records it', async () => {
    const entity = (await send('GET', '/document?kind=entity&id=9001', admin.token)).json<{ value: typeof THING_ENTITY }>().value;
    await draft({ ...entity, access: { ...entity.access, read: { '==': [1, 1] } } }, 'entity', '9001');
    const refused = await publish('open to all');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ widened: [{ kind: 'entity', id: '9001', pointer: '/access/read' }] });
    const ok = await publish('open to all', { confirmWidening: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = (await t.database.db.knex('metadata_versions').orderBy('number', 'desc').first('widening_confirmed')) as { widening_confirmed: string };
    expect(JSON.parse(row.widening_confirmed)).toEqual([{ kind: 'entity', id: '9001', pointer: '/access/read' }]);
    const audit = (await t.database.db.knex('audit').where({ action: 'metadata.publish' }).orderBy('id', 'desc').first('detail')) as { detail: string };
    expect(JSON.parse(audit.detail)).toMatchObject({ wideningConfirmed: [{ kind: 'entity', id: '9001' }] });
  });
});

describe('bad drafts', () => {
  it.each([
    ['a text catalogue that is a string', { kind: 'text', id: 'text', value: 'hello' }],
    ['a text that is a number', { kind: 'text', id: 'text', value: { 'metadataAdmin.noChange': 5 } }],
    ['a form with a text id', { kind: 'form', id: 'abc', value: { id: 'abc', name: 'x', entityTypeId: 101, elements: [] } }],
    ['a route that is an array', { kind: 'route', id: 'x', value: [] }],
    ['dashboard work that is an object', { kind: 'work', id: 'work', value: { id: 'x' } }],
    ['the tenant without its code', { kind: 'tenant', id: 'tenant', value: { productName: 'x' } }],
    ['rules that are null', { kind: 'rule', id: 'rule', value: null }],
    ['roles that remove AdminUser', { kind: 'role', id: 'AdminUser', remove: true }],
  ])('%s: told as problems or a 400, never a 500, and publish refuses', async (_name, body) => {
    const saved = await send('PUT', '/draft', admin.token, body);
    expect([200, 400], saved.body).toContain(saved.statusCode);
    if (saved.statusCode === 200) {
      expect(saved.json<{ problems: unknown[] }>().problems.length).toBeGreaterThan(0);
      const res = await publish('bad');
      expect(res.statusCode, res.body).toBe(400);
      expect((await send('GET', '/preview', admin.token)).statusCode).toBe(400);
      expect((await send('GET', '/documents', admin.token)).statusCode).toBe(200);
    }
    await send('DELETE', '/drafts', admin.token);
  });

  it('refuses a draft whose value does not carry its id, and a draft with neither value nor remove', async () => {
    expect((await send('PUT', '/draft', admin.token, { kind: 'form', id: '101', value: { id: 102 } })).statusCode).toBe(400);
    expect((await send('PUT', '/draft', admin.token, { kind: 'form', id: '101' })).statusCode).toBe(400);
    expect((await send('PUT', '/draft', admin.token, { kind: 'nothing', id: '1', value: {} })).statusCode).toBe(400);
    expect(await t.count('metadata_drafts')).toBe(0);
  });
});

describe('tenants', () => {
  it('keeps each tenant\'s layer apart and refuses an unknown tenant', async () => {
    expect((await send('GET', '/documents?tenant=zz', admin.token)).statusCode).toBe(400);
    const tenant = (await send('GET', '/document?kind=tenant&id=tenant&tenant=al', admin.token)).json<{ value: Record<string, unknown> }>().value;
    expect(tenant.code).toBe('al');
    const saved = await send('PUT', '/draft', admin.token, { tenant: 'al', kind: 'tenant', id: 'tenant', value: { ...tenant, productName: 'Alabama Registry (edited)' } });
    expect(saved.json()).toEqual({ problems: [] });
    const before = (await t.get('/api/metadata')).headers.etag;
    const res = await send('POST', '/publish', admin.token, { tenant: 'al', comment: 'al only' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ number: 1, changed: [{ kind: 'tenant', id: 'tenant' }] });
    expect((await t.get('/api/metadata')).headers.etag).toBe(before);
    expect((await send('GET', '/export?tenant=al', admin.token)).json<{ files: Record<string, { productName: string; $replace: boolean }> }>().files['tenant.json']).toMatchObject({ productName: 'Alabama Registry (edited)', $replace: true });
  });
});

describe('two administrators publishing at the same moment', () => {
  it('never loses a change: a version published between a publish\'s read and its insert makes it a 409', async () => {
    const other = await t.user(['AdminUser'], 'otto');
    const ctx = t.app.ctx;
    const texts = (await send('GET', '/document?kind=text&id=text', admin.token)).json<{ value: Record<string, string> }>().value;
    await draft({ ...texts, 'metadataAdmin.noDocument': 'First' }, 'text', 'text');
    await draft({ ...texts, 'metadataAdmin.idMismatch': 'Second' }, 'text', 'text', other.token);
    const versions = await t.count('metadata_versions');
    // the first administrator's publish reads the published layer and builds its new layer ...
    const base = await publishedLayer(ctx.db.knex, 'tn');
    const { drafts } = await draftsOf(ctx.db.knex, 'tn', admin.id);
    const layer = applyDrafts(tenantFiles(ctx.config, 'tn'), base.layer, drafts);
    // ... the second one publishes meanwhile ...
    const second = await send('POST', '/publish', other.token, { comment: 'second' });
    expect(second.statusCode, second.body).toBe(200);
    // ... and the first one's insert, over the version it read, is refused
    const first = publishLayer(ctx, { tenant: 'tn', userId: admin.id, comment: 'first', confirmWidening: false, action: 'publish', base, layer, restored: null, dropDrafts: true });
    await expect(first).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/published meanwhile/) as unknown });
    expect(await t.count('metadata_versions')).toBe(versions + 1);
    const served = (await metadataOf()).texts;
    expect(served['metadataAdmin.idMismatch']).toBe('Second');
    expect(served['metadataAdmin.noDocument']).not.toBe('First');
    // published through the API, the first one's draft is now refused as changed since drafted
    const again = await publish('first again');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/published since your draft/);
    await send('DELETE', '/drafts', admin.token);
  });
});

describe('the draft header', () => {
  it('runs an administrator\'s request on their drafts; anyone else\'s on the published metadata', async () => {
    const texts = (await send('GET', '/document?kind=text&id=text', admin.token)).json<{ value: Record<string, string> }>().value;
    await draft({ ...texts, 'metadataAdmin.noVersion': 'Draft wording' }, 'text', 'text');
    const withHeader = (token: string) => t.app.inject({ method: 'GET', url: '/api/metadata', headers: { authorization: `Bearer ${token}`, 'x-metadata-draft': '1' } });
    expect((await withHeader(admin.token)).json<{ texts: Record<string, string> }>().texts['metadataAdmin.noVersion']).toBe('Draft wording');
    expect((await withHeader(pro.token)).json<{ texts: Record<string, string> }>().texts['metadataAdmin.noVersion']).toBe('There is no version {number}.');
    expect((await metadataOf(admin.token)).texts['metadataAdmin.noVersion']).toBe('There is no version {number}.');
    await send('DELETE', '/drafts', admin.token);
  });

  it('compiles drafts that do not compile once: the failure is cached too, the request runs on the published metadata', async () => {
    const grid = (await send('GET', '/document?kind=grid&id=award', admin.token)).json<{ value: Record<string, unknown> }>().value;
    await draft({ ...grid, formId: 424242 }, 'grid', 'award');
    const first = await draftCompile(t.app.ctx, admin.id);
    expect(first?.registry).toBeNull();
    expect(await draftCompile(t.app.ctx, admin.id)).toBe(first);
    const res = await t.app.inject({ method: 'GET', url: '/api/metadata', headers: { authorization: `Bearer ${admin.token}`, 'x-metadata-draft': '1' } });
    expect(res.statusCode).toBe(200);
    expect(await draftCompile(t.app.ctx, admin.id)).toBe(first);
    await send('DELETE', '/drafts', admin.token);
    expect(await draftCompile(t.app.ctx, admin.id)).toBeNull();
  });

  const withDrafts = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'x-metadata-draft': '1' }, ...(body === undefined ? {} : { payload: body as object }) });
  const permissionsOf = (answer: { jwt: string }) => t.app.jwt.decode<{ permissions: string[] }>(JSON.parse(answer.jwt).auth_token as string)!.permissions;

  it('never signs a drafted claim into a token: heartbeat and role switch sign from the published roles', async () => {
    const roles = (await send('GET', '/document?kind=role&id=AdminUser', admin.token)).json<{ value: { claims: string[] } }>().value;
    expect((await draft({ ...roles, claims: [...roles.claims, 'Draft.only'] }, 'role', 'AdminUser')).json()).toEqual({ problems: [] });
    const heartbeat = await withDrafts('GET', '/api/auth/heartbeat', admin.token);
    expect(heartbeat.statusCode, heartbeat.body).toBe(200);
    expect(permissionsOf(heartbeat.json())).toContain('Metadata.write');
    expect(permissionsOf(heartbeat.json())).not.toContain('Draft.only');
    const switched = await withDrafts('POST', '/api/userorganizationroles/roleswitch', admin.token, { role: 'AdminUser' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(permissionsOf(switched.json())).not.toContain('Draft.only');
    await send('DELETE', '/drafts', admin.token);
  });

  it('runs a change and every administration call on the published metadata, a read of a grid on the drafts', async () => {
    const roles = (await send('GET', '/document?kind=role&id=AdminUser', admin.token)).json<{ value: { claims: string[] } }>().value;
    expect((await draft({ ...roles, claims: roles.claims.filter((c) => c !== 'Metadata.write') }, 'role', 'AdminUser')).statusCode).toBe(200);
    const professional = (await send('GET', '/document?kind=role&id=100', admin.token)).json<{ value: { claims?: string[] } }>().value;
    expect((await draft({ ...professional, claims: [...(professional.claims ?? []), 'Metadata.write'] }, 'role', '100')).statusCode).toBe(200);
    const grid = (await send('GET', '/document?kind=grid&id=award', admin.token)).json<{ value: Record<string, unknown> }>().value;
    expect((await draft({ ...grid, pageSize: 17 }, 'grid', 'award')).statusCode).toBe(200);
    const texts = (await send('GET', '/document?kind=text&id=text', admin.token)).json<{ value: Record<string, string> }>().value;
    expect((await draft({ ...texts, 'account.signInIncorrect': 'Drafted wording' }, 'text', 'text')).statusCode).toBe(200);
    // the drafts take Metadata.write away: the administration calls still answer, on the published roles
    const validated = await withDrafts('POST', `${API}/validate`, admin.token, {});
    expect(validated.statusCode, validated.body).toBe(200);
    expect((await withDrafts('GET', `${API}/drafts`, admin.token)).json<unknown[]>()).toHaveLength(4);
    expect((await send('POST', '/validate', admin.token, {})).json()).toEqual({ problems: [] });
    // a POST that is no read runs on the published metadata
    const login = await withDrafts('POST', '/api/auth/login', admin.token, { userName: 'nobody@test.registry.test', password: 'Wrong-Password-1' });
    expect(login.json<{ message: string }>().message).toBe('The user name or password is incorrect.');
    // a grid's summary (a POST marked as a read) previews the drafts
    const summary = await withDrafts('POST', '/api/grid/summary', admin.token, { entityTypeId: 101, formId: 101 });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<{ pageSize: number }>().pageSize).toBe(17);
    await send('DELETE', '/drafts', admin.token);
  });
});
