import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEducation, EDU, LEVEL } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let a: TestUser;
let eduId: number;
const TABLES = ['users', 'education', 'certification', 'records', 'audit', 'text_index'];

beforeAll(async () => {
  t = await startTestApp();
  a = await t.user(['100'], 'ava');
  eduId = await addEducation(t, a.token, { level: LEVEL.bachelor, school: 'University of Memphis', end: '2010-05-01' });
});
afterAll(async () => { await t.close(); });

const snapshot = async () => Promise.all(TABLES.map((x) => t.count(x)));
const grid = { entityTypeId: 4, formId: 2 };
const big = 'x'.repeat(600 * 1024);

type Case = [string, string, () => string | object, number];
const CASES: Case[] = [
  ['malformed JSON', '/api/grid', () => '{"entityTypeId": 4,', 400],
  ['a JSON array instead of an object', '/api/grid', () => '[1,2]', 400],
  ['an unknown top-level field', '/api/grid', () => ({ ...grid, dropTable: true }), 400],
  ['a wrong type (string id)', '/api/grid', () => ({ entityTypeId: '4', formId: 2 }), 400],
  ['a wrong type (number as sort column)', '/api/grid', () => ({ ...grid, sortInfo: { column: 5 } }), 400],
  ['a negative page', '/api/grid', () => ({ ...grid, from: -5, to: 10 }), 400],
  ['to before from', '/api/grid', () => ({ ...grid, from: 10, to: 2 }), 400],
  ['a page that is too large', '/api/grid', () => ({ ...grid, from: 1, to: 100000 }), 400],
  ['an unknown sort column', '/api/grid', () => ({ ...grid, sortInfo: { column: 'password_hash', direction: 'Ascending' } }), 400],
  ['an unknown filter column', '/api/grid', () => ({ ...grid, filterInfo: { column: 'user_id', value: '1', operation: 'Equals' } }), 400],
  ['a column that is not filterable', '/api/grid', () => ({ ...grid, filterInfo: { column: 'verificationStatus', value: 'x', operation: 'Contains' } }), 400],
  ['two column filters at once', '/api/grid', () => ({ ...grid, filterInfo: [{ column: 'school', value: 'a', operation: 'Contains' }, { column: 'major', value: 'b', operation: 'Contains' }] }), 400],
  ['an unknown filter operation', '/api/grid', () => ({ ...grid, filterInfo: { column: 'school', value: 'a', operation: 'Like' } }), 400],
  ['an operation that does not fit the column', '/api/grid', () => ({ ...grid, filterInfo: { column: 'endDate', value: 'a', operation: 'Contains' } }), 400],
  ['a control character in a text filter', '/api/grid', () => ({ ...grid, filterInfo: { column: 'school', value: 'a\u0000b', operation: 'Contains' } }), 400],
  ['an SQL-looking date filter', '/api/grid', () => ({ ...grid, filterInfo: { column: 'endDate', value: "2010-01-01' OR '1'='1", operation: 'OnDate' } }), 400],
  ['a date filter out of range', '/api/grid', () => ({ ...grid, filterInfo: { column: 'endDate', value: '1899-12-31', operation: 'GreaterThan' } }), 400],
  ['an impossible date filter', '/api/grid', () => ({ ...grid, filterInfo: { column: 'endDate', value: '2023-02-30', operation: 'OnDate' } }), 400],
  ['an unknown grid', '/api/grid', () => ({ entityTypeId: 77, formId: 77 }), 404],
  ['an unknown alternate grid', '/api/grid', () => ({ ...grid, altGridId: 'nope' }), 404],
  ['a huge id', '/api/grid/disable', () => ({ entityTypeId: 4, entityId: 1e20, disable: true }), 400],
  ['disable with a string flag', '/api/grid/disable', () => ({ entityTypeId: 4, entityId: 1, disable: 'yes' }), 400],
  ['delete of an unknown entity type', '/api/grid/delete', () => ({ entityTypeId: 999, entityId: 1 }), 404],
  ['an oversized body', '/api/form/formresponse', () => ({ response: { formId: 2, elementResponses: [{ formElementId: EDU.school, value: big }] } }), 413],
  ['a form response without response', '/api/form/formresponse', () => ({ formId: 2 }), 400],
  ['a form response with a numeric value', '/api/form/formresponse', () => ({ response: { formId: 2, elementResponses: [{ formElementId: EDU.school, value: 12 }] } }), 400],
  ['a form response to an unknown form', '/api/form/formresponse', () => ({ response: { formId: 4242, elementResponses: [] } }), 404],
  ['a form response naming an entity of another type', '/api/form/formresponse', () => ({ response: { formId: 2, elementResponses: [] }, entities: [{ Id: 1, EntityTypeId: 7 }] }), 400],
  ['a choice id that does not exist', '/api/form/formresponse', () => ({ response: { formId: 2, elementResponses: [{ formElementId: EDU.level, value: '99' }, { formElementId: EDU.school, value: 'X' }, { formElementId: EDU.status, value: '2' }] } }), 400],
  ['an SQL-looking form value is stored literally only when valid: here missing required fields', '/api/form/formresponse', () => ({ response: { formId: 2, elementResponses: [{ formElementId: EDU.school, value: "'; DROP TABLE education; --" }] } }), 400],
  ['presubmission without validations', '/api/form/presubmissionvalidation', () => ({ validations: [] }), 400],
  ['flat file with an unknown operation', '/api/form/flatfile', () => ({ formId: 2, entityType: 4, filters: [{ column: 'school', value: 'x', operation: 'Drop' }] }), 400],
  ['login with a missing password', '/api/auth/login', () => ({ userName: 'a@b.cd' }), 400],
  ['login with an object password', '/api/auth/login', () => ({ userName: 'a@b.cd', password: { $ne: '' } }), 400],
];

describe('bad input answers a clear 4xx and writes nothing', () => {
  it.each(CASES)('%s', async (_label, url, body, status) => {
    const before = await snapshot();
    const payload = body();
    const res = await t.app.inject({
      method: 'POST', url, headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(status);
    const json = res.json() as { message?: string; errors?: Record<string, string> };
    expect(typeof json.message).toBe('string');
    expect(json.message).not.toMatch(/something went wrong/i);
    if (status === 400) expect(json.errors).toBeTypeOf('object');
    expect(await snapshot()).toEqual(before);
    expect(await t.database.db.knex('education').where({ id: eduId }).first()).toBeTruthy();
  });

  // filter values are bound parameters: SQL-looking text is looked for literally, and changes nothing
  it.each([
    ['/api/grid', "x'; DROP TABLE education; --"],
    ['/api/grid/summary', 'a /* b */'],
  ])('%s filters on SQL-looking text %j literally', async (url, value) => {
    const before = await snapshot();
    const res = await t.post(url, { ...grid, filterInfo: { column: 'school', value, operation: 'Contains' } }, a.token);
    expect(res.statusCode).toBe(200);
    if (url === '/api/grid') expect(res.body).toBe('No Data');
    else expect((res.json() as { total: number }).total).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(await t.database.db.knex('education').where({ id: eduId }).first()).toBeTruthy();
  });

  it('answers 404 with a message for an unknown endpoint and 415 for a non-JSON body', async () => {
    expect((await t.get('/api/nothing-here', a.token)).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: '/api/grid', headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/xml' }, payload: '<grid/>' });
    expect(res.statusCode).toBe(415);
  });

  it("answers 403 'Insufficient access privileges' for another person's record", async () => {
    const b = await t.user(['100'], 'ben');
    const res = await t.post('/api/form', { formid: 2, entities: [{ Id: eduId, EntityTypeId: 4 }] }, b.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Insufficient access privileges' });
  });
});
