import { describe, expect, it } from 'vitest';
import { decideAcceptance, decideRegistration, decideRequest, decideWaitlist, seatsToFill, type Capacity } from '../../../engine/enrollment/capacity.js';
import { isCancellable } from '../../../engine/enrollment/enrollment-status.js';
import { registrationWindow } from '../../../engine/enrollment/registration-window.js';
import { isInRegion } from '../../../engine/enrollment/training-region.js';

const cap = (registered: number, waitlisted: number, seats = 2, waitlistSeats = 2): Capacity => ({ seats, waitlistSeats, registered, waitlisted });

describe('registration decisions (spec part 3 section 4 result codes)', () => {
  it.each([
    ['a free seat', cap(1, 0), false, 1, 'register', 1, 1],
    ['already placed', cap(1, 0), true, 2, -2, 2, 1],
    ['seats full, waitlist room', cap(2, 1), false, 4, 'waitlist', 1, 2],
    ['seats and waitlist full', cap(2, 2), false, 3, -3, 3, -4],
    ['seats full, no waitlist', cap(2, 0, 2, 0), false, 3, -3, 3, -3],
  ] as const)('%s', (_name, c, active, register, waitlist, request, accept) => {
    expect(decideRegistration(c, active)).toBe(register);
    expect(decideWaitlist(c, active)).toBe(waitlist);
    expect(decideRequest(c, active)).toBe(request);
    expect(decideAcceptance(c)).toBe(accept);
  });

  it.each([
    [cap(1, 2), 1], [cap(0, 1), 1], [cap(0, 5, 3, 5), 3], [cap(2, 2), 0], [cap(0, 0), 0],
  ])('fills free seats from the waitlist: %o -> %i', (c, n) => { expect(seatsToFill(c)).toBe(n); });
});

describe('cancellation eligibility (spec part 3 section 6)', () => {
  it.each([
    ['Registered', false, true], ['Waitlisted', false, true], ['Registered', true, false], ['Unregistered', false, false],
    ['System Cancellation', false, false], ['Pending Approval', false, false], ['Denied', false, false],
  ] as const)('%s, locked %s: %s', (status, locked, ok) => { expect(isCancellable(status, locked)).toBe(ok); });
});

describe('the registration window (inclusive days)', () => {
  it.each([
    ['2026-05-10', '2026-05-10', '2026-05-20', 'open'], ['2026-05-09', '2026-05-10', '2026-05-20', 'notStarted'],
    ['2026-05-20', '2026-05-10', '2026-05-20', 'open'], ['2026-05-21', '2026-05-10', '2026-05-20', 'expired'],
    ['2026-05-21', null, null, 'open'],
  ] as const)('%s in %s..%s: %s', (today, start, end, state) => { expect(registrationWindow(today, start, end)).toBe(state); });
});

describe('the region of a registration', () => {
  const regions = [{ name: 'Birmingham', counties: ['Jefferson', 'Shelby'] }, { name: 'Mobile', counties: ['Mobile', 'Baldwin'] }];
  it.each([
    ['Birmingham', 'Jefferson', true], ['birmingham', ' shelby ', true], ['Mobile', 'Jefferson', false],
    ['Birmingham', null, false], ['Birmingham', 'Nowhere', false], ['', null, true], [null, 'Jefferson', true],
  ] as const)('session %s, county %s: %s', (region, county, inside) => { expect(isInRegion(regions, region, county)).toBe(inside); });
  it('a tenant without regions has nothing to check', () => { expect(isInRegion(undefined, 'Birmingham', null)).toBe(true); });
});
