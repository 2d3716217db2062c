import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPage, gridTotal } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/**
 * Award (entity 101, form 101) is declared in metadata only, stored in the generic JSON record
 * store: no table, no migration, no code. This proves an administrator can add a record type.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
const AWARD = { entityTypeId: 101, formId: 101 };
const award = (name: string, org: string, date: string, description?: string) => ({
  response: { formId: 101, elementResponses: [
    { formElementId: 10101, value: name }, { formElementId: 10102, value: org },
    { formElementId: 10103, value: date }, { formElementId: 10104, value: description ?? null },
  ] },
});

beforeAll(async () => {
  t = await startTestApp();
  [a, b, admin] = [await t.user(['100'], 'ava'), await t.user(['100'], 'ben'), await t.user(['AdminUser'], 'ada')];
  for (const [who, name, org, date] of [
    [a, 'Teacher of the Year', 'Davidson County Early Learning Council', '2019-06-01'],
    [a, 'Literacy Champion', 'Tennessee Library Association', '2021-03-15'],
    [a, 'Community Star', 'Nashville Rotary Club', '2016-11-30'],
    [b, 'Rising Educator', 'Memphis Child Care Alliance', '2022-01-20'],
  ] as const) {
    const res = await t.post('/api/form/formresponse', award(name, org, date), who.token);
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => { await t.close(); });

describe('a record type in the generic JSON record store', () => {
  it('keeps its rows in the records table, not in a table of its own', async () => {
    const rows = await t.database.db.knex('records').where({ entity_type_id: 101 });
    expect(rows).toHaveLength(4);
    expect(rows.filter((r: { owner_id: number }) => r.owner_id === a.id)).toHaveLength(3);
  });

  it('sorts, filters and pages like any other grid', async () => {
    const page = await gridPage(t, a.token, { ...AWARD, from: 1, to: 10 });
    expect(page.rows.map((r) => r.awardName)).toEqual(['Literacy Champion', 'Teacher of the Year', 'Community Star']);
    const byName = await gridPage(t, a.token, { ...AWARD, from: 1, to: 10, sortInfo: { column: 'awardName', direction: 'Ascending' } });
    expect(byName.rows.map((r) => r.awardName)).toEqual(['Community Star', 'Literacy Champion', 'Teacher of the Year']);
    const filtered = await gridPage(t, a.token, { ...AWARD, from: 1, to: 10, filterInfo: { column: 'awardingOrganization', value: 'county', operation: 'Contains' } });
    expect(filtered.rows.map((r) => r.awardName)).toEqual(['Teacher of the Year']);
    const after = await gridPage(t, a.token, { ...AWARD, from: 1, to: 10, filterInfo: { column: 'dateReceived', value: '2018-01-01', operation: 'GreaterThan' } });
    expect(after.rows).toHaveLength(2);
    expect((await gridPage(t, a.token, { ...AWARD, from: 2, to: 2 })).rows.map((r) => r.awardName)).toEqual(['Teacher of the Year']);
    expect((await gridTotal(t, a.token, AWARD)).total).toBe(3);
  });

  it('enforces the row scope in SQL: a person sees only their own awards', async () => {
    expect((await gridTotal(t, b.token, AWARD)).total).toBe(1);
    expect((await gridTotal(t, b.token, { ...AWARD, primaryEntity: { Id: a.id } })).total).toBe(0);
    expect((await gridTotal(t, admin.token, { ...AWARD, primaryEntity: { Id: a.id } })).total).toBe(3);
  });

  it('updates by merging the JSON document, disables and deletes with audit rows', async () => {
    const [first] = (await gridPage(t, a.token, AWARD)).rows;
    const id = first!.id as number;
    const upd = await t.post('/api/form/formresponse', { response: { formId: 101, elementResponses: [{ formElementId: 10104, value: 'Statewide recognition' }] }, entities: [{ Id: id, EntityTypeId: 101 }] }, a.token);
    expect(upd.statusCode).toBe(200);
    const form = (await t.post('/api/form', { formid: 101, entities: [{ Id: id, EntityTypeId: 101 }] }, a.token)).json() as { elements: { id: number; value: string }[] };
    expect(form.elements.map((e) => e.value)).toEqual(['Literacy Champion', 'Tennessee Library Association', '2021-03-15', 'Statewide recognition']);
    expect((await t.post('/api/grid/disable', { entityTypeId: 101, entityId: id, disable: true }, a.token)).statusCode).toBe(200);
    expect((await gridTotal(t, a.token, AWARD)).total).toBe(2);
    expect((await t.post('/api/grid/delete', { entityTypeId: 101, entityId: id }, b.token)).statusCode).toBe(403);
    expect((await t.post('/api/grid/delete', { entityTypeId: 101, entityId: id }, a.token)).statusCode).toBe(200);
    const audit = await t.database.db.knex('audit').where({ entity_type_id: 101, entity_id: id }).orderBy('id');
    expect(audit.map((r: { action: string }) => r.action)).toEqual(['record.create', 'record.update', 'record.disable', 'record.delete']);
    expect(JSON.parse(audit[3].detail as string)).toMatchObject({ awardName: 'Literacy Champion', description: 'Statewide recognition' });
  });

  it('validates with the same rules: a future date is refused', async () => {
    const before = await t.count('records');
    const res = await t.post('/api/form/formresponse', award('Future Award', 'Somewhere', '2150-01-01'), a.token);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Record<string, string> }).errors[10103]).toBe('Date received cannot be in the future.');
    expect(await t.count('records')).toBe(before);
  });
});
