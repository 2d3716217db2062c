import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Grid } from '../../engine/metadata/grid-schema.js';
import type { GridRow } from '../components/data-grid/grid-types.js';

/** A row action that opens its own window (a modal or a dialog flow); `changed` reloads the grid. */
export interface RowActionModalProps {
  grid: Grid;
  row: GridRow;
  onClose: (changed: boolean) => void;
}

type ModalLoader = () => Promise<ComponentType<RowActionModalProps>>;

const employment = () => import('../screens/employment/employment-actions.js');
const staff = () => import('../screens/staff/staff-actions.js');
const manageUsers = () => import('../screens/manage-users/manage-users-actions.js');
const training = () => import('../screens/training/training-actions.js');
const enrollment = () => import('../screens/training/enrollment-actions.js');
const enrollStudents = () => import('../screens/training-search/enroll-students.js');

/** Row actions of grid metadata, by action id, that open a window (loaded on demand). */
const MODALS: Record<string, ModalLoader> = {
  'organizational-roles': () => employment().then((m) => m.OrganizationalRolesAction),
  'request-staff-role': () => employment().then((m) => m.RequestStaffRoleAction),
  'end-staff-role': () => employment().then((m) => m.EndStaffRoleAction),
  'end-director-role': () => employment().then((m) => m.EndDirectorRoleAction),
  'end-employment': () => employment().then((m) => m.EndEmploymentAction),
  'remove-traintn-access': () => employment().then((m) => m.RemoveTrainTnAction),
  'training-report': () => import('../screens/training-report-modal.js').then((m) => m.TrainingReportAction),
  'archived-training-reports': () => import('../screens/training-report-modal.js').then((m) => m.ArchivedReportsAction),
  'user-records': () => import('../records/user-records-modal.js').then((m) => m.UserRecordsAction),
  'verify-user-records': () => import('../records/user-records-modal.js').then((m) => m.VerifyUserRecordsAction),
  'manage-email-addresses': () => manageUsers().then((m) => m.ManageEmailAddressesAction),
  'confirm-user': () => manageUsers().then((m) => m.ConfirmUserAction),
  'user-access-permissions': () => manageUsers().then((m) => m.UserAccessPermissionsAction),
  'unlock-user': () => manageUsers().then((m) => m.UnlockUserAction),
  'review-verification': () => import('../screens/verification/review-record-action.js').then((m) => m.ReviewRecordAction),
  'remove-organization-association': () => staff().then((m) => m.RemoveAssociationAction),
  'grant-staff-traintn': () => staff().then((m) => m.GrantStaffTrainTnAction),
  'remove-staff-traintn': () => staff().then((m) => m.RemoveStaffTrainTnAction),
  'staff-program-details': () => staff().then((m) => m.StaffProgramDetailsAction),
  'assigned-agencies': () => import('../screens/supervision/assigned-agencies-modal.js').then((m) => m.AssignedAgenciesAction),
  'staff-verification-history': () => import('../screens/supervision/staff-verification-history-modal.js').then((m) => m.StaffVerificationHistoryAction),
  'request-action-history': () => import('../screens/history/request-history-modal.js').then((m) => m.RequestActionHistoryAction),
  'action-history-details': () => import('../screens/history/action-history-modal.js').then((m) => m.ActionHistoryDetailsAction),
  'review-comments': () => import('../screens/trainer-reports/review-comments-modal.js').then((m) => m.ReviewCommentsAction),
  'manage-schedule': () => training().then((m) => m.ManageScheduleAction),
  'registration-attendance-details': () => training().then((m) => m.EnrollmentDetailsAction),
  'delete-course': () => training().then((m) => m.DeleteCourseAction),
  'delete-session': () => training().then((m) => m.DeleteSessionAction),
  'send-training-message': () => training().then((m) => m.SendMessageAction),
  'set-attendance': () => enrollment().then((m) => m.SetAttendanceAction),
  'view-certificate': () => enrollment().then((m) => m.ViewCertificateAction),
  'cancel-registration': () => enrollment().then((m) => m.CancelRegistrationAction),
  'send-enrollee-message': () => enrollment().then((m) => m.SendEnrolleeMessageAction),
  'enroll-students': () => enrollStudents().then((m) => m.EnrollStudentsAction),
  'student-details': () => enrollStudents().then((m) => m.StudentDetailsAction),
};

export interface RowActionModals {
  /** the grid's actions that open a window; null when it has none */
  offered: ReadonlySet<string> | null;
  onRowAction: ((actionId: string, row: GridRow) => void) | undefined;
  /** the open window, to render below the grid */
  modal: ReactNode;
}

/** Row actions that open a window: what a grid screen offers, runs and shows. */
export function useRowActionModals(grid: Grid | undefined, onChanged: () => void): RowActionModals {
  const [open, setOpen] = useState<{ Component: ComponentType<RowActionModalProps>; row: GridRow } | null>(null);
  const offered = useMemo(() => {
    const ids = (grid?.rowActions ?? []).map((a) => a.id).filter((id) => id in MODALS);
    return ids.length ? new Set(ids) : null;
  }, [grid]);
  const run = useCallback((actionId: string, row: GridRow) => {
    void MODALS[actionId]?.().then((Component) => setOpen({ Component, row }));
  }, []);
  const close = useCallback((changed: boolean) => {
    setOpen(null);
    if (changed) onChanged();
  }, [onChanged]);
  const modal = open && grid ? <open.Component grid={grid} row={open.row} onClose={close} /> : null;
  return { offered, onRowAction: offered ? run : undefined, modal };
}
