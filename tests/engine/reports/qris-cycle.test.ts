import { describe, expect, it } from 'vitest';
import { displayedCycleEnd, qrisCycleOn } from '../../../engine/reports/qris-cycle.js';

describe('QRIS cycle (Training Report period)', () => {
  it.each([
    ['2026-11-22', '2026-07-01', '2027-07-01'],
    ['2026-07-01', '2026-07-01', '2027-07-01'],
    ['2026-06-30', '2025-07-01', '2026-07-01'],
    ['2000-07-01', '2000-07-01', '2001-07-01'],
    ['1999-12-31', '1999-07-01', '2000-07-01'],
  ])('on %s the default cycle runs %s to %s', (today, startDate, endDate) => {
    expect(qrisCycleOn(today)).toEqual({ startDate, endDate });
  });

  it.each([
    ['2026-11-22', { startMonth: 1, startDay: 1, lengthMonths: 12 }, '2026-01-01', '2027-01-01'],
    ['2026-11-22', { startMonth: 10, startDay: 15, lengthMonths: 24 }, '2026-10-15', '2028-10-15'],
    ['2026-10-14', { startMonth: 10, startDay: 15, lengthMonths: 24 }, '2024-10-15', '2026-10-15'],
    ['2026-03-01', { startMonth: 9, startDay: 1, lengthMonths: 6 }, '2026-03-01', '2026-09-01'],
    ['2026-02-28', { startMonth: 9, startDay: 1, lengthMonths: 6 }, '2025-09-01', '2026-03-01'],
  ])('on %s with %j the cycle runs %s to %s', (today, rule, startDate, endDate) => {
    expect(qrisCycleOn(today, rule)).toEqual({ startDate, endDate });
  });

  it('shows the end one tick earlier: the day before the next cycle starts', () => {
    expect(displayedCycleEnd('2027-07-01')).toBe('2027-06-30');
    expect(displayedCycleEnd('2028-03-01')).toBe('2028-02-29');
  });
});
