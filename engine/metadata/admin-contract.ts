/**
 * The metadata administration API (issue 13): what /api/admin/metadata/* answers, shared by the
 * server's routes and the browser's screens. Every call needs the claim Metadata.write on the
 * caller's active role (403 otherwise). `tenant` defaults to the server's tenant; any tenant folder
 * may be named (its administrators' layer is stored by tenant code).
 */
import type { MetadataKind } from './registry.js';
import type { ClientMetadata } from './client-metadata.js';

/** Where a value comes from: the repository's base metadata, the tenant folder, the administrators' layer (published), or the caller's draft. */
export type LayerName = 'base' | 'tenant' | 'admin' | 'draft';

/**
 * One document of the merged registry. `id`: the entity/form id (as a string), the grid, workflow,
 * inbox, route or role id; for the kinds held in one file (text, tenant, work, rule, report,
 * notification, messaging) the kind's name itself.
 */
export interface DocumentKey {
  kind: MetadataKind;
  id: string;
}

/** GET /documents?tenant= : every document, by kind. */
export interface DocumentSummary extends DocumentKey {
  /** the document's name for people (entity displayName or name, form name, grid id, route displayName, ...) */
  title: string;
  /** the layers that hold this document, lowest first */
  layers: LayerName[];
  /** the caller has a draft of it */
  draft: boolean;
  /** defined in the base metadata (a spec document: can be hidden, not deleted) */
  system: boolean;
}

/** GET /document?kind=&id=&tenant= */
export interface DocumentDetail extends DocumentKey {
  /** the published merged document (null when only the draft holds it) */
  value: unknown;
  /** the caller's draft of the whole document (null: no draft; `{ "$remove": true }`: deletion drafted) */
  draft: unknown;
  /** each layer's own contribution, lowest first */
  layers: Array<{ layer: LayerName; path: string; data: unknown }>;
  /** for every leaf value of the shown document (the draft if any, else value): JSON pointer -> the layer it comes from */
  origins: Record<string, LayerName>;
}

/** A problem of the merged registry, as metadata:check prints it. */
export interface AdminProblem {
  /** the file (admin layer files are named `admin:<path in the tenant layout>`) */
  file: string;
  /** RFC 6901 pointer inside that file */
  pointer: string;
  message: string;
  /** the document it belongs to, when known */
  document?: DocumentKey;
}

/** PUT /draft body: the whole new document, or its deletion. Drafts may be invalid: the answer tells. */
export interface DraftSave extends DocumentKey {
  tenant?: string;
  value?: unknown;
  remove?: boolean;
}
/** PUT /draft and POST /validate answer: problems of the merged registry with the caller's drafts applied ([] = publishable). */
export interface ValidationAnswer {
  problems: AdminProblem[];
}

/** POST /publish body. 400 { message, problems } when invalid; 409 { message, widened } when a rule opens every row to every role and confirmWidening was not given. */
export interface PublishRequest {
  tenant?: string;
  comment: string;
  confirmWidening?: boolean;
}
export interface WideningAnswer {
  message: string;
  /** the rules that grant read on every row to every role: document and pointer */
  widened: Array<DocumentKey & { pointer: string }>;
}

/** GET /versions?tenant= (newest first). Version 0 is the files alone. */
export interface VersionSummary {
  number: number;
  author: { id: number; name: string };
  createdAt: string;
  comment: string;
  action: 'publish' | 'rollback' | 'import';
  /** for a rollback: the version restored */
  restored?: number;
  changed: DocumentKey[];
}

/** GET /diff?from=N&to=M&tenant= : merged documents that differ between two versions (0: the files alone). */
export interface DiffAnswer {
  from: number;
  to: number;
  documents: Array<DocumentKey & { change: 'added' | 'removed' | 'changed'; before: unknown; after: unknown }>;
}

/** POST /rollback body: publishes version `number`'s layer again as a new version. */
export interface RollbackRequest {
  tenant?: string;
  number: number;
  comment: string;
}

/** GET /export?tenant= : the published layer as files in the tenant folder's layout (`forms/<name>.json`, `routes.json`, ...). POST /import { tenant?, files } puts them in the caller's drafts. */
export interface LayerFiles {
  tenant: string;
  files: Record<string, unknown>;
}

/** GET /kinds: each kind with its JSON Schema (for the editor's completion and inline errors). */
export interface KindSchema {
  kind: MetadataKind;
  schema: unknown;
}

/** GET /preview?tenant= : the browser metadata with the caller's drafts applied (preview as a role). */
export type PreviewMetadata = ClientMetadata;

/** Header on any /api call of a Metadata.write holder: the request runs on the registry with the caller's drafts (previews on real data). */
export const DRAFT_HEADER = 'x-metadata-draft';

/** The claim every metadata administration call needs. */
export const METADATA_CLAIM = 'Metadata.write';
