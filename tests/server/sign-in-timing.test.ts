import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordVerifications } from '../../server/domain/passwords.js';
import { startTestApp, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let known: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  known = await t.user(['100']);
});
afterAll(async () => { await t.close(); });

const login = (userName: string, password: string) => t.post('/api/auth/login', { userName, password });

/** How many argon2 verifications an attempt ran. */
async function verificationsOf(attempt: () => Promise<unknown>): Promise<number> {
  const before = passwordVerifications();
  await attempt();
  return passwordVerifications() - before;
}

async function medianMs(attempt: () => Promise<unknown>, n = 9): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await attempt();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!;
}

describe('an unknown user name costs what a wrong password costs', () => {
  it('both run one argon2 verification, and so does an account without a password', async () => {
    const noPassword = await t.user(['100']);
    await t.database.db.knex('users').where({ id: noPassword.id }).update({ password_hash: null });
    expect(await verificationsOf(() => login('nobody-at-all@test.registry.test', 'wrong'))).toBe(1);
    expect(await verificationsOf(() => login(known.userName, 'wrong'))).toBe(1);
    expect(await verificationsOf(() => login(noPassword.userName, 'wrong'))).toBe(1);
    expect(await verificationsOf(() => t.post('/api/accounts/sendconfemail', { userName: 'nobody-either@test.registry.test', password: 'wrong' }))).toBe(1);
  });

  it('answers in about the same time (a loose bound: the work, not the clock, is the test above)', async () => {
    const other = await t.user(['100']);
    const unknown = await medianMs(() => login('nobody-again@test.registry.test', 'wrong'));
    const wrong = await medianMs(() => login(other.userName, 'wrong'), 5);
    expect(unknown / wrong).toBeGreaterThan(0.25);
    expect(unknown / wrong).toBeLessThan(4);
  });
});
