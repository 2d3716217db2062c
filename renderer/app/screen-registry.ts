import type { Route } from '../../engine/metadata/app-schema.js';
import type { ScreenLoader } from '../components/composition/composition-types.js';

/** The screen kinds of route metadata, each one chunk loaded on demand. */
const KINDS: Record<string, ScreenLoader> = {
  grid: () => import('../screens/grid-screen.js').then((m) => m.GridScreen),
  tabs: () => import('../screens/tabs-screen.js').then((m) => m.TabsScreen),
  inbox: () => import('../screens/inbox/inbox-screen.js').then((m) => m.InboxScreen),
  outlet: () => import('../screens/outlet-screen.js').then((m) => m.OutletScreen),
  'choose-then-list': () => import('../screens/choose-then-list/choose-then-list-screen.js').then((m) => m.ChooseThenListScreen),
  accordion: () => import('../screens/accordion/accordion-screen.js').then((m) => m.AccordionScreen),
  text: () => import('../screens/text-screen.js').then((m) => m.TextScreen),
};

/** The screens written by hand, by the name route metadata gives them (`screen: { kind: 'bespoke', name }`). */
const BESPOKE: Record<string, ScreenLoader> = {
  home: () => import('../screens/home-screen.js').then((m) => m.HomeScreen),
  about: () => import('../screens/about-screen.js').then((m) => m.AboutScreen),
  'accept-terms': () => import('../screens/accept-terms-screen.js').then((m) => m.AcceptTermsScreen),
  login: () => import('../screens/login-screen.js').then((m) => m.LoginScreen),
  register: () => import('../screens/register-screen.js').then((m) => m.RegisterScreen),
  'forgot-password': () => import('../screens/forgot-password-screen.js').then((m) => m.ForgotPasswordScreen),
  'dashboard-layout': () => import('../screens/dashboard-layout.js').then((m) => m.DashboardLayout),
  dashboard: () => import('../screens/dashboard-main.js').then((m) => m.DashboardMain),
  settings: () => import('../screens/settings-screen.js').then((m) => m.SettingsScreen),
  personal: () => import('../screens/personal-screen.js').then((m) => m.PersonalScreen),
  'terms-edit': () => import('../screens/terms-edit-screen.js').then((m) => m.TermsEditScreen),
  // Requests: the directors' and the administrators' (whose organization filter only directors see)
  'role-requests': () => import('../screens/organization-requests-screen.js').then((m) => m.OrganizationRequestsScreen),
  'user-records': () => import('../screens/user-records-screen.js').then((m) => m.UserRecordsScreen),
  'search-users': () => import('../screens/search-users/search-users-screen.js').then((m) => m.SearchUsersScreen),
  'metadata-documents': () => import('../screens/metadata-admin/documents-screen.js').then((m) => m.MetadataDocumentsScreen),
  'metadata-document': () => import('../screens/metadata-admin/document-screen.js').then((m) => m.MetadataDocumentScreen),
  'metadata-versions': () => import('../screens/metadata-admin/versions-screen.js').then((m) => m.MetadataVersionsScreen),
  'metadata-form-builder': () => import('../screens/metadata-admin/form-builder-screen.js').then((m) => m.MetadataFormBuilderScreen),
  'metadata-grid-editor': () => import('../screens/metadata-admin/grid-editor-screen.js').then((m) => m.MetadataGridEditorScreen),
  'metadata-preview': () => import('../screens/metadata-admin/preview-screen.js').then((m) => m.MetadataPreviewScreen),
  'training-search': () => import('../screens/training-search/training-search-screen.js').then((m) => m.TrainingSearchScreen),
  'certificate-check': () => import('../screens/certificate-check-screen.js').then((m) => m.CertificateCheckScreen),
  'reference-answer': () => import('../screens/reference-answer-screen.js').then((m) => m.ReferenceAnswerScreen),
  'calendar-view': () => import('../screens/calendar/calendar-view-screen.js').then((m) => m.CalendarViewScreen),
  'upcoming-trainings': () => import('../screens/calendar/upcoming-trainings-screen.js').then((m) => m.UpcomingTrainingsScreen),
};

/** The screen route metadata declares (a kind, or a bespoke screen by name); null when it declares none. */
export function screenLoader(route: Route): ScreenLoader | null {
  const s = route.screen;
  if (!s) return null;
  if (s.kind === 'bespoke') return BESPOKE[s.name] ?? null;
  return KINDS[s.kind] ?? null;
}
