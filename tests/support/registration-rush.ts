import { performance } from 'node:perf_hooks';

/** One person's way through a full session, as the browser goes: register, and on the waitlist offer (4) join the waitlist. */
export interface RushOutcome {
  userId: number;
  register: number;
  waitlist: number | null;
  /** each request's time in ms */
  times: number[];
}

export interface Rusher { id: number; token: string }

async function postCode(baseUrl: string, path: string, body: object, token: string, times: number[]): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/enrollment/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const text = await res.text();
  times.push(performance.now() - t0);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
  return Number(JSON.parse(text));
}

/** Everyone registers for the section at once over HTTP (Promise.all); answers each person's outcome. */
export async function registrationRush(baseUrl: string, courseSectionId: number, people: readonly Rusher[]): Promise<RushOutcome[]> {
  return Promise.all(people.map(async (p) => {
    const times: number[] = [];
    const body = { courseSectionId, userId: p.id, organizationId: null };
    const register = await postCode(baseUrl, 'register', body, p.token, times);
    const waitlist = register === 4 ? await postCode(baseUrl, 'waitlist', body, p.token, times) : null;
    return { userId: p.id, register, waitlist, times };
  }));
}

/** The outcomes counted: registered (1), waitlisted (positions), full (3, or -3 after the offer), anything else. */
export function tally(outcomes: readonly RushOutcome[]): { registered: number[]; positions: Map<number, number>; full: number; other: number } {
  const registered: number[] = [];
  const positions = new Map<number, number>();
  let full = 0;
  let other = 0;
  for (const o of outcomes) {
    if (o.register === 1) registered.push(o.userId);
    else if (o.register === 3 || o.waitlist === -3) full += 1;
    else if (o.waitlist !== null && o.waitlist >= 1) positions.set(o.userId, o.waitlist);
    else other += 1;
  }
  return { registered, positions, full, other };
}

/** The user ids in the order of their positions (1 first). */
export const byPosition = (positions: ReadonlyMap<number, number>): number[] => [...positions.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
