import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson, type Person } from '../support/people.js';
import { byPosition, registrationRush, tally } from '../support/registration-rush.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { addSection, peopleWith } from '../support/training.js';

/**
 * Capacity under concurrency (issue 14 item 4): 40 people signed in register at once over real
 * HTTP on loopback for 5 seats and 10 waitlist seats; then cancellations promote in order.
 */
let t: TestApp;
let baseUrl: string;
let trainer: Person;
const people: Person[] = [];

beforeAll(async () => {
  t = await startTestApp('al');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  trainer = await addPerson(t, 'Trainer', [{ role: '250' }]);
  for (let i = 0; i < 40; i++) people.push(await addPerson(t, `Rush${i}`, [{ role: '100' }]));
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('40 parallel registrations for 5 seats and 10 waitlist seats', () => {
  it('registers exactly 5, waitlists exactly 10 at positions 1-10, answers 25 full; cancellations promote in order', async () => {
    const section = await addSection(t, { trainerId: trainer.id, seats: 5, waitlistSeats: 10 });
    const outcomes = await registrationRush(baseUrl, section, people);
    const { registered, positions, full, other } = tally(outcomes);
    expect(other).toBe(0);
    expect(registered).toHaveLength(5);
    expect([...positions.values()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(full).toBe(25);
    // the database agrees: the same people, the waitlist in the answered order, one place each
    expect((await peopleWith(t, section, 'Registered')).sort()).toEqual([...registered].sort());
    const waitlist = byPosition(positions);
    expect(await peopleWith(t, section, 'Waitlisted')).toEqual(waitlist);
    expect(await t.count('enrollments')).toBe(15);

    // two cancellations at once: positions 1 and 2 take the seats, the rest move up by two
    await Promise.all(registered.slice(0, 2).map(async (userId) => {
      const person = people.find((p) => p.id === userId)!;
      const res = await fetch(`${baseUrl}/api/enrollment/cancelregistration`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` }, body: JSON.stringify({ courseSectionId: section, userId }) });
      expect(res.status).toBe(200);
    }));
    expect((await peopleWith(t, section, 'Registered')).sort()).toEqual([...registered.slice(2), ...waitlist.slice(0, 2)].sort());
    expect(await peopleWith(t, section, 'Waitlisted')).toEqual(waitlist.slice(2));
    // the trainer cancels three more: the next three in order
    const three = await t.post('/api/enrollment/cancelregistration', { courseSectionId: section, userIds: registered.slice(2) }, trainer.token);
    expect(three.json()).toBe(3);
    expect(await peopleWith(t, section, 'Waitlisted')).toEqual(waitlist.slice(5));
    expect((await peopleWith(t, section, 'Registered')).sort()).toEqual(waitlist.slice(0, 5).sort());
  }, 120_000);
});
