import type { Composition } from '../components/composition/composition-types.js';

const employment = () => import('../screens/employment/employment-actions.js');
const staff = () => import('../screens/staff/staff-actions.js');
const manageUsers = () => import('../screens/manage-users/manage-users-actions.js');
const training = () => import('../screens/training/training-actions.js');
const enrollment = () => import('../screens/training/enrollment-actions.js');
const enrollStudents = () => import('../screens/training-search/enroll-students.js');
const facilities = () => import('../screens/staff/facility-actions.js');

/** Row actions of grid metadata, by action id, that open a window (loaded on demand). */
export const ROW_ACTIONS: Composition['rowActions'] = {
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
  'pdp-reflection': () => import('../records/pdp-item-modals.js').then((m) => m.PdpReflectionAction),
  'pdp-comments': () => import('../records/pdp-item-modals.js').then((m) => m.PdpCommentsAction),
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
  'view-facility': () => facilities().then((m) => m.ViewFacilityAction),
  'facility-provider-summary': () => facilities().then((m) => m.FacilityProviderSummaryAction),
  // the resume editor: Open on a resume row, Generate Resume in the Resume grid's add chooser (issue 28)
  'open-resume': () => import('../screens/resume/resume-editor.js').then((m) => m.ResumeEditorAction),
  'generate-resume': () => import('../screens/resume/resume-editor.js').then((m) => m.ResumeEditorAction),
  // the generic row actions a grid's row action runs by its parameters (grid metadata rowActions[].step / .gridWindow)
  'workflow-step': () => import('../components/workflow/workflow-step-action.js').then((m) => m.WorkflowStepAction),
  'grid-window': () => import('../components/composition/grid-window-action.js').then((m) => m.GridWindowAction),
  // windows that a grid's View opens (grid metadata viewModal)
  'endorsement-details': () => import('../records/endorsement-details-action.js').then((m) => m.EndorsementDetailsAction),
  'verification-review': () => import('../screens/verification/review-modal.js').then((m) => m.ReviewModal),
  'verification-history-detail': () => import('../screens/verification/history-detail-modal.js').then((m) => m.HistoryDetailModal),
};

/** Selection actions of grid metadata (multi-select grids), by action id. */
export const SELECTION_ACTIONS: Composition['selectionActions'] = {
  'set-attendance': () => enrollment().then((m) => m.SetAttendanceForChosen),
  'cancel-registration': () => enrollment().then((m) => m.CancelRegistrationForChosen),
};

/** The bespoke panels of choose-then-list screens, by name. */
export const PANELS: Composition['panels'] = {
  'staff-management': () => import('../screens/staff/staff-management.js').then((m) => m.StaffPanel),
};

/** The bespoke panels of accordion screens' sections, by name (their parameters come from route metadata). */
export const SECTION_PANELS: Composition['sectionPanels'] = {
  'people-search': () => import('../screens/coaching/people-search-panel.js').then((m) => m.PeopleSearchPanel),
  // a grid screen's panel above its grid (route metadata screen.panel; its parameter gridId is the screen's grid)
  'career-standing': () => import('../screens/lattice/career-standing-panel.js').then((m) => m.CareerStandingPanel),
};
