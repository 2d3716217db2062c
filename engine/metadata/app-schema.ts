import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RoleCodeSchema, RuleSchema } from './schema-common.js';

export const RouteScreenSchema = Type.Union([
  Type.Object({ kind: Type.Literal('grid'), gridId: Type.String() }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('tabs'),
    continueButtons: Type.Optional(Type.Boolean({ description: 'each tab ends with a Continue button to the next tab (or to its continueTo route)' })),
  }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('bespoke'), name: Type.String() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('link'), href: Type.String() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('inbox'), inbox: Type.String({ description: 'an inbox id (metadata/inboxes/)' }) }, { additionalProperties: false }),
]);

export const RouteSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'the route name' }),
  path: Type.String(),
  parent: Type.Optional(Type.String()),
  displayName: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  sequence: Type.Optional(Type.Integer()),
  roles: Type.Optional(Type.Array(RoleCodeSchema)),
  claims: Type.Optional(Type.Array(Type.String())),
  hidden: Type.Optional(Type.Boolean()),
  dashboardLink: Type.Optional(Type.Boolean({ description: 'a link on the dashboard for the people who may open the route, e.g. one kept out of the menu' })),
  hideOnAuth: Type.Optional(Type.Boolean()),
  requiresAuth: Type.Optional(Type.Boolean()),
  visible: Type.Optional(RuleSchema),
  screen: Type.Optional(RouteScreenSchema),
  continueTo: Type.Optional(Type.String({ description: "a tab's Continue button goes to this route instead of the next tab; '' for no button" })),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Route = Static<typeof RouteSchema>;
export const RoutesFileSchema = Type.Array(RouteSchema);

export const RoleSchema = Type.Object({
  id: RoleCodeSchema,
  label: Type.String(),
  claims: Type.Array(Type.String()),
  dashboardTitle: Type.Optional(Type.String()),
  elevated: Type.Optional(Type.Boolean({ description: 'an elevated role (manager, administrator): granted only to a holder of the staff role, and while held the staff role cannot be removed' })),
  service: Type.Optional(Type.Boolean({ description: 'an account of a program, not a person: keeps no records of its own' })),
  organizationOnly: Type.Optional(Type.Boolean({ description: 'held only at an organization (the director), never as a general role' })),
  requestable: Type.Optional(Type.Boolean({ description: 'a person may ask for it at the organization of an employment record (a role request)' })),
  exclusiveWith: Type.Optional(Type.Array(RoleCodeSchema, { description: 'roles no one holds together with this one (a role the tenant removed is ignored)' })),
  assigns: Type.Optional(Type.Object({
    rank: Type.Integer({ minimum: 1, description: 'a person holding several assigning roles assigns as the one of lowest rank' }),
    except: Type.Array(RoleCodeSchema, { description: 'the general roles this role may not grant or remove' }),
  }, { additionalProperties: false, description: 'a holder grants and removes general roles (User Access Permissions): every general role of the registry but these' })),
  startRank: Type.Optional(Type.Integer({ minimum: 1, description: 'sign-in starts in the held role of lowest rank; unranked roles only when none ranked is held' })),
  duty: Type.Optional(Type.Union([Type.Literal('staff'), Type.Literal('director'), Type.Literal('consultant')], { description: "the role's place in the registry: the staff of an organization (employees the Training Report and attestations are about; also the default role of a session naming none) or its director; consultant: licensing staff whose Verification Requests follow the agencies assigned to them; one role each" })),
  teaches: Type.Optional(Type.Boolean({ description: 'runs course sessions: acting in it, the calendar shows the sessions of their courses' })),
  guides: Type.Optional(Type.Array(Type.Object({ id: Type.String(), label: Type.String(), href: Type.String(), $remove: RemoveFlag }, { additionalProperties: false }))),
  $remove: RemoveFlag,
}, { additionalProperties: false });
export type Role = Static<typeof RoleSchema>;
export const RolesFileSchema = Type.Array(RoleSchema);

export const TextCatalogueSchema = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9.]*$' }), Type.String());
export type TextCatalogue = Static<typeof TextCatalogueSchema>;

export const TenantSchema = Type.Object({
  code: Type.String({ pattern: '^[a-z][a-z0-9]*$' }),
  productName: Type.String(),
  idLabel: Type.String(),
  agencyWord: Type.String(),
  staffRoleLabel: Type.String(),
  termsTitle: Type.String(),
  features: Type.Record(Type.String(), Type.Boolean()),
  links: Type.Optional(Type.Array(Type.Object({
    id: Type.String(), label: Type.String(), href: Type.String({ pattern: '^https?://' }),
  }, { additionalProperties: false }), { description: 'external links of the navigation bar (training catalog, help center)' })),
  timeZone: Type.Optional(Type.String({ description: 'IANA time zone (e.g. America/Chicago) of "today" in rules and of every date and time shown: grids, exports, reports, e-mails (default America/Chicago)' })),
  terms: Type.Optional(Type.String({ description: 'the terms text until an administrator sets TermsAndConditionsText (paragraphs separated by blank lines)' })),
  support: Type.Optional(Type.Object({
    phone: Type.String(), email: Type.String(),
  }, { additionalProperties: false, description: 'help-center contacts of the footer and the closed pages' })),
  partnerLinks: Type.Optional(Type.Array(Type.Object({
    id: Type.String(), label: Type.String(), href: Type.String({ pattern: '^https?://' }),
  }, { additionalProperties: false }), { description: 'partner links of the footer' })),
  guidanceDocument: Type.Optional(Type.Object({
    label: Type.String(), href: Type.String({ pattern: '^(https?://|/)' }),
  }, { additionalProperties: false, description: 'the guidance document of the footer viewer' })),
  offlineBanner: Type.Optional(Type.Object({
    from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), message: Type.String(), shortMessage: Type.String(),
  }, { additionalProperties: false, description: 'a banner shown from a date on (short form on narrow screens)' })),
  testHostAlert: Type.Optional(Type.String({ description: 'alert shown when BaseUrl names a test host' })),
  productionHost: Type.Optional(Type.String({ description: 'host name of production: BaseUrl on it means prod' })),
  qrisCycle: Type.Optional(Type.Object({
    startMonth: Type.Integer({ minimum: 1, maximum: 12 }),
    startDay: Type.Integer({ minimum: 1, maximum: 28 }),
    lengthMonths: Type.Integer({ minimum: 1, maximum: 60 }),
  }, { additionalProperties: false, description: 'the quality-rating (QRIS) training cycle of the Training Report (default: July 1, 12 months)' })),
  trainingRegions: Type.Optional(Type.Array(Type.Object({
    name: Type.String({ minLength: 1 }),
    counties: Type.Array(Type.String({ minLength: 1 })),
  }, { additionalProperties: false }), { description: "the training regions, in the order the Region choices list them, each with its counties: a person is in a session's region when the county of the organization they register through is one of the region's counties" })),
  passwordRules: Type.Optional(Type.Object({
    minLength: Type.Integer({ minimum: 1 }),
    upper: Type.Boolean(), lower: Type.Boolean(), digit: Type.Boolean(),
  }, { additionalProperties: false })),
}, { additionalProperties: false });
export type TenantFile = Static<typeof TenantSchema>;
/** A tenant as compiled: the time zone always set (metadata/compile.ts fills the default). */
export type Tenant = TenantFile & { timeZone: string };
