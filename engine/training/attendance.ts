/**
 * Attendance of a training session (spec part 3 sections 4 and 9): codes 0 (cleared),
 * 1 Completed, 2 Partially Completed, 3 Absent. Completed and Absent are final.
 * Pure rules: which enrollment rows may take attendance now, and which of a bulk request do.
 */

export const ATTENDANCE_CODES = [0, 1, 2, 3] as const;
export type AttendanceCode = (typeof ATTENDANCE_CODES)[number];
export const ATTENDANCE = { cleared: 0, completed: 1, partiallyCompleted: 2, absent: 3 } as const satisfies Record<string, AttendanceCode>;

/** Codes that cannot change once submitted. */
const FINAL: readonly number[] = [ATTENDANCE.completed, ATTENDANCE.absent];

/** The enrollment status that takes attendance. */
export const REGISTERED = 'Registered';

/** An enrollment row as the rules see it. */
export interface AttendanceRow {
  id: number;
  /** the session's (section's) recordIsLocked */
  locked: boolean;
  status: string;
  attendance: number | null;
  /** when the session ends: an ISO instant */
  sessionEnd: string;
}

/** Why a row takes no attendance now. */
export type AttendanceRefusal = 'no-enrollment' | 'locked' | 'not-registered' | 'final' | 'not-ended';

export function isAttendanceCode(n: number): n is AttendanceCode {
  return (ATTENDANCE_CODES as readonly number[]).includes(n);
}

/** Null when the row may take attendance at `now` (an ISO instant); else the first rule it fails, in the spec's order. */
export function attendanceRefusal(row: AttendanceRow | null, now: string): AttendanceRefusal | null {
  if (!row) return 'no-enrollment';
  if (row.locked) return 'locked';
  if (row.status !== REGISTERED) return 'not-registered';
  if (row.attendance !== null && FINAL.includes(row.attendance)) return 'final';
  if (!(Date.parse(row.sessionEnd) < Date.parse(now))) return 'not-ended';
  return null;
}

export interface AttendancePlan {
  /** ids of the rows that take the code, in the order asked */
  eligible: number[];
  /** the rows left as they are, with the reason */
  skipped: { id: number; reason: AttendanceRefusal }[];
}

/** Bulk attendance applies only to eligible rows (section 4); ids asked twice count once. */
export function planAttendance(ids: readonly number[], rows: ReadonlyMap<number, AttendanceRow>, now: string): AttendancePlan {
  const plan: AttendancePlan = { eligible: [], skipped: [] };
  for (const id of new Set(ids)) {
    const reason = attendanceRefusal(rows.get(id) ?? null, now);
    if (reason) plan.skipped.push({ id, reason });
    else plan.eligible.push(id);
  }
  return plan;
}
