import type { Route, Role, Tenant, TextCatalogue } from './app-schema.js';
import type { Entity } from './entity-schema.js';
import type { Choice, Form, FormElement } from './form-schema.js';
import type { Grid } from './grid-schema.js';
import type { NotificationKind, NotificationKindSettings } from './notification-schema.js';
import type { Report } from './report-schema.js';
import type { ResumeSection } from './resume-schema.js';
import type { WorkItem } from './work-schema.js';
import type { Workflow } from './workflow-schema.js';
import type { Messaging } from './messaging-schema.js';
import type { Inbox } from './inbox-schema.js';
import type { Relation } from './relation-schema.js';
import type { Lattice } from './lattice-schema.js';

/** The kinds of metadata and where their files live (in metadata/ and in each tenants/<code>/). */
export const METADATA_KINDS = {
  entity: { dir: 'entities' },
  form: { dir: 'forms' },
  grid: { dir: 'grids' },
  route: { file: 'routes.json' },
  role: { file: 'roles.json' },
  text: { dir: 'texts' },
  tenant: { file: 'tenant.json' },
  work: { file: 'dashboard-work.json' },
  rule: { file: 'rules.json' },
  relation: { file: 'relations.json' },
  report: { file: 'reports.json' },
  resume: { file: 'resume.json' },
  workflow: { dir: 'workflows' },
  notification: { file: 'notifications.json' },
  messaging: { file: 'messaging.json' },
  inbox: { dir: 'inboxes' },
  choiceList: { dir: 'choice-lists' },
  lattice: { file: 'career-lattice.json' },
} as const;
export type MetadataKind = keyof typeof METADATA_KINDS;

/** One metadata file as read from disk (or from an administrator's edit): parsed, not yet checked. */
export interface MetadataFile {
  /** path relative to the project root, e.g. `tenants/al/forms/education.json`; the administrators' layer: `admin:forms/9001.json` */
  path: string;
  kind: MetadataKind;
  layer: 'base' | 'tenant' | 'admin';
  data: unknown;
}

/** One problem found in metadata: which file, where in it (RFC 6901 JSON pointer), and what. */
export interface MetadataProblem {
  file: string;
  pointer: string;
  message: string;
}

/** Metadata of one tenant after overlay, validation and compilation: everything by id. */
export interface Registry {
  tenant: Tenant;
  entities: ReadonlyMap<number, Entity>;
  forms: ReadonlyMap<number, Form>;
  grids: ReadonlyMap<string, Grid>;
  routes: readonly Route[];
  roles: ReadonlyMap<string, Role>;
  texts: Readonly<TextCatalogue>;
  /** dashboard work items (what waits for a person, by active role) */
  work: readonly WorkItem[];
  /** the rule library: each named rule's logic, references inlined (the documents above hold no references) */
  rules: ReadonlyMap<string, unknown>;
  /** the named relations between the caller and rows (metadata/relations.json), by id */
  relations: ReadonlyMap<string, Relation>;
  /** reports over a person's rows (the Training Report), by id */
  reports: ReadonlyMap<string, Report>;
  /** the sections of a generated resume (metadata/resume.json), in their order */
  resumeSections: readonly ResumeSection[];
  /** workflows by id (a record type runs at most one: see workflowFor) */
  workflows: ReadonlyMap<string, Workflow>;
  /** notification kinds: texts, route and e-mail switch (server/domain/notifications) */
  notifications: ReadonlyMap<NotificationKind, NotificationKindSettings>;
  /** who may use messages and the group recipients (messaging.json; none without the file) */
  messaging: Messaging;
  /** the inbox screens (Messages, Notifications), by id */
  inboxes: ReadonlyMap<string, Inbox>;
  /** every form element by its (globally unique) id */
  elements: ReadonlyMap<number, { form: Form; element: FormElement }>;
  /** the named option lists (metadata/choice-lists and the tenant's), which forms' `choiceList` elements take */
  choiceLists: ReadonlyMap<string, Choice[]>;
  /** the career lattice (career-lattice.json; null in a tenant without one) */
  lattice: Lattice | null;
}
