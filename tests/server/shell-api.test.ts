import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let pro: TestUser;
let admin: TestUser;
const ALERT_FORM = { formId: 18, elementResponses: [] as { formElementId: number; value?: string | null; multiValue?: string[] }[] };
const alert = (subject: string, dismissible: boolean, start = '2020-01-01', end: string | null = null) => ({
  response: { ...ALERT_FORM, elementResponses: [
    { formElementId: 18001, value: subject }, { formElementId: 18002, value: `${subject} message` },
    { formElementId: 18003, multiValue: dismissible ? ['1'] : [] }, { formElementId: 18004, value: start }, { formElementId: 18005, value: end },
  ] },
});

beforeAll(async () => {
  t = await startTestApp();
  [pro, admin] = [await t.user(['100'], 'pat'), await t.user(['AdminUser', '500'], 'ada')];
});
afterAll(async () => { await t.close(); });

describe('metadata for the browser', () => {
  it('GET /api/metadata answers the compiled metadata with an ETag', async () => {
    const res = await t.get('/api/metadata');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { tenant: { code: string }; routes: unknown[]; grids: { id: string }[]; texts: Record<string, string> };
    expect(body.tenant.code).toBe('tn');
    expect(body.grids.map((g) => g.id)).toContain('education');
    expect(body.texts['grid.noData']).toBe('No Data to Display');
    const again = await t.app.inject({ method: 'GET', url: '/api/metadata', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});

describe('alerts (entity 20, form 18) on the dashboard', () => {
  it('are created by holders of User.write.all only, through the generic form API', async () => {
    expect((await t.post('/api/form/formresponse', alert('Nope', true), pro.token)).statusCode).toBe(403);
    for (const a of [alert('Maintenance Saturday', true), alert('Renew your credentials', false), alert('Future', true, '2199-01-01'), alert('Past', true, '2020-01-01', '2020-02-01')]) {
      expect((await t.post('/api/form/formresponse', a, admin.token)).statusCode).toBe(200);
    }
  });

  it('GET /api/alert lists the current ones; a dismissed alert stays dismissed for that person only', async () => {
    const list = (await t.get('/api/alert', pro.token)).json() as { alertId: number; subject: string; dismissible: boolean }[];
    expect(list.map((a) => a.subject).sort()).toEqual(['Maintenance Saturday', 'Renew your credentials']);
    const dismissible = list.find((a) => a.dismissible)!;
    const fixed = list.find((a) => !a.dismissible)!;
    expect((await t.post('/api/alert/dismiss', { alertId: dismissible.alertId }, pro.token)).statusCode).toBe(200);
    expect((await t.post('/api/alert/dismiss', { alertId: fixed.alertId }, pro.token)).statusCode).toBe(409);
    expect((await t.post('/api/alert/dismiss', { alertId: 99999 }, pro.token)).statusCode).toBe(404);
    expect(((await t.get('/api/alert', pro.token)).json() as unknown[])).toHaveLength(1);
    expect(((await t.get('/api/alert', admin.token)).json() as unknown[])).toHaveLength(2);
    expect(await t.database.db.knex('audit').where({ action: 'alert.dismiss', user_id: pro.id })).toHaveLength(1);
  });
});

describe('role switch and profile roles', () => {
  it('GET /api/accounts lists the roles with their organizations', async () => {
    const res = (await t.get('/api/accounts', admin.token)).json() as { roles: { roleName: string }[] };
    expect(res.roles.map((r) => r.roleName)).toEqual(['AdminUser', '500']);
  });

  it('switches to a held role with a new token; refuses a role not held', async () => {
    expect((await t.post('/api/userorganizationroles/roleswitch', { role: '200' }, admin.token)).statusCode).toBe(400);
    const res = await t.post('/api/userorganizationroles/roleswitch', { role: '500' }, admin.token);
    expect(res.statusCode).toBe(200);
    const token = (JSON.parse((res.json() as { jwt: string }).jwt) as { auth_token: string }).auth_token;
    expect((await t.get('/api/auth/claims', token)).json()).toMatchObject({ activeRole: '500' });
    // the next sign-in starts in the starting role again (the first role held when none is ranked)
    const login = await t.post('/api/auth/login', { userName: admin.userName, password: 'Test-Password-1' });
    const again = (JSON.parse((login.json() as { jwt: string }).jwt) as { auth_token: string }).auth_token;
    expect((await t.get('/api/auth/claims', again)).json()).toMatchObject({ activeRole: 'AdminUser' });
  });

  it('answers unread counts as numbers', async () => {
    const res = await t.post('/api/message/count', { folder: 'Inbox', filter: 'Unread' }, pro.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(0);
    expect((await t.post('/api/notification/count', {}, undefined)).statusCode).toBe(401);
  });
});
