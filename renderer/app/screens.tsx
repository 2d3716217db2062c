import type { ComponentType } from 'react';
import type { Route } from '../../engine/metadata/app-schema.js';

/** A screen the router can show for a route: loaded on demand (one chunk per screen). */
export type ScreenLoader = () => Promise<ComponentType<{ route: Route }>>;

/** Screens written by hand, by route id or by the route's `bespoke` screen name. */
const BESPOKE: Record<string, ScreenLoader> = {
  home: () => import('../screens/home-screen.js').then((m) => m.HomeScreen),
  about: () => import('../screens/about-screen.js').then((m) => m.AboutScreen),
  'accept-terms': () => import('../screens/accept-terms-screen.js').then((m) => m.AcceptTermsScreen),
  login: () => import('../screens/outlet-screen.js').then((m) => m.OutletScreen),
  'login-form': () => import('../screens/login-screen.js').then((m) => m.LoginScreen),
  register: () => import('../screens/register-screen.js').then((m) => m.RegisterScreen),
  'forgot-password': () => import('../screens/forgot-password-screen.js').then((m) => m.ForgotPasswordScreen),
  'logon-forgot-password': () => import('../screens/forgot-password-screen.js').then((m) => m.ForgotPasswordScreen),
  dashboard: () => import('../screens/dashboard-layout.js').then((m) => m.DashboardLayout),
  'dashboard-main': () => import('../screens/dashboard-main.js').then((m) => m.DashboardMain),
  'profile-settings': () => import('../screens/settings-screen.js').then((m) => m.SettingsScreen),
  'profile-personal': () => import('../screens/personal-screen.js').then((m) => m.PersonalScreen),
  'terms-edit': () => import('../screens/terms-edit-screen.js').then((m) => m.TermsEditScreen),
  'organization-requests': () => import('../screens/organization-requests-screen.js').then((m) => m.OrganizationRequestsScreen),
  // the administrators' Requests: the same screen, whose organization filter only directors see
  'admin-requests': () => import('../screens/organization-requests-screen.js').then((m) => m.OrganizationRequestsScreen),
  'verification-requests': () => import('../screens/verification/verification-screens.js').then((m) => m.VerificationRequestsScreen),
  'verification-history': () => import('../screens/verification/verification-screens.js').then((m) => m.VerificationHistoryScreen),
  'user-records': () => import('../screens/user-records-screen.js').then((m) => m.UserRecordsScreen),
  'organization-users': () => import('../screens/staff/staff-management.js').then((m) => m.OrganizationUsersScreen),
  organizations: () => import('../screens/staff/my-facilities-screen.js').then((m) => m.MyFacilitiesScreen),
  'search-users': () => import('../screens/search-users/search-users-screen.js').then((m) => m.SearchUsersScreen),
  'metadata-documents': () => import('../screens/metadata-admin/documents-screen.js').then((m) => m.MetadataDocumentsScreen),
  'metadata-document': () => import('../screens/metadata-admin/document-screen.js').then((m) => m.MetadataDocumentScreen),
  'metadata-versions': () => import('../screens/metadata-admin/versions-screen.js').then((m) => m.MetadataVersionsScreen),
  'metadata-form-builder': () => import('../screens/metadata-admin/form-builder-screen.js').then((m) => m.MetadataFormBuilderScreen),
  'metadata-grid-editor': () => import('../screens/metadata-admin/grid-editor-screen.js').then((m) => m.MetadataGridEditorScreen),
  'metadata-preview': () => import('../screens/metadata-admin/preview-screen.js').then((m) => m.MetadataPreviewScreen),
  'schedule-training': () => import('../screens/training/schedule-training-screen.js').then((m) => m.ScheduleTrainingScreen),
  'manage-attendance': () => import('../screens/training/manage-attendance-screen.js').then((m) => m.ManageAttendanceScreen),
  'search-training': () => import('../screens/training-search/training-search-screen.js').then((m) => m.TrainingSearchScreen),
  'certificate-check': () => import('../screens/certificate-check-screen.js').then((m) => m.CertificateCheckScreen),
  'calendar-view': () => import('../screens/calendar/calendar-view-screen.js').then((m) => m.CalendarViewScreen),
  'upcoming-trainings': () => import('../screens/calendar/upcoming-trainings-screen.js').then((m) => m.UpcomingTrainingsScreen),
};

/** The screen of a route: its metadata screen (grid, tabs, inbox, link), else a bespoke one, else none yet. */
export function screenLoader(route: Route): ScreenLoader | null {
  const s = route.screen;
  if (s?.kind === 'grid') return () => import('../screens/grid-screen.js').then((m) => m.GridScreen);
  if (s?.kind === 'tabs') return () => import('../screens/tabs-screen.js').then((m) => m.TabsScreen);
  if (s?.kind === 'inbox') return () => import('../screens/inbox/inbox-screen.js').then((m) => m.InboxScreen);
  if (s?.kind === 'bespoke') return BESPOKE[s.name] ?? null;
  return BESPOKE[route.id] ?? null;
}
