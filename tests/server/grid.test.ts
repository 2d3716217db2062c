import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEducation, gridPage, gridTotal, LEVEL } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
let staff350: TestUser;
const ids: Record<string, number> = {};
const OWN = { entityTypeId: 4, formId: 2 };
const ALL = { entityTypeId: 4, formId: 2, altGridId: 'education-all', from: 1, to: 100 };

beforeAll(async () => {
  t = await startTestApp();
  [a, b, admin, staff350] = [await t.user(['100'], 'ava'), await t.user(['100'], 'ben'), await t.user(['AdminUser'], 'ada'), await t.user(['350'], 'lee')];
  ids.memphis = await addEducation(t, a.token, { level: LEVEL.bachelor, school: 'University of Memphis', major: 'Child Development', start: '2006-08-20', end: '2010-05-01' });
  ids.nashville = await addEducation(t, a.token, { level: LEVEL.associate, school: 'Nashville State Community College', major: 'Early Childhood Education', end: '2008-05-01' });
  ids.vanderbilt = await addEducation(t, a.token, { level: LEVEL.master, school: 'Vanderbilt University', major: 'Education', end: '2015-12-15' });
  ids.hillsboro = await addEducation(t, a.token, { level: LEVEL.highSchool, school: 'Hillsboro High School', end: '2004-05-20' });
  ids.pellissippi = await addEducation(t, a.token, { level: LEVEL.someCollege, school: 'Pellissippi State Community College', status: '2', credits: '30' });
  ids.tcat = await addEducation(t, a.token, { level: LEVEL.technical, school: 'Tennessee College of Applied Technology', major: 'Infant Care', end: '2012-08-01' });
  ids.bMemphis = await addEducation(t, b.token, { level: LEVEL.bachelor, school: 'University of Memphis', end: '2011-05-01' });
  ids.austin = await addEducation(t, b.token, { level: LEVEL.associate, school: 'Austin Peay State University', end: '2013-05-01' });
  ids.belmont = await addEducation(t, b.token, { level: LEVEL.master, school: 'Belmont University', end: '2019-05-01' });
});
afterAll(async () => { await t.close(); });

const schools = (rows: Record<string, unknown>[]) => rows.map((r) => r.school);

describe('grid: sort, filter, paging on a person\'s own records', () => {
  it('sorts by the initialSort column (end date, newest first; empty dates last)', async () => {
    const page = await gridPage(t, a.token, { ...OWN, from: 1, to: 10 });
    expect(schools(page.rows)).toEqual(['Vanderbilt University', 'Tennessee College of Applied Technology', 'University of Memphis', 'Nashville State Community College', 'Hillsboro High School', 'Pellissippi State Community College']);
  });

  it.each([
    ['Contains, case-insensitive', { column: 'school', value: 'STATE', operation: 'Contains' }, ['Nashville State Community College', 'Pellissippi State Community College']],
    ['Contains with three letters', { column: 'school', value: 'mem', operation: 'Contains' }, ['University of Memphis']],
    ['Contains with two letters', { column: 'school', value: 'va', operation: 'Contains' }, ['Vanderbilt University']],
    ['Contains with a wildcard character is literal', { column: 'school', value: '%', operation: 'Contains' }, []],
    ['Contains with an apostrophe', { column: 'educationLevel', value: "master's", operation: 'Contains' }, ['Vanderbilt University']],
    ['Contains on a field without a text index', { column: 'major', value: 'child', operation: 'Contains' }, ['University of Memphis', 'Nashville State Community College']],
    ['Equals on text ignores case', { column: 'educationLevel', value: "MASTER'S DEGREE", operation: 'Equals' }, ['Vanderbilt University']],
    ['OnDate', { column: 'endDate', value: '2010-05-01', operation: 'OnDate' }, ['University of Memphis']],
    ['GreaterThan a date', { column: 'endDate', value: '2010-05-01', operation: 'GreaterThan' }, ['Vanderbilt University', 'Tennessee College of Applied Technology']],
    ['LessThan a date', { column: 'endDate', value: '2008-05-02', operation: 'LessThan' }, ['Nashville State Community College', 'Hillsboro High School']],
    ['None clears the filter', { column: 'school', value: 'mem', operation: 'None' }, null],
    ['an empty value clears the filter', { column: 'school', value: '  ', operation: 'Contains' }, null],
  ])('filter: %s', async (_label, filterInfo, expected) => {
    const body = { ...OWN, from: 1, to: 10, filterInfo };
    const page = await gridPage(t, a.token, body);
    const total = await gridTotal(t, a.token, body);
    const want = expected ?? ['Vanderbilt University', 'Tennessee College of Applied Technology', 'University of Memphis', 'Nashville State Community College', 'Hillsboro High School', 'Pellissippi State Community College'];
    expect(schools(page.rows)).toEqual(want);
    expect(total.total).toBe(want.length);
    if (want.length === 0) expect(page.body).toBe('No Data');
  });

  const sortable = ['educationLevel', 'school', 'major', 'endDate', 'verificationStatus'];
  it.each(sortable.flatMap((c) => [[c, 'Ascending'], [c, 'Descending']]))('sorts by %s %s like the database-neutral order', async (column, direction) => {
    const page = await gridPage(t, a.token, { ...OWN, from: 1, to: 10, sortInfo: { column, direction } });
    const sign = direction === 'Ascending' ? 1 : -1;
    const key = (r: Record<string, unknown>) => r[column] as string | null;
    const expected = [...page.rows].sort((x, y) => {
      const [p, q] = [key(x), key(y)];
      if (p === q) return sign * ((x.id as number) - (y.id as number));
      if (p === null) return -sign;
      if (q === null) return sign;
      return sign * (p < q ? -1 : 1);
    });
    expect(page.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(page.rows).toHaveLength(6);
  });

  it('pages by from/to (1-based, inclusive) and answers No Data past the end', async () => {
    const all = (await gridPage(t, a.token, { ...OWN, from: 1, to: 10 })).rows.map((r) => r.id);
    const pages = await Promise.all([[1, 2], [3, 4], [5, 6]].map(([from, to]) => gridPage(t, a.token, { ...OWN, from, to })));
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(all);
    const past = await gridPage(t, a.token, { ...OWN, from: 7, to: 8 });
    expect(past.body).toBe('No Data');
    const firstFive = await gridPage(t, a.token, OWN);
    expect(firstFive.rows).toHaveLength(5);
  });

  it('answers a page as JSON, with its content type, and no rows as the text No Data', async () => {
    const page = await t.post('/api/grid', { ...OWN, from: 1, to: 2 }, a.token);
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(page.json<{ gridData: unknown[] }>().gridData).toHaveLength(2);
    const none = await t.post('/api/grid', { ...OWN, from: 7, to: 8 }, a.token);
    expect(String(none.headers['content-type'])).toMatch(/^text\/plain/);
  });

  it('reports the total and the latest update', async () => {
    const page = await gridPage(t, a.token, { ...OWN, from: 1, to: 10 });
    const summary = await gridTotal(t, a.token, OWN);
    expect(summary).toMatchObject({ total: 6, totalCapped: false });
    expect(summary.maxUpdatedDate).toBe(page.rows.map((r) => r.updatedAt as string).sort().at(-1));
  });

  it('applies default filters of the request on declared columns', async () => {
    const page = await gridPage(t, a.token, { ...OWN, from: 1, to: 10, defaultFilters: [{ column: 'major', value: 'educ', operation: 'Contains' }] });
    expect(schools(page.rows)).toEqual(['Vanderbilt University', 'Nashville State Community College']);
  });
});

describe('grid: row scopes and flags', () => {
  it.each([
    ['a professional sees only their own records', () => a, 6],
    ['another professional sees only theirs', () => b, 3],
    ['an AdminUser sees every record', () => admin, 9],
    ['licensing staff (350) see every record', () => staff350, 9],
  ])('%s, and the total matches', async (_label, who, expected) => {
    const user = who();
    const page = await gridPage(t, user.token, ALL);
    const summary = await gridTotal(t, user.token, ALL);
    expect(page.rows).toHaveLength(expected);
    expect(summary.total).toBe(expected);
    if (user === a || user === b) expect(page.rows.every((r) => r.userId === user.id)).toBe(true);
  });

  it("shows nothing of another person's profile to a professional", async () => {
    const body = { ...OWN, primaryEntity: { Id: b.id, EntityTypeId: 1 } };
    expect((await gridPage(t, a.token, body)).body).toBe('No Data');
    expect((await gridTotal(t, a.token, body)).total).toBe(0);
    expect((await gridPage(t, admin.token, body)).rows).toHaveLength(3);
  });

  it('computes canEdit / canDisable / canDelete from the entity rules', async () => {
    const own = (await gridPage(t, a.token, OWN)).rows[0]!;
    expect(own).toMatchObject({ canView: true, canEdit: true, canDisable: false, canDelete: false });
    const asAdmin = (await gridPage(t, admin.token, { ...OWN, primaryEntity: { Id: a.id } })).rows[0]!;
    expect(asAdmin).toMatchObject({ canView: true, canEdit: true, canDisable: true, canDelete: false });
  });

  it('hides disabled rows; Include Disabled shows them only to roles the grid allows', async () => {
    const mine = { ...OWN, from: 1, to: 10, primaryEntity: { Id: a.id } };
    const disable = await t.post('/api/grid/disable', { entityTypeId: 4, entityId: ids.tcat, primaryEntityId: a.id, disable: true }, admin.token);
    expect(disable.statusCode).toBe(200);
    expect((await gridPage(t, a.token, mine)).rows).toHaveLength(5);
    expect((await gridPage(t, a.token, { ...mine, includeDisabled: true })).rows).toHaveLength(5);
    expect((await gridTotal(t, a.token, { ...mine, includeDisabled: true })).total).toBe(5);
    const adminView = await gridPage(t, admin.token, { ...mine, includeDisabled: true });
    expect(adminView.rows).toHaveLength(6);
    expect(adminView.rows.find((r) => r.id === ids.tcat)).toMatchObject({ disabled: true, canEdit: false });
    expect((await gridTotal(t, admin.token, { ...mine, includeDisabled: true })).total).toBe(6);
    const enable = await t.post('/api/grid/disable', { entityTypeId: 4, entityId: ids.tcat, disable: false }, admin.token);
    expect(enable.statusCode).toBe(200);
    expect((await gridPage(t, a.token, mine)).rows).toHaveLength(6);
  });

  it('lets only the roles of the rule disable; audits each change', async () => {
    const before = await t.count('audit');
    expect((await t.post('/api/grid/disable', { entityTypeId: 4, entityId: ids.memphis, disable: true }, a.token)).statusCode).toBe(403);
    expect((await t.post('/api/grid/disable', { entityTypeId: 4, entityId: ids.bMemphis, disable: true }, a.token)).statusCode).toBe(403);
    expect(await t.count('audit')).toBe(before);
    expect((await t.post('/api/grid/disable', { entityTypeId: 4, entityId: ids.memphis, disable: true }, admin.token)).statusCode).toBe(200);
    expect((await t.post('/api/grid/disable', { entityTypeId: 4, entityId: ids.memphis, disable: true }, admin.token)).statusCode).toBe(409);
    expect((await t.post('/api/grid/disable', { entityTypeId: 4, entityId: ids.memphis, disable: false }, admin.token)).statusCode).toBe(200);
    const rows = await t.database.db.knex('audit').where({ entity_type_id: 4, entity_id: ids.memphis }).whereIn('action', ['record.disable', 'record.enable']);
    expect(rows.map((r: { action: string }) => r.action)).toEqual(['record.disable', 'record.enable']);
  });

  it('refuses delete of education records to everyone (they are disabled instead)', async () => {
    expect((await t.post('/api/grid/delete', { entityTypeId: 4, entityId: ids.hillsboro }, a.token)).statusCode).toBe(403);
    expect((await t.post('/api/grid/delete', { entityTypeId: 4, entityId: ids.hillsboro }, admin.token)).statusCode).toBe(403);
    expect((await t.post('/api/grid/delete', { entityTypeId: 4, entityId: 999999 }, admin.token)).statusCode).toBe(404);
  });

  it('tells the browser whether Add New and Include Disabled apply', async () => {
    expect(await gridTotal(t, a.token, OWN)).toMatchObject({ canAdd: true, canIncludeDisabled: false });
    expect(await gridTotal(t, a.token, { ...OWN, primaryEntity: { Id: b.id } })).toMatchObject({ canAdd: false });
    expect(await gridTotal(t, admin.token, { ...OWN, primaryEntity: { Id: b.id } })).toMatchObject({ canAdd: true, canIncludeDisabled: true });
  });
});

// runs last: its records would change the counts above
describe('grid: text filters are bound values', () => {
  let c: TestUser;
  beforeAll(async () => {
    c = await t.user(['100'], 'cal');
    await addEducation(t, c.token, { level: LEVEL.associate, school: 'St. Mary -- Downtown', end: '2014-05-01' });
    await addEducation(t, c.token, { level: LEVEL.associate, school: 'Campus a;b', end: '2016-05-01' });
  });

  it.each([
    ['St. Mary -- Downtown', ['St. Mary -- Downtown']],
    ['-- Down', ['St. Mary -- Downtown']],
    ['a;b', ['Campus a;b']],
    ["'; --", []],
  ])('filters on %j like any other text', async (value, expected) => {
    const body = { ...OWN, from: 1, to: 10, filterInfo: { column: 'school', value, operation: 'Contains' } };
    const page = await gridPage(t, c.token, body);
    expect(schools(page.rows)).toEqual(expected);
    expect((await gridTotal(t, c.token, body)).total).toBe(expected.length);
  });
});
