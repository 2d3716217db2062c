import { Type, type Static } from '@sinclair/typebox';
import { RemoveFlag, RoleCodeSchema, RuleSchema } from './schema-common.js';

const TextKey = (description: string) => Type.String({ minLength: 1, description: `a text key (metadata/texts): ${description}` });

/** The parent rows a choose-then-list screen offers: a grid's rows (up to 100) or the active role's organizations. */
const ChoicesSchema = Type.Union([
  Type.Object({
    gridId: Type.String({ description: 'the grid whose rows are offered (the caller\'s rows, as the grid\'s scope allows)' }),
    where: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), { description: 'only rows whose column equals the value' })),
  }, { additionalProperties: false }),
  Type.Object({ session: Type.Literal('organizations', { description: 'the organizations of the active role (id organizationId, field organizationName)' }) }, { additionalProperties: false }),
]);

const ChooseThenListSchema = Type.Object({
  kind: Type.Literal('choose-then-list'),
  intro: Type.Optional(TextKey('shown under the heading')),
  choose: Type.Object({
    from: ChoicesSchema,
    label: TextKey('the dropdown\'s label'),
    option: Type.Array(Type.String(), { minItems: 1, description: 'the fields of a row that name it, joined by ": "' }),
    all: Type.Optional(TextKey('an option first in the list that chooses every row (no filter); without it the first row is chosen')),
    empty: Type.Optional(TextKey('shown instead of the dropdown and the list when there is no row')),
    noneGoesTo: Type.Optional(Type.String({ description: 'with no row, the person is sent to this route instead' })),
    lockedWithOne: Type.Optional(Type.Boolean({ description: 'the dropdown is disabled when it holds one row' })),
  }, { additionalProperties: false }),
  list: Type.Union([
    Type.Object({
      gridId: Type.String({ description: 'the grid of the chosen row\'s children' }),
      column: Type.String({ description: 'the grid\'s column that holds the chosen row\'s id' }),
    }, { additionalProperties: false }),
    Type.Object({ panel: Type.String({ description: 'a bespoke panel for the chosen row (registered in the renderer)' }) }, { additionalProperties: false }),
  ]),
  actions: Type.Optional(Type.Array(Type.Object({
    id: Type.String({ description: 'a row action component, run on the chosen row' }),
    label: TextKey('the button\'s label'),
  }, { additionalProperties: false }), { description: 'buttons above the list acting on the chosen row' })),
}, { additionalProperties: false, description: 'a dropdown of parent rows, then the list of the chosen row\'s children' });

const AccordionSectionSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'names the section, e.g. in the query parameter that opens it' }),
  title: TextKey("the section's heading"),
  open: Type.Optional(Type.Boolean({ description: 'open when the screen opens (unless the query parameter names another section)' })),
  content: Type.Union([
    Type.Object({ gridId: Type.String({ description: 'a grid, with its forms and row actions' }) }, { additionalProperties: false }),
    Type.Object({
      panel: Type.String({ description: 'a bespoke panel (registered in the renderer)' }),
      params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String())]), { description: "the panel's parameters" })),
    }, { additionalProperties: false }),
  ]),
}, { additionalProperties: false });

const ScreenLinkSchema = Type.Object({
  routeId: Type.String({ description: 'the route linked to (shown only while the person may open it)' }),
  label: TextKey("the link's text"),
}, { additionalProperties: false });
export type ScreenLink = Static<typeof ScreenLinkSchema>;
/** Links to related screens under a screen's introduction (e.g. Resume to References and back). */
const ScreenLinksSchema = Type.Optional(Type.Array(ScreenLinkSchema, { minItems: 1, description: 'links to related screens, under the introduction' }));

const AccordionSchema = Type.Object({
  kind: Type.Literal('accordion'),
  intro: Type.Optional(TextKey('shown under the heading')),
  links: ScreenLinksSchema,
  oneOpen: Type.Optional(Type.Boolean({ description: 'one section open at a time: opening one closes the others' })),
  openParam: Type.Optional(Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'the query parameter naming the section to open on arrival (default open)' })),
  sections: Type.Array(AccordionSectionSchema, { minItems: 1 }),
}, { additionalProperties: false, description: 'collapsible sections, each a grid or a registered panel' });

export const RouteScreenSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('grid'),
    gridId: Type.String(),
    intro: Type.Optional(TextKey('shown under the heading')),
    links: ScreenLinksSchema,
    panel: Type.Optional(Type.String({ description: 'a registered panel shown above the grid (e.g. career-standing: the level computed from verified records)' })),
  }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('tabs'),
    continueButtons: Type.Optional(Type.Boolean({ description: 'each tab ends with a Continue button to the next tab (or to its continueTo route)' })),
  }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('outlet') }, { additionalProperties: false, description: 'a route that only groups its children (they show in its place)' }),
  Type.Object({ kind: Type.Literal('bespoke'), name: Type.String() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('inbox'), inbox: Type.String({ description: 'an inbox id (metadata/inboxes/)' }) }, { additionalProperties: false }),
  Type.Object({
    kind: Type.Literal('text'),
    text: TextKey('the page: paragraphs separated by a blank line'),
    table: Type.Optional(Type.Object({
      caption: TextKey("the table's caption"),
      columns: Type.Array(TextKey('a column heading'), { minItems: 1 }),
      rows: Type.Array(Type.Array(TextKey('a cell'), { minItems: 1 }), { minItems: 1, description: 'each row a text key per column' }),
    }, { additionalProperties: false, description: 'a table of catalogue texts under the paragraphs (Career Lattice Info: the levels)' })),
  }, { additionalProperties: false, description: 'a page of static text from the text catalogue (a tenant may say it its own way)' }),
  ChooseThenListSchema,
  AccordionSchema,
]);
export type RouteScreen = Static<typeof RouteScreenSchema>;
export type ChooseThenList = Static<typeof ChooseThenListSchema>;
export type Accordion = Static<typeof AccordionSchema>;
export type AccordionSection = Static<typeof AccordionSectionSchema>;

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
  feature: Type.Optional(Type.String({ minLength: 1, description: "a tenant feature (tenant.json features, overridden by a configuration row of the same key): while it is off the route is offered to no one, menus included" })),
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
