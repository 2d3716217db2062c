import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockIn } from '../../../engine/rules/today.js';

describe('wall clock of a time zone', () => {
  it.each([
    ['2099-01-10T09:00', 'America/Chicago', '2099-01-10T15:00:00.000Z'],
    ['2026-07-01T09:30', 'America/Chicago', '2026-07-01T14:30:00.000Z'],
    ['2026-11-01T01:30:00', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-03-15T23:45', 'UTC', '2026-03-15T23:45:00.000Z'],
  ])('%s in %s is %s and back', (wall, zone, instant) => {
    expect(instantOfWallClock(wall, zone)).toBe(instant);
    expect(wallClockIn(instant, zone)).toBe(wall.slice(0, 16));
  });

  it('answers null for what is no instant', () => {
    expect(wallClockIn('not a date', 'America/Chicago')).toBeNull();
  });
});
