/** A section's capacity and what is taken, counted inside the section's lock. */
export interface Capacity {
  seats: number;
  waitlistSeats: number;
  registered: number;
  waitlisted: number;
}

export const seatFree = (c: Capacity): boolean => c.registered < c.seats;
export const waitlistFree = (c: Capacity): boolean => c.waitlisted < c.waitlistSeats;

/** Registration (spec part 3 section 4): 1 success, 2 already registered, 3 full, 4 offer waitlist. */
export type RegisterCode = 1 | 2 | 3 | 4;
export function decideRegistration(c: Capacity, hasActive: boolean): RegisterCode {
  if (hasActive) return 2;
  if (seatFree(c)) return 1;
  return waitlistFree(c) ? 4 : 3;
}

/**
 * Joining the waitlist: 'register' when a seat is free (the waitlist is then empty: seats are
 * filled from it first), 'waitlist' while it has room, else -3; -2 for an active enrollment.
 */
export type WaitlistDecision = 'register' | 'waitlist' | -2 | -3;
export function decideWaitlist(c: Capacity, hasActive: boolean): WaitlistDecision {
  if (hasActive) return -2;
  if (seatFree(c) && c.waitlisted === 0) return 'register';
  return waitlistFree(c) ? 'waitlist' : -3;
}

/** Out-of-region request (user side): 1 submitted, 2 already registered, 3 full (no seat and no waitlist seat). */
export type RequestCode = 1 | 2 | 3;
export function decideRequest(c: Capacity, hasActive: boolean): RequestCode {
  if (hasActive) return 2;
  return seatFree(c) || waitlistFree(c) ? 1 : 3;
}

/**
 * Accepting an out-of-region request (reviewer side, above 0 is success): 1 registered, 2
 * waitlisted; -3 full without a waitlist, -4 seats and waitlist full.
 */
export type AcceptOutcome = 1 | 2 | -3 | -4;
export function decideAcceptance(c: Capacity): AcceptOutcome {
  if (seatFree(c) && c.waitlisted === 0) return 1;
  if (waitlistFree(c)) return 2;
  return c.waitlistSeats === 0 ? -3 : -4;
}

/** How many waiting people take seats that are free (after a cancellation, or more seats). */
export function seatsToFill(c: Capacity): number {
  return Math.max(0, Math.min(c.seats - c.registered, c.waitlisted));
}
