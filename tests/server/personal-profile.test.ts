import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let pat: TestUser;
let oli: TestUser;
let admin: TestUser;

const P = { first: 1001, middle: 1002, last: 1003, phone: 1004, line1: 1005, line2: 1006, city: 1007, state: 1008, zip: 1009, county: 1010 } as const;
/** the State list's choice for Tennessee: the record stores its code, TN */
const TENNESSEE = '47';
const complete = { [P.first]: 'Pat', [P.last]: 'Lee', [P.phone]: '(615) 555-0142', [P.line1]: '12 Oak Street', [P.city]: 'Nashville', [P.state]: TENNESSEE, [P.zip]: '37201', [P.county]: 'Davidson' };

const save = (token: string, userId: number, values: Record<number, string | null>) => t.post('/api/form/formresponse', {
  entities: [{ Id: userId, EntityTypeId: 1 }],
  response: { formId: 1, elementResponses: Object.entries(values).map(([id, value]) => ({ formElementId: Number(id), value })) },
}, token);
const load = (token: string, userId: number) => t.post('/api/form', { formid: 1, entities: [{ Id: userId, EntityTypeId: 1 }] }, token);
const signIn = async (user: TestUser) => (await t.post('/api/auth/login', { userName: user.userName, password: TEST_PASSWORD })).json<{ route: string }>().route;
const user = async (id: number) => t.database.db.knex('users').where({ id }).first() as Promise<Record<string, unknown>>;

beforeAll(async () => {
  t = await startTestApp('tn');
  [pat, oli, admin] = [await t.user(['100'], 'pat'), await t.user(['100'], 'oli'), await t.user(['AdminUser'], 'ada')];
  await t.database.db.knex('users').where({ id: pat.id }).update({ first_time: true });
});
afterAll(async () => { await t.close(); });

describe('personal profile (user 1, form 1) and the first-time flow (spec part 1 section 4)', () => {
  it('sends a first-time person to profile-personal at sign-in', async () => {
    expect(await signIn(pat)).toBe('profile-personal');
    expect((await t.get('/api/accounts', pat.token)).json()).toMatchObject({ firstTime: true });
  });

  it('will not end the first-time state before the personal profile is complete', async () => {
    const res = await t.post('/api/accounts/seed', { userId: pat.id }, pat.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please complete your personal information first.' });
    expect(Boolean((await user(pat.id)).first_time)).toBe(true);
  });

  it('loads the person\'s own profile with the names from registration', async () => {
    const res = await load(pat.token, pat.id);
    expect(res.statusCode).toBe(200);
    const values = Object.fromEntries(res.json<{ elements: { id: number; value: string | null }[] }>().elements.map((e) => [e.id, e.value]));
    expect(values[P.first]).toBe('pat');
    expect(res.json()).toMatchObject({ canEdit: true });
  });

  it.each([
    ['a first name with other characters', { [P.first]: 'P@t' }, P.first, 'First name may only contain letters, numbers, spaces, apostrophes and hyphens.'],
    ['a one-letter last name', { [P.last]: 'L' }, P.last, 'Last name must be at least 2 characters and may only contain letters, numbers, spaces, apostrophes and hyphens.'],
    ['a phone with 9 digits', { [P.phone]: '615555014' }, P.phone, 'Phone number must contain 10 digits'],
    ['a state that is not on the list (Te)', { [P.state]: 'Te' }, P.state, 'State: select one of the listed values.'],
    ['a state code instead of a choice of the list', { [P.state]: 'TN' }, P.state, 'State: select one of the listed values.'],
    ['an address line over 200 characters', { [P.line1]: `12 Oak Street ${'a'.repeat(190)}` }, P.line1, 'Address Line 1 must be 200 characters or fewer.'],
    ['a ZIP code of 4 digits', { [P.zip]: '3720' }, P.zip, 'Enter a 5-digit ZIP code, or ZIP+4 such as 37201-1234.'],
    ['no city', { [P.city]: null }, P.city, null],
  ])('refuses %s and changes nothing', async (_name, change, element, message) => {
    const before = await user(pat.id);
    const res = await save(pat.token, pat.id, { ...complete, ...change });
    expect(res.statusCode).toBe(400);
    const errors = res.json<{ errors: Record<string, string> }>().errors;
    expect(errors[String(element)]).toBeTruthy();
    if (message) expect(errors[String(element)]).toBe(message);
    expect(await user(pat.id)).toEqual(before);
  });

  it('saves the profile with an audit row', async () => {
    const audits = await t.count('audit');
    const res = await save(pat.token, pat.id, complete);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: pat.id, EntityTypeId: 1 });
    expect(await user(pat.id)).toMatchObject({ first_name: 'Pat', last_name: 'Lee', phone_number: '(615) 555-0142', city: 'Nashville', state: 'TN', zip_code: '37201', county: 'Davidson' });
    expect(await t.count('audit')).toBe(audits + 1);
  });

  it('keeps another person\'s profile out of reach, by any id', async () => {
    expect((await load(oli.token, pat.id)).statusCode).toBe(403);
    expect((await save(oli.token, pat.id, complete)).statusCode).toBe(403);
    expect((await t.post('/api/accounts/notify', { userId: pat.id }, oli.token)).statusCode).toBe(403);
    expect((await t.post('/api/accounts/seed', { userId: pat.id }, oli.token)).statusCode).toBe(403);
    expect((await t.post('/api/accounts/seed', { userId: pat.id })).statusCode).toBe(401);
    expect((await t.post('/api/accounts/seed', { userId: 'abc' }, pat.token)).statusCode).toBe(400);
    expect(Boolean((await user(pat.id)).first_time)).toBe(true);
  });

  it('lets an administrator with User.write.all correct a profile', async () => {
    const res = await save(admin.token, oli.id, { ...complete, [P.first]: 'Oliver', [P.last]: 'Stone' });
    expect(res.statusCode).toBe(200);
    expect(await user(oli.id)).toMatchObject({ first_name: 'Oliver', last_name: 'Stone' });
  });

  it('sends the welcome e-mail once (notify) and ends the first-time state (seed)', async () => {
    const outbox = await t.count('outbox');
    expect((await t.post('/api/accounts/notify', { userId: pat.id }, pat.token)).json()).toEqual({ sent: true });
    expect((await t.post('/api/accounts/notify', { userId: String(pat.id) }, pat.token)).json()).toEqual({ sent: false });
    expect(await t.count('outbox')).toBe(outbox + 1);
    const mail = await t.database.db.knex('outbox').orderBy('id', 'desc').first() as { to_address: string; subject: string; text: string };
    expect(mail.to_address).toBe(pat.userName);
    expect(mail.subject).toBe('Welcome to TN Early Childhood Registry');
    expect(mail.text).toContain(pat.row.registry_id);

    const res = await t.post('/api/accounts/seed', { userId: pat.id }, pat.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ firstTime: false });
    expect(Boolean((await user(pat.id)).first_time)).toBe(false);
    expect(await t.database.db.knex('audit').where({ action: 'account.first-profile', user_id: pat.id }).count({ c: '*' }).first()).toMatchObject({ c: expect.anything() });
    expect(await signIn(pat)).toBe('default');
    expect((await t.post('/api/accounts/seed', { userId: pat.id }, pat.token)).statusCode).toBe(200);
  });
});
