import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let pro: TestUser;
let other: TestUser;
const login = async (user: TestUser) => {
  const res = await t.post('/api/auth/login', { userName: user.userName, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json<{ route: string }>().route;
};
const newTerms = (text: string) => t.app.inject({ method: 'PUT', url: '/api/configuration', payload: { key: 'TermsAndConditionsText', value: text }, headers: { authorization: `Bearer ${admin.token}` } });

beforeAll(async () => {
  t = await startTestApp('tn');
  [admin, pro, other] = [await t.user(['AdminUser'], 'ada'), await t.user(['100'], 'pat'), await t.user(['100'], 'oli')];
});
afterAll(async () => { await t.close(); });

describe('terms acceptance (spec part 1 sections 4 and 7)', () => {
  it('lands on default while the terms have not changed', async () => {
    expect(await login(pro)).toBe('default');
  });

  it('sends everyone to accept-terms after an administrator changes the terms', async () => {
    const res = await newTerms('New terms.\n\nSecond paragraph.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'TermsAndConditionsText', termsVersion: 1 });
    expect((await t.get('/api/configuration?key=TermsAndConditionsText')).json()).toEqual({ key: 'TermsAndConditionsText', value: 'New terms.\n\nSecond paragraph.' });
    expect((await t.get('/api/configuration?key=TermsVersion')).json()).toEqual({ key: 'TermsVersion', value: '1' });
    expect(await login(pro)).toBe('accept-terms');
    expect(await login(other)).toBe('accept-terms');
    expect(await login(admin)).toBe('accept-terms');
  });

  it('lets a person accept for themselves only', async () => {
    expect((await t.post(`/api/accounts/acceptterms?userId=${other.id}`, {}, pro.token)).statusCode).toBe(403);
    expect((await t.post(`/api/accounts/acceptterms?userId=${pro.id}`, {})).statusCode).toBe(401);
    expect((await t.post('/api/accounts/acceptterms?userId=abc', {}, pro.token)).statusCode).toBe(400);
    expect(await login(other)).toBe('accept-terms');
  });

  it('records the accepted version with an audit row and answers the next route', async () => {
    const before = await t.count('audit');
    const res = await t.post(`/api/accounts/acceptterms?userId=${pro.id}`, {}, pro.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ route: 'default', termsVersion: 1 });
    expect(await t.count('audit')).toBe(before + 1);
    const row = await t.database.db.knex('audit').where({ action: 'terms.accept', user_id: pro.id }).first() as { detail: string; entity_id: number | string };
    expect(JSON.parse(row.detail)).toMatchObject({ termsVersion: 1 });
    expect(Number(row.entity_id)).toBe(pro.id);
    expect(await login(pro)).toBe('default');
    expect(await login(other)).toBe('accept-terms');
  });

  it('asks again when the terms change once more', async () => {
    expect((await newTerms('Third version.')).json()).toMatchObject({ termsVersion: 2 });
    expect(await login(pro)).toBe('accept-terms');
    expect((await t.post(`/api/accounts/acceptterms?userId=${pro.id}`, {}, pro.token)).json()).toMatchObject({ route: 'default', termsVersion: 2 });
    expect(await login(pro)).toBe('default');
  });
});

describe('feedback (form 29, entity 32) through the generic form API', () => {
  const feedback = (subject: string) => ({ response: { formId: 29, elementResponses: [
    { formElementId: 29001, value: '1' }, { formElementId: 29002, value: subject }, { formElementId: 29003, value: 'The search could be faster.' },
  ] } });

  it('stores a signed-in person\'s feedback in the generic record store', async () => {
    const res = await t.post('/api/form/formresponse', feedback('Search speed'), pro.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ EntityTypeId: 32, DisplayValue: 'Search speed' });
    const rows = await t.database.db.knex('records').where({ entity_type_id: 32 });
    expect(rows).toHaveLength(1);
    expect(Number((rows[0] as { owner_id: number }).owner_id)).toBe(pro.id);
  });

  it('refuses visitors and missing required answers', async () => {
    expect((await t.post('/api/form/formresponse', feedback('Anonymous'))).statusCode).toBe(401);
    const empty = await t.post('/api/form/formresponse', { response: { formId: 29, elementResponses: [{ formElementId: 29002, value: 'No message' }] } }, pro.token);
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ errors: Record<string, string> }>().errors)).toEqual(expect.arrayContaining(['29001', '29003']));
  });
});
