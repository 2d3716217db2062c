import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, registryFor } from '../../server/app.js';
import { PROJECT_ROOT } from '../../server/config.js';
import { entityTable } from '../../server/data/entity-columns.js';
import { rowFromDb, selectList } from '../../server/data/row-mapping.js';
import { fixtureRoot } from '../support/fixture-root.js';
import { EDU, LEVEL, gridPage, gridTotal } from '../support/records.js';
import { EMP, TITLE } from '../support/employment.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Fields an administrator adds to the education entity (a table) in metadata only
 * (tests/fixtures/extension-fields: `"storage": "extension"`, a form element and a grid column
 * each): saved from the form into the row's `ext` JSON column, shown, filtered and sorted in the
 * grid; then the same database served with the fields gone from the metadata. Employment (read
 * from the view employment_record_rows, written to employment_records) gets one too, edited into
 * the tenant's own overlay files as an administrator would.
 */
const EXT = { license: 2091, hours: 2092, reviewed: 2093 } as const;
const GRID = { entityTypeId: 4, formId: 2, from: 1, to: 20 };

interface Extension { license?: string | null; hours?: string | null; reviewed?: string | null }

let t: TestApp;
let removeRoot: () => void;
let pat: TestUser;

function responses(school: string, ext: Extension) {
  return [
    { formElementId: EDU.level, value: LEVEL.bachelor }, { formElementId: EDU.school, value: school }, { formElementId: EDU.status, value: '2' },
    ...(['license', 'hours', 'reviewed'] as const).filter((k) => k in ext).map((k) => ({ formElementId: EXT[k], value: ext[k] ?? null })),
  ];
}

async function save(app: { inject: FastifyInstance['inject'] }, school: string, ext: Extension, id?: number) {
  return app.inject({
    method: 'POST', url: '/api/form/formresponse', headers: { authorization: `Bearer ${pat.token}` },
    payload: { response: { formId: 2, elementResponses: responses(school, ext) }, ...(id ? { entities: [{ Id: id, EntityTypeId: 4 }] } : {}) },
  });
}

async function add(school: string, ext: Extension): Promise<number> {
  const res = await save(t.app, school, ext);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Id: number }>().Id;
}

async function extOf(id: number): Promise<Record<string, unknown>> {
  const row = (await t.database.db.knex('education').where({ id }).first('ext')) as { ext: unknown };
  return (typeof row.ext === 'string' ? JSON.parse(row.ext) : row.ext) as Record<string, unknown>;
}

const schools = async (body: Record<string, unknown>) => {
  const page = await gridPage(t, pat.token, { ...GRID, ...body });
  expect(page.status, page.body).toBe(200);
  return page.rows.map((r) => r.school);
};

let ids: Record<string, number> = {};

const BADGE = 6091;

/** Changes a JSON document of the temporary root in place. */
function edit(root: string, path: string, change: (doc: Record<string, unknown>) => void): void {
  const file = join(root, path);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(doc);
  writeFileSync(file, JSON.stringify(doc));
}

/** Employment gets an integer extension field, its form element and grid column (tn's overlays exist already). */
function addBadgeNumber(root: string): void {
  edit(root, 'tenants/tn/entities/employment.json', (doc) => { doc.fields = [{ id: 'badgeNumber', type: 'integer', label: 'Badge Number', storage: 'extension' }]; });
  edit(root, 'metadata/forms/employment.json', (doc) => { (doc.elements as unknown[]).push({ id: BADGE, type: 'text', stimulus: 'Badge Number', field: 'badgeNumber', regex: '[0-9]+' }); });
  edit(root, 'tenants/tn/grids/employment.json', (doc) => {
    const base = JSON.parse(readFileSync(join(root, 'metadata/grids/employment.json'), 'utf8')) as { columns: unknown[] };
    doc.columns = [...base.columns, { columnName: 'Badge Number', propertyName: 'badgeNumber', sortable: true, filterable: true }];
  });
}

beforeAll(async () => {
  const fixture = fixtureRoot('extension-fields');
  removeRoot = fixture.remove;
  addBadgeNumber(fixture.root);
  t = await startTestApp('tn', {}, fixture.root);
  pat = await t.user(['100'], 'pat');
  ids = {
    nine: await add('Nine Hours College', { license: 'TN-001', hours: '9', reviewed: '2024-02-01' }),
    ten: await add('Ten Hours College', { license: 'tn-002', hours: '10', reviewed: '2023-12-31' }),
    hundred: await add('Hundred Hours College', { license: 'AL-100', hours: '100', reviewed: null }),
    none: await add('No Extension College', {}),
  };
}, 60_000);
afterAll(async () => { await t?.close(); removeRoot?.(); });

describe('an extension field of a table entity', () => {
  it('is saved from the form into ext, with no column of its own, and read back by the form', async () => {
    const columns = await t.database.db.knex('education').columnInfo();
    expect(Object.keys(columns)).toContain('ext');
    expect(Object.keys(columns)).not.toContain('license_number');
    expect(await extOf(ids.nine!)).toEqual({ licenseNumber: 'TN-001', hoursCompleted: 9, reviewedOn: '2024-02-01' });
    const form = (await t.post('/api/form', { formid: 2, entities: [{ Id: ids.nine, EntityTypeId: 4 }] }, pat.token)).json<{ elements: { id: number; value: unknown }[] }>();
    const value = (id: number) => form.elements.find((e) => e.id === id)?.value;
    expect([value(EXT.license), value(EXT.hours), value(EXT.reviewed)]).toEqual(['TN-001', '9', '2024-02-01']);
  });

  it('is merged into ext on update: other keys stay, the change is audited', async () => {
    const res = await save(t.app, 'Nine Hours College', { license: 'TN-009' }, ids.nine);
    expect(res.statusCode, res.body).toBe(200);
    expect(await extOf(ids.nine!)).toEqual({ licenseNumber: 'TN-009', hoursCompleted: 9, reviewedOn: '2024-02-01' });
    const audit = await t.database.db.knex('audit').where({ entity_type_id: 4, entity_id: ids.nine, action: 'record.update' }).first('detail');
    const detail = (typeof audit.detail === 'string' ? JSON.parse(audit.detail) : audit.detail) as { changes: Record<string, unknown> };
    expect(detail.changes.licenseNumber).toEqual(['TN-001', 'TN-009']);
    expect(await save(t.app, 'Nine Hours College', { license: 'TN-001' }, ids.nine)).toMatchObject({ statusCode: 200 });
  });

  it('is listed in the grid and sorted as a number, a date and text, nulls first ascending and last descending', async () => {
    const rows = (await gridPage(t, pat.token, GRID)).rows;
    expect(rows.find((r) => r.id === ids.nine)).toMatchObject({ licenseNumber: 'TN-001', hoursCompleted: 9, reviewedOn: '2024-02-01' });
    expect(rows.find((r) => r.id === ids.none)).toMatchObject({ licenseNumber: null, hoursCompleted: null, reviewedOn: null });
    const sorted = (column: string, direction: string) => schools({ sortInfo: { column, direction } });
    expect(await sorted('hoursCompleted', 'Ascending')).toEqual(['No Extension College', 'Nine Hours College', 'Ten Hours College', 'Hundred Hours College']);
    expect(await sorted('hoursCompleted', 'Descending')).toEqual(['Hundred Hours College', 'Ten Hours College', 'Nine Hours College', 'No Extension College']);
    expect((await sorted('reviewedOn', 'Ascending')).slice(2)).toEqual(['Ten Hours College', 'Nine Hours College']);
    expect((await sorted('reviewedOn', 'Descending')).slice(0, 2)).toEqual(['Nine Hours College', 'Ten Hours College']);
    // the grid's initial sort (Reviewed On, descending) is an extension field too
    expect((await schools({})).slice(0, 2)).toEqual(['Nine Hours College', 'Ten Hours College']);
    expect(await sorted('licenseNumber', 'Descending')).toEqual(['Ten Hours College', 'Nine Hours College', 'Hundred Hours College', 'No Extension College']);
  });

  it('is filtered: Contains and Equals ignoring case, numbers and dates compared as such', async () => {
    const filtered = (column: string, operation: string, value: string) => schools({ filterInfo: { column, operation, value }, sortInfo: { column: 'school', direction: 'Ascending' } });
    expect(await filtered('licenseNumber', 'Contains', 'tn-')).toEqual(['Nine Hours College', 'Ten Hours College']);
    expect(await filtered('licenseNumber', 'Equals', 'tn-001')).toEqual(['Nine Hours College']);
    expect(await filtered('hoursCompleted', 'GreaterThan', '9')).toEqual(['Hundred Hours College', 'Ten Hours College']);
    expect(await filtered('hoursCompleted', 'LessThan', '50')).toEqual(['Nine Hours College', 'Ten Hours College']);
    expect(await filtered('hoursCompleted', 'Equals', '100')).toEqual(['Hundred Hours College']);
    expect(await filtered('reviewedOn', 'OnDate', '2023-12-31')).toEqual(['Ten Hours College']);
    expect(await filtered('reviewedOn', 'GreaterThan', '2024-01-01')).toEqual(['Nine Hours College']);
    expect(await filtered('reviewedOn', 'LessThan', '2024-01-01')).toEqual(['Ten Hours College']);
    expect((await gridTotal(t, pat.token, { ...GRID, filterInfo: { column: 'hoursCompleted', operation: 'GreaterThan', value: '9' } })).total).toBe(2);
  });

  it('refuses a value over its maxLength or of the wrong type with a message, and writes nothing', async () => {
    const before = await t.count('education');
    const long = await save(t.app, 'Long License College', { license: 'X'.repeat(13) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string; errors: Record<string, string> }>().errors[EXT.license]).toMatch(/12/);
    const update = await save(t.app, 'Ten Hours College', { license: 'Y'.repeat(13) }, ids.ten);
    expect(update.statusCode).toBe(400);
    const date = await save(t.app, 'Bad Date College', { reviewed: '2024-02-30' });
    expect(date.statusCode).toBe(400);
    expect(Object.keys(date.json<{ errors: Record<string, string> }>().errors)).toEqual([String(EXT.reviewed)]);
    expect(await t.count('education')).toBe(before);
    expect(await extOf(ids.ten!)).toEqual({ licenseNumber: 'tn-002', hoursCompleted: 10, reviewedOn: '2023-12-31' });
  });

  it('never fails a query on a value saved before its field changed type', async () => {
    const db = t.database.db;
    const base = t.registry.entities.get(4)!;
    // licenseNumber holds text ('TN-001'), read, sorted and compared as a number or a date field:
    // PostgreSQL reads it as null (no cast of text that is no number or date), SQLite as text
    for (const [type, bound] of [['number', 0], ['date', '2000-01-01']] as const) {
      const entity = { ...base, fields: base.fields.map((f) => (f.id === 'licenseNumber' ? { ...f, type } : f)) };
      const tbl = entityTable(db.knex, db.dialect, entity);
      const expr = tbl.expr('licenseNumber');
      const rows = (await db.knex(tbl.table).select(selectList(db, entity, tbl)).where('id', ids.nine)
        .where((q) => q.whereRaw('? > ?', [expr, bound]).orWhereRaw('? is null', [expr])).orderByRaw('? asc', [expr])) as Record<string, unknown>[];
      expect(rows, type).toHaveLength(1);
      if (type === 'number') expect(rowFromDb(entity, rows[0]!).licenseNumber).toBeNull();
    }
  });

  it('has an ext column on every table that forms of a table entity write', async () => {
    const db = t.database.db;
    const written = [...t.registry.entities.values()].filter((e) => e.storage.kind === 'table' && (e.access.create || e.access.update));
    for (const entity of written) {
      const table = entity.storage.kind === 'table' ? entity.storage.table : '';
      expect(Object.keys(await db.knex(table).columnInfo()), table).toContain('ext');
    }
    expect(written.length).toBeGreaterThan(5);
  });
});

describe('an extension field of a table entity read from a view', () => {
  it('is written to the table and read, filtered and sorted through the view by the row id', async () => {
    const made: Record<string, number> = {};
    for (const [employer, badge] of [['Badge Seven Center', '7'], ['Badge Thirty Center', '30'], ['Badge Two Hundred Center', '200']] as const) {
      const elementResponses = [
        { formElementId: EMP.employer, value: employer }, { formElementId: EMP.title, value: TITLE.teacher },
        { formElementId: EMP.start, value: '2021-08-16' }, { formElementId: BADGE, value: badge },
      ];
      const res = await t.post('/api/form/formresponse', { response: { formId: 6, elementResponses } }, pat.token);
      expect(res.statusCode, res.body).toBe(200);
      made[badge] = res.json<{ Id: number }>().Id;
    }
    const row = (await t.database.db.knex('employment_records').where({ id: made['30'] }).first('ext')) as { ext: unknown };
    expect(typeof row.ext === 'string' ? JSON.parse(row.ext) : row.ext).toEqual({ badgeNumber: 30 });
    const page = (body: Record<string, unknown>) => gridPage(t, pat.token, { entityTypeId: 8, formId: 6, from: 1, to: 20, ...body });
    const employers = async (body: Record<string, unknown>) => (await page(body)).rows.map((r) => r.employerName);
    expect(await employers({ sortInfo: { column: 'badgeNumber', direction: 'Ascending' } })).toEqual(['Badge Seven Center', 'Badge Thirty Center', 'Badge Two Hundred Center']);
    expect(await employers({ sortInfo: { column: 'badgeNumber', direction: 'Descending' } })).toEqual(['Badge Two Hundred Center', 'Badge Thirty Center', 'Badge Seven Center']);
    expect(await employers({ filterInfo: { column: 'badgeNumber', operation: 'GreaterThan', value: '10' }, sortInfo: { column: 'badgeNumber', direction: 'Ascending' } })).toEqual(['Badge Thirty Center', 'Badge Two Hundred Center']);
    expect((await page({})).rows.find((r) => r.id === made['7'])).toMatchObject({ badgeNumber: 7, employerName: 'Badge Seven Center' });
    const form = (await t.post('/api/form', { formid: 6, entities: [{ Id: made['200'], EntityTypeId: 8 }] }, pat.token)).json<{ elements: { id: number; value: unknown }[] }>();
    expect(form.elements.find((e) => e.id === BADGE)?.value).toBe('200');
  });
});

describe('an extension field removed from the metadata', () => {
  let base: FastifyInstance;
  beforeAll(async () => {
    const config = { ...t.config, rootDir: PROJECT_ROOT };
    base = await buildApp({ config, db: t.database.db, registry: registryFor(config), forceCloseConnections: true });
  });
  afterAll(async () => { await base?.close(); });

  it('is no longer in the grid or the form, and its value stays in the row', async () => {
    const grid = await base.inject({ method: 'POST', url: '/api/grid', headers: { authorization: `Bearer ${pat.token}` }, payload: GRID });
    expect(grid.statusCode, grid.body).toBe(200);
    const row = grid.json<{ gridData: Record<string, unknown>[] }>().gridData.find((r) => r.id === ids.nine)!;
    expect(row.school).toBe('Nine Hours College');
    expect(Object.keys(row)).not.toContain('licenseNumber');
    const sorted = await base.inject({ method: 'POST', url: '/api/grid', headers: { authorization: `Bearer ${pat.token}` }, payload: { ...GRID, sortInfo: { column: 'hoursCompleted', direction: 'Ascending' } } });
    expect(sorted.statusCode).toBe(400);
    const form = await base.inject({ method: 'POST', url: '/api/form', headers: { authorization: `Bearer ${pat.token}` }, payload: { formid: 2, entities: [{ Id: ids.nine, EntityTypeId: 4 }] } });
    expect(form.json<{ elements: { id: number }[] }>().elements.map((e) => e.id)).not.toContain(EXT.license);
    // saving the record without the fields keeps what ext holds
    expect((await save(base, 'Nine Hours University', {}, ids.nine)).statusCode).toBe(200);
    expect(await extOf(ids.nine!)).toEqual({ licenseNumber: 'TN-001', hoursCompleted: 9, reviewedOn: '2024-02-01' });
  });
});

describe('a stored value of the right shape that is no value', () => {
  it('never fails a grid, a sort or a filter, and compares as null on PostgreSQL', async () => {
    const db = t.database.db;
    const odd = [
      { school: 'Odd Day College', ext: { licenseNumber: '2024-13-45', hoursCompleted: '1e999999', reviewedOn: '2024-04-31' } },
      { school: 'Odd Junk College', ext: { licenseNumber: '2024-02-30 junk', hoursCompleted: '9'.repeat(140_000), reviewedOn: '2024-01-01 junk' } },
      { school: 'Odd Time College', ext: { licenseNumber: '2024-01-01T25:61', hoursCompleted: '-1.5', reviewedOn: '2023-02-29' } },
    ];
    const made: number[] = [];
    for (const o of odd) {
      const id = await add(o.school, {});
      await db.knex('education').where({ id }).update({ ext: JSON.stringify(o.ext) });
      made.push(id);
    }
    try {
      for (const column of ['hoursCompleted', 'reviewedOn']) {
        for (const direction of ['Ascending', 'Descending']) expect(await schools({ sortInfo: { column, direction } }), `${column} ${direction}`).toEqual(expect.arrayContaining(odd.map((o) => o.school)));
      }
      const later = await schools({ filterInfo: { column: 'reviewedOn', operation: 'GreaterThan', value: '2024-01-01' } });
      const positive = await schools({ filterInfo: { column: 'hoursCompleted', operation: 'GreaterThan', value: '0' } });
      // PostgreSQL compares them as numbers and dates (the odd ones as null); SQLite, as the texts they are
      if (db.dialect === 'pg') expect([...later, ...positive].filter((school) => String(school).startsWith('Odd '))).toEqual([]);
      expect((await gridPage(t, pat.token, GRID)).rows.map((r) => r.school)).toEqual(expect.arrayContaining(odd.map((o) => o.school)));
      // licenseNumber's texts read, sorted and compared as a date and as an instant
      const base = t.registry.entities.get(4)!;
      for (const type of ['date', 'datetime'] as const) {
        const entity = { ...base, fields: base.fields.map((f) => (f.id === 'licenseNumber' ? { ...f, type } : f)) };
        const tbl = entityTable(db.knex, db.dialect, entity);
        const expr = tbl.expr('licenseNumber');
        const rows = (await db.knex(tbl.table).select(selectList(db, entity, tbl)).whereIn('id', made)
          .where((q) => q.whereRaw('? > ?', [expr, '2000-01-01']).orWhereRaw('? is null', [expr])).orderByRaw('? asc', [expr])) as Record<string, unknown>[];
        expect(rows, type).toHaveLength(3);
        const nulls = (await db.knex(tbl.table).whereIn('id', made).whereRaw('? is null', [expr]).count({ n: '*' }).first()) as { n: number | string };
        if (db.dialect === 'pg') expect(Number(nulls.n), type).toBe(3);
      }
    } finally {
      await db.knex('education').whereIn('id', made).delete();
    }
  });
});
