import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.js';
import { loadRegistry } from '../../server/metadata/load-metadata.js';
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

describe('the terms editor\'s PUT (claim User.write.all)', () => {
  const put = (value: unknown, token?: string) => t.app.inject({ method: 'PUT', url: '/api/configuration', payload: { key: 'TermsAndConditionsText', value } as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const current = async () => (await t.get('/api/configuration?key=TermsAndConditionsText')).json<{ value: string }>().value;
  const version = async () => Number((await t.get('/api/configuration?key=TermsVersion')).json<{ value: string }>().value);

  it('refuses visitors (401) and every role without User.write.all (403), changing nothing', async () => {
    const [staff, supervisor, director] = [await t.user(['350'], 'dina'), await t.user(['375'], 'sam'), await t.user(['200'], 'dora')];
    const [text, before, audits] = [await current(), await version(), await t.count('audit')];
    expect((await put('Terms from a visitor.')).statusCode).toBe(401);
    for (const user of [pro, staff, supervisor, director]) {
      const res = await put(`Terms from ${user.userName}.`, user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Insufficient access privileges');
    }
    expect([await current(), await version(), await t.count('audit')]).toEqual([text, before, audits]);
  });

  it('lets managers (400) and administrators (500) change the terms, with an audit row that holds the version but not the text', async () => {
    const [manager, administrator] = [await t.user(['400'], 'mia'), await t.user(['500'], 'abe')];
    for (const [user, text] of [[manager, 'Manager terms.'], [administrator, 'Administrator terms.\n\nWith <b>markup</b> kept as text.']] as const) {
      const before = await version();
      const res = await put(text, user.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ key: 'TermsAndConditionsText', value: text, termsVersion: before + 1 });
      expect(await current()).toBe(text);
      const row = await t.database.db.knex('audit').orderBy('id', 'desc').first() as { action: string; user_id: number | string; detail: string };
      expect(row.action).toBe('configuration.change');
      expect(Number(row.user_id)).toBe(user.id);
      expect(JSON.parse(row.detail)).toEqual({ key: 'TermsAndConditionsText', termsVersion: before + 1 });
    }
  });

  it.each([
    ['the same text', (text: string) => text],
    ['the same text with spaces and new lines around it', (text: string) => `  \n${text}\n\n `],
  ])('refuses %s with 400 and does not ask anyone again', async (_label, same) => {
    const [text, before, audits] = [await current(), await version(), await t.count('audit')];
    const res = await put(same(text), admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The terms text has not changed.', errors: { value: 'The terms text has not changed.' } });
    expect([await version(), await t.count('audit')]).toEqual([before, audits]);
  });

  it('refuses an empty text and one over 100,000 characters', async () => {
    const before = await version();
    for (const value of ['', '\n\n', 'x'.repeat(100_001)]) expect((await put(value, admin.token)).statusCode).toBe(400);
    expect(await version()).toBe(before);
  });
});

describe('the route of the terms editor', () => {
  it.each(['tn', 'al', 'jh'])('is a dashboard entry for User.write.all named with the terms title of %s', (tenant) => {
    const registry = loadRegistry(PROJECT_ROOT, tenant).registry!;
    const route = registry.routes.find((r) => r.id === 'terms-edit');
    expect(route).toMatchObject({ parent: 'dashboard', path: 'terms', requiresAuth: true, claims: ['User.write.all'], displayName: registry.tenant.termsTitle });
  });
});
