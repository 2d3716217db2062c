/** The quality-rating (QRIS) training cycle of a tenant: starts every `lengthMonths` from a month and day. */
export interface QrisCycleRule {
  startMonth: number;
  startDay: number;
  lengthMonths: number;
}

/** A cycle as the API answers it: `endDate` is the first day of the next cycle (exclusive). */
export interface QrisCycle {
  startDate: string;
  endDate: string;
}

export const DEFAULT_QRIS_CYCLE: QrisCycleRule = { startMonth: 7, startDay: 1, lengthMonths: 12 };

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function addMonths(year: number, month: number, months: number): [number, number] {
  const index = year * 12 + (month - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/**
 * The cycle holding `today` (YYYY-MM-DD). Cycles are anchored on the rule's month and day of
 * the year 2000, so a cycle longer than a year still falls on the same dates every time.
 */
export function qrisCycleOn(today: string, rule: QrisCycleRule = DEFAULT_QRIS_CYCLE): QrisCycle {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const monthsSinceAnchor = (y - 2000) * 12 + (m - rule.startMonth) - (d < rule.startDay ? 1 : 0);
  const cycles = Math.floor(monthsSinceAnchor / rule.lengthMonths);
  const [sy, sm] = addMonths(2000, rule.startMonth, cycles * rule.lengthMonths);
  const [ey, em] = addMonths(sy, sm, rule.lengthMonths);
  return { startDate: iso(sy, sm, rule.startDay), endDate: iso(ey, em, rule.startDay) };
}

/**
 * The end date shown to people: the exclusive end shifted back by a tiny offset (spec part 1
 * section 9), which is the day before.
 */
export function displayedCycleEnd(endDate: string): string {
  const t = Date.parse(`${endDate}T00:00:00Z`) - 1;
  return new Date(t).toISOString().slice(0, 10);
}
