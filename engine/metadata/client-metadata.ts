import type { Role, Route, Tenant, TextCatalogue } from './app-schema.js';
import type { Entity } from './entity-schema.js';
import type { Choice, Form } from './form-schema.js';
import type { Grid } from './grid-schema.js';
import type { Inbox } from './inbox-schema.js';
import type { Workflow } from './workflow-schema.js';

/** What GET /api/metadata answers: the compiled metadata of the tenant, as lists. */
export interface ClientMetadata {
  tenant: Tenant;
  routes: Route[];
  roles: Role[];
  texts: TextCatalogue;
  entities: Entity[];
  forms: Form[];
  /** the named option lists, by id (the form builder's preview gives a `choiceList` element its choices) */
  choiceLists: Record<string, Choice[]>;
  grids: Grid[];
  /** the inbox screens (routes of screen kind inbox) */
  inboxes: Inbox[];
  /** the workflows: a grid shows their transitions (the ones the server offers each row) and takes them, singly or in bulk */
  workflows: Workflow[];
  /** browser session timing in seconds: idle sign-out, warning before it, token check interval */
  session: { idleSeconds: number; warningSeconds: number; checkSeconds: number };
  /** the real-time hub connection: tries, and seconds between them (HUB_RECONNECT_ATTEMPTS, HUB_RECONNECT_SECONDS) */
  hub: { reconnectAttempts: number; reconnectSeconds: number };
  /** file uploads: the largest file in bytes (FILE_MAX_BYTES), told before the upload */
  files: { maxBytes: number };
}
