import { useCallback, useMemo } from 'react';
import { ruleHolds } from '../../../engine/rules/json-logic.js';
import { ApiError } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { useDialogs } from '../../components/dialogs.js';
import { useToasts } from '../../components/toasts.js';
import { cancelRegistrations, setAttendance } from './enrollment-api.js';
import { gridRows } from './training-api.js';

/** The enrollments grid (metadata/grids/training-enrollments.json): its row actions' rules decide which rows an action applies to. */
export const ENROLLMENTS_GRID = 'training-enrollments';
/** Attendance codes in the selector's order (spec part 3 section 4); 1 and 3 are final and confirmed first. */
const ATTENDANCE_OPTIONS = [1, 2, 3, 0];
const FINAL = new Set([1, 3]);

const nameOf = (row: GridRow) => String(row.fullName ?? row.userName ?? '');
const sessionOf = (row: GridRow) => `${String(row.courseName ?? '')}: ${String(row.courseSectionName ?? '')}`;
const sectionFilter = (sectionId: number) => [{ column: 'courseSectionId', value: sectionId, operation: 'Equals' as const }];

/** The people waiting in these sessions: who of them holds a seat after a cancellation was promoted. */
async function waitlisted(sectionIds: readonly number[]): Promise<GridRow[]> {
  const rows = await Promise.all(sectionIds.map((id) => gridRows(26, 24, sectionFilter(id))));
  return rows.flat().filter((r) => r.status === 'Waitlisted') as GridRow[];
}

export interface EnrollmentActions {
  /** whether the grid's row action applies to the row (its metadata rule) */
  applies: (actionId: string, row: GridRow) => boolean;
  /** Attendance for one row or the chosen rows; answers whether something changed */
  attendance: (rows: GridRow[]) => Promise<boolean>;
  cancel: (rows: GridRow[]) => Promise<boolean>;
}

/**
 * The dialog flows of the enrollments grid's actions (spec part 3 sections 4 and 8): attendance
 * with its required status and the 'Confirm Attendance Status' of final codes, cancellation with
 * an optional comment (showing who the waiting list promoted); the out-of-region review is the
 * workflow's step, which the grid takes itself. One row or many; the server decides and its
 * refusals are shown as the spec's alerts.
 */
export function useEnrollmentActions(): EnrollmentActions {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const context = useRuleContext();
  const grid = m.grid(ENROLLMENTS_GRID);
  const applies = useCallback((actionId: string, row: GridRow) => {
    const action = grid?.rowActions?.find((a) => a.id === actionId);
    return action !== undefined && ruleHolds(action.visible, { ...context, row }, true);
  }, [grid, context]);

  /** The call, with a 409 shown as the spec's alert under its title and anything else as an error toast. */
  const run = useCallback(async (call: () => Promise<void>, refusedTitle: string): Promise<boolean> => {
    try {
      await call();
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) await dialogs.alert({ title: refusedTitle, message: e.message });
      else toasts.showError(e);
      return false;
    }
  }, [dialogs, toasts]);

  const attendance = useCallback(async (rows: GridRow[]) => {
    const title = m.text('attendance.allSetTitle');
    if (!rows.some((r) => applies('set-attendance', r))) {
      await dialogs.alert({ title, message: m.text('attendance.allSet') });
      return false;
    }
    const one = rows.length === 1 ? rows[0]! : null;
    const answer = await dialogs.prompt({
      title: m.text('enrollmentActions.attendance.title'),
      message: one ? m.text('enrollmentActions.attendance.one', { name: nameOf(one), session: sessionOf(one) }) : m.text('enrollmentActions.attendance.many', { count: rows.length }),
      okLabel: m.text('enrollmentActions.attendance.title'),
      select: {
        label: m.text('enrollmentActions.attendance.status'), required: true,
        options: [{ value: '', label: m.text('enrollmentActions.attendance.choose') }, ...ATTENDANCE_OPTIONS.map((c) => ({ value: String(c), label: m.text(`enrollmentActions.attendance.${c}`) }))],
      },
    });
    if (answer?.button !== 'ok' || answer.value === '') return false;
    const code = Number(answer.value);
    const status = m.text(`enrollmentActions.attendance.${code}`);
    if (FINAL.has(code)) {
      const question = one ? m.text('enrollmentActions.attendance.confirmOne', { name: nameOf(one), status }) : m.text('enrollmentActions.attendance.confirmMany', { count: rows.length, status });
      if (!(await dialogs.confirm({ title: m.text('enrollmentActions.attendance.confirmTitle'), message: question }))) return false;
    }
    return run(async () => {
      const answered = await setAttendance(rows.map((r) => r.id), code);
      toasts.show({ type: 'success', message: m.text('enrollmentActions.attendance.done', { status, count: answered.set.length }) });
    }, title);
  }, [applies, dialogs, m, run, toasts]);

  const cancel = useCallback(async (rows: GridRow[]) => {
    const title = m.text('enrollment.noneEligibleForCancellation.title');
    const eligible = rows.filter((r) => applies('cancel-registration', r));
    if (eligible.length === 0) {
      await dialogs.alert({ title, message: m.text('enrollment.noneEligibleForCancellation') });
      return false;
    }
    const one = rows.length === 1 ? rows[0]! : null;
    const answer = await dialogs.prompt({
      title: m.text('enrollmentActions.cancel.title'),
      message: one ? m.text('enrollmentActions.cancel.one', { name: nameOf(one), session: sessionOf(one) }) : m.text('enrollmentActions.cancel.many', { count: eligible.length }),
      okLabel: m.text('enrollmentActions.cancel.confirm'), cancelLabel: m.text('enrollmentActions.cancel.keep'),
      input: { label: m.text('enrollmentActions.cancel.comment'), multiline: true },
    });
    if (answer?.button !== 'ok') return false;
    // a cancellation is per session: the chosen rows of a course's grid may span several
    const bySection = new Map<number, number[]>();
    for (const r of eligible) bySection.set(Number(r.courseSectionId), [...(bySection.get(Number(r.courseSectionId)) ?? []), Number(r.userId)]);
    const sections = [...bySection.keys()];
    return run(async () => {
      const waiting = await waitlisted(sections);
      let count = 0;
      for (const [sectionId, userIds] of bySection) count += await cancelRegistrations(sectionId, userIds, answer.value);
      const still = new Set((await waitlisted(sections)).map((r) => r.id));
      const promoted = waiting.filter((r) => !still.has(r.id)).map(nameOf);
      const done = m.text('enrollmentActions.cancel.done', { count });
      toasts.show({ type: 'success', message: promoted.length ? `${done} ${m.text('enrollmentActions.cancel.promoted', { names: promoted.join(', ') })}` : done });
    }, title);
  }, [applies, dialogs, m, run, toasts]);

  return useMemo(() => ({ applies, attendance, cancel }), [applies, attendance, cancel]);
}
