import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let admin: TestUser;
let pro: TestUser;
let manager: TestUser;
const put = (body: unknown, token?: string) => t.app.inject({ method: 'PUT', url: '/api/configuration', payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const value = async (key: string) => (await t.get(`/api/configuration?key=${key}`)).json<{ key: string; value: string }>().value;

beforeAll(async () => {
  t = await startTestApp('tn');
  [admin, pro, manager] = [await t.user(['AdminUser'], 'ada'), await t.user(['100'], 'pat'), await t.user(['400'], 'max')];
});
afterAll(async () => { await t.close(); });

describe('GET /api/configuration (public, spec part 1 section 7)', () => {
  it.each([
    ['TermsAndConditionsText', /These Terms and Conditions govern your use of the TN Early Childhood Registry/],
    ['SplashScreen', /^False$/],
    ['QuickSightEnabled', /^False$/],
    ['BaseUrl', /^http:\/\/localhost/],
    ['TermsVersion', /^0$/],
  ])('answers %s from tenant metadata before anyone signs in', async (key, expected) => {
    const res = await t.get(`/api/configuration?key=${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key });
    expect(res.json<{ value: string }>().value).toMatch(expected);
  });

  it('answers every public value without a key, and 404 for an unknown key', async () => {
    const all = (await t.get('/api/configuration')).json<Record<string, string>>();
    expect(Object.keys(all).sort()).toEqual(['BaseUrl', 'QuickSightEnabled', 'SplashScreen', 'TermsAndConditionsText', 'TermsVersion']);
    expect((await t.get('/api/configuration?key=JwtSecret')).statusCode).toBe(404);
    expect((await t.get('/api/configuration?key=')).statusCode).toBe(400);
  });
});

describe('PUT /api/configuration (administrators)', () => {
  it('refuses visitors (401) and people without User.write.all (403)', async () => {
    expect((await put({ key: 'SplashScreen', value: 'True' })).statusCode).toBe(401);
    expect((await put({ key: 'SplashScreen', value: 'True' }, pro.token)).statusCode).toBe(403);
    expect(await value('SplashScreen')).toBe('False');
  });

  it('closes and reopens the site with SplashScreen, with an audit row each', async () => {
    const before = await t.count('audit');
    for (const v of ['True', 'TestSiteClosed', 'False']) {
      const res = await put({ key: 'SplashScreen', value: v }, manager.token);
      expect(res.statusCode).toBe(200);
      expect(await value('SplashScreen')).toBe(v);
    }
    expect(await t.count('audit')).toBe(before + 3);
    const last = await t.database.db.knex('audit').orderBy('id', 'desc').first() as { action: string; user_id: number; detail: string };
    expect(last).toMatchObject({ action: 'configuration.change', user_id: manager.id });
    expect(JSON.parse(last.detail)).toEqual({ key: 'SplashScreen', value: 'False' });
  });

  it.each([
    [{ key: 'SplashScreen', value: 'Maybe' }, 400],
    [{ key: 'QuickSightEnabled', value: 'yes' }, 400],
    [{ key: 'BaseUrl', value: 'javascript:alert(1)' }, 400],
    [{ key: 'TermsAndConditionsText', value: '   ' }, 400],
    [{ key: 'TermsVersion', value: '99' }, 400],
    [{ key: 'Unknown', value: 'x' }, 404],
    [{ key: 'SplashScreen', value: 'True', extra: 1 }, 400],
  ])('refuses %j with %i and changes nothing', async (body, status) => {
    const before = await t.count('audit');
    expect((await put(body, admin.token)).statusCode).toBe(status);
    expect(await t.count('audit')).toBe(before);
    expect(await value('TermsVersion')).toBe('0');
  });

  it('turns QuickSightEnabled on and sets the BaseUrl', async () => {
    expect((await put({ key: 'QuickSightEnabled', value: 'True' }, admin.token)).statusCode).toBe(200);
    expect((await put({ key: 'BaseUrl', value: 'https://uat.registry.tn.example' }, admin.token)).statusCode).toBe(200);
    expect(await value('QuickSightEnabled')).toBe('True');
    expect(await value('BaseUrl')).toBe('https://uat.registry.tn.example');
  });
});

describe('the tenant wording of the defaults', () => {
  it('gives al its own terms title and product name', async () => {
    const al = await startTestApp('al');
    try {
      const text = (await al.get('/api/configuration?key=TermsAndConditionsText')).json<{ value: string }>().value;
      expect(text).toContain('These Terms of Use govern your use of the AL Early Childhood Registry');
      expect(text).toContain('facility');
    } finally {
      await al.close();
    }
  });
});
