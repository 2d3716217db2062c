import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDU, LEVEL } from '../support/records.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

/*
 * Issue 9, forms: the server refuses what the browser refuses, with a message by element and
 * nothing written - an over-long value (never cut), a value not on a fixed list, a completed
 * degree graduated in the future, an end before its start.
 */
let t: TestApp;
let pro: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  pro = await t.user(['100'], 'fern');
});
afterAll(async () => { await t.close(); });

type Responses = Record<number, string | null>;
const submit = (formId: number, values: Responses) => t.post('/api/form/formresponse', {
  response: { formId, elementResponses: Object.entries(values).map(([id, value]) => ({ formElementId: Number(id), value })) },
}, pro.token);
const errorsOf = (res: Awaited<ReturnType<typeof submit>>) => res.json<{ errors: Record<string, string> }>().errors;

/** Every table a refused save could have touched, counted. */
const counts = async () => Promise.all(['education', 'employment_records', 'certification', 'records', 'audit'].map((table) => t.count(table)));

const COMPLETED = '1';
const IN_PROGRESS = '2';
const degree = (status: string, end: string | null, school = 'Belmont University'): Responses => ({
  [EDU.level]: LEVEL.bachelor, [EDU.school]: school, [EDU.major]: 'Early Childhood', [EDU.status]: status, [EDU.start]: '2020-08-20', [EDU.end]: end,
});

describe('an over-long value is refused with a message naming the field, never cut', () => {
  it.each([
    ['a school name of 181 characters (education)', 2, degree(COMPLETED, '2024-05-01', `Nashville ${'b'.repeat(171)}`), EDU.school, 'School or Institution must be 180 characters or fewer.'],
    ['feedback of 2,001 characters', 29, { 29001: '1', 29002: 'Search', 29003: `Faster ${'c'.repeat(1994)}` }, 29003, 'Message must be 2000 characters or fewer.'],
    ['an employer name of 201 characters', 6, { 6002: `Acorns ${'d'.repeat(194)}`, 6003: '1', 6004: '2022-01-03' }, 6002, 'Employer Name must be 200 characters or fewer.'],
  ])('%s', async (_name, formId, values, element, message) => {
    const before = await counts();
    const res = await submit(formId, values);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[String(element)]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('saves the same value at exactly the maximum, whole', async () => {
    const school = `Nashville ${'b'.repeat(170)}`;
    const res = await submit(2, degree(COMPLETED, '2024-05-01', school));
    expect(res.statusCode).toBe(200);
    const row = await t.database.db.knex('education').where({ id: res.json<{ Id: number }>().Id }).first() as { school: string };
    expect(row.school).toBe(school);
  });
});

describe('a completed degree is not graduated in the future (education, form 2)', () => {
  it('refuses a Completed degree with a graduation date in 2030 and writes nothing', async () => {
    const before = await counts();
    const res = await submit(2, degree(COMPLETED, '2030-05-10'));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[String(EDU.end)]).toBe('The graduation date of a completed degree cannot be in the future.');
    expect(await counts()).toEqual(before);
  });

  it('saves a degree In Progress with an expected graduation in 2030', async () => {
    expect((await submit(2, degree(IN_PROGRESS, '2030-05-10'))).statusCode).toBe(200);
  });
});

describe('an end is not before its start', () => {
  it.each([
    ['education', 2, degree(IN_PROGRESS, '2020-08-19'), EDU.end, 'End date must be on or after the start date.'],
    ['employment', 6, { 6002: 'Acorns', 6003: '1', 6004: '2022-01-03', 6005: '2022-01-02' }, 6005, 'End date must be on or after the start date.'],
    ['certification', 5, { 5001: '1', 5002: 'CDA', 5003: 'Council', 5005: '2022-01-03', 5006: '2022-01-03' }, 5006, 'Expiration date must be after the issue date.'],
    ['community service', 3, { 3001: 'Food bank', 3002: 'Helper', 3003: '2022-01-03', 3004: '2021-12-31' }, 3004, 'End date must be on or after the start date.'],
    ['membership', 4, { 4001: 'NAEYC', 4002: '1', 4004: '2022-01-03', 4005: '2021-01-03' }, 4005, 'Expiration date must be after the member since date.'],
  ])('%s: refused with its message, nothing written', async (_name, formId, values, element, message) => {
    const before = await counts();
    const res = await submit(formId, values);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[String(element)]).toBe(message);
    expect(await counts()).toEqual(before);
  });
});

describe('State is a fixed list (personal information, form 1)', () => {
  it.each(['Te', 'TN', 'Tennessee'])('refuses %s and changes nothing', async (state) => {
    const before = await t.database.db.knex('users').where({ id: pro.id }).first();
    const res = await t.post('/api/form/formresponse', {
      response: { formId: 1, elementResponses: [{ formElementId: 1008, value: state }] }, entities: [{ Id: pro.id, EntityTypeId: 1 }],
    }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)['1008']).toBe('State: select one of the listed values.');
    expect(await t.database.db.knex('users').where({ id: pro.id }).first()).toEqual(before);
  });

  it('offers the states as choices, Tennessee among them', async () => {
    const res = await t.post('/api/form', { formid: 1, entities: [{ Id: pro.id, EntityTypeId: 1 }] }, pro.token);
    const state = res.json<{ elements: { id: number; choices: { id: number; text: string }[] }[] }>().elements.find((e) => e.id === 1008)!;
    expect(state.choices.map((c) => c.text)).toContain('Tennessee');
    expect(state.choices.length).toBeGreaterThanOrEqual(51);
  });
});
