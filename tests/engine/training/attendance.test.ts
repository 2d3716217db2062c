import { describe, expect, it } from 'vitest';
import { attendanceRefusal, isAttendanceCode, planAttendance, type AttendanceRow } from '../../../engine/training/attendance.js';

const NOW = '2026-05-10T15:00:00.000Z';
const ended: AttendanceRow = { id: 1, locked: false, status: 'Registered', attendance: null, sessionEnd: '2026-05-09T21:00:00.000Z' };

describe('attendance eligibility (spec part 3 section 4)', () => {
  it.each<[string, AttendanceRow | null, ReturnType<typeof attendanceRefusal>]>([
    ['a Registered row of an ended, unlocked session', ended, null],
    ['one marked Partially Completed', { ...ended, attendance: 2 }, null],
    ['one cleared (0)', { ...ended, attendance: 0 }, null],
    ['no enrollment record', null, 'no-enrollment'],
    ['a locked session', { ...ended, locked: true }, 'locked'],
    ['Waitlisted', { ...ended, status: 'Waitlisted' }, 'not-registered'],
    ['Pending Approval', { ...ended, status: 'Pending Approval' }, 'not-registered'],
    ['Canceled', { ...ended, status: 'Canceled' }, 'not-registered'],
    ['already Completed', { ...ended, attendance: 1 }, 'final'],
    ['already Absent', { ...ended, attendance: 3 }, 'final'],
    ['a session ending later', { ...ended, sessionEnd: '2026-05-10T18:00:00.000Z' }, 'not-ended'],
    ['a session ending right now', { ...ended, sessionEnd: NOW }, 'not-ended'],
    ['locked and final: the first rule answers', { ...ended, locked: true, attendance: 1 }, 'locked'],
  ])('%s', (_name, row, expected) => {
    expect(attendanceRefusal(row, NOW)).toBe(expected);
  });

  it.each([[0, true], [1, true], [2, true], [3, true], [4, false], [-1, false]])('code %i is an attendance code: %s', (code, ok) => {
    expect(isAttendanceCode(code)).toBe(ok);
  });

  it('a bulk request applies only to eligible rows, each id once, in the order asked', () => {
    const rows = new Map<number, AttendanceRow>([
      [1, ended], [2, { ...ended, id: 2, attendance: 3 }], [3, { ...ended, id: 3 }], [4, { ...ended, id: 4, status: 'Canceled' }],
    ]);
    expect(planAttendance([3, 2, 1, 3, 4, 9], rows, NOW)).toEqual({
      eligible: [3, 1],
      skipped: [{ id: 2, reason: 'final' }, { id: 4, reason: 'not-registered' }, { id: 9, reason: 'no-enrollment' }],
    });
  });
});
