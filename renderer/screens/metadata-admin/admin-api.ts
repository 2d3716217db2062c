import { api } from '../../app/api-client.js';
import type {
  DiffAnswer, DocumentDetail, DocumentKey, DocumentSummary, DraftSave, KindSchema, LayerFiles, PreviewMetadata,
  PublishRequest, RollbackRequest, ValidationAnswer, VersionSummary,
} from '../../../engine/metadata/admin-contract.js';

/**
 * The metadata administration calls (engine/metadata/admin-contract.ts), one function per route of
 * /api/admin/metadata, shared by every metadata screen. `tenant` is left out to use the server's.
 */

const BASE = '/admin/metadata';

/** GET /drafts: one of the caller's drafts (the value is `{ "$remove": true }` for a drafted deletion). The contract names no type for it. */
export type DraftEntry = DocumentKey & { value: unknown };

/** DELETE /draft and /drafts: how many drafts were dropped. */
export interface DraftsDropped {
  deleted: number;
}

/** `?a=1&b=2` of the given values, leaving out the undefined ones. */
function query(params: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** GET /documents: every document of the merged registry, by kind. */
export function listDocuments(tenant?: string, signal?: AbortSignal): Promise<DocumentSummary[]> {
  return api<DocumentSummary[]>('GET', `${BASE}/documents${query({ tenant })}`, undefined, { signal });
}

/** GET /document: one document with its layers, the caller's draft and each value's origin. */
export function getDocument(key: DocumentKey, tenant?: string, signal?: AbortSignal): Promise<DocumentDetail> {
  return api<DocumentDetail>('GET', `${BASE}/document${query({ kind: key.kind, id: key.id, tenant })}`, undefined, { signal });
}

/** PUT /draft: saves the whole document (or its removal) as the caller's draft; answers the problems with the drafts applied. */
export function saveDraft(draft: DraftSave): Promise<ValidationAnswer> {
  return api<ValidationAnswer>('PUT', `${BASE}/draft`, draft);
}

/** DELETE /draft: drops the caller's draft of one document. */
export function discardDraft(key: DocumentKey, tenant?: string): Promise<DraftsDropped> {
  return api<DraftsDropped>('DELETE', `${BASE}/draft${query({ kind: key.kind, id: key.id, tenant })}`);
}

/** DELETE /drafts: drops all the caller's drafts. */
export function discardDrafts(tenant?: string): Promise<DraftsDropped> {
  return api<DraftsDropped>('DELETE', `${BASE}/drafts${query({ tenant })}`);
}

/** GET /drafts: the documents the caller has drafts of. */
export function listDrafts(tenant?: string, signal?: AbortSignal): Promise<DraftEntry[]> {
  return api<DraftEntry[]>('GET', `${BASE}/drafts${query({ tenant })}`, undefined, { signal });
}

/** POST /validate: the problems of the merged registry with the caller's drafts applied ([] = publishable). */
export function validateDrafts(tenant?: string): Promise<ValidationAnswer> {
  return api<ValidationAnswer>('POST', `${BASE}/validate`, { tenant });
}

/** POST /publish: the caller's drafts become a new version. 400 { message, problems }; 409 { message, widened } (WideningAnswer). */
export function publish(request: PublishRequest): Promise<VersionSummary> {
  return api<VersionSummary>('POST', `${BASE}/publish`, request);
}

/** GET /versions: newest first; version 0 is the files alone. */
export function listVersions(tenant?: string, signal?: AbortSignal): Promise<VersionSummary[]> {
  return api<VersionSummary[]>('GET', `${BASE}/versions${query({ tenant })}`, undefined, { signal });
}

/** GET /diff: the merged documents that differ between two versions. */
export function getDiff(from: number, to: number, tenant?: string): Promise<DiffAnswer> {
  return api<DiffAnswer>('GET', `${BASE}/diff${query({ from, to, tenant })}`);
}

/** POST /rollback: publishes an earlier version's layer again, as a new version. */
export function rollback(request: RollbackRequest): Promise<VersionSummary> {
  return api<VersionSummary>('POST', `${BASE}/rollback`, request);
}

/** GET /export: the published administrators' layer as files. */
export function exportLayer(tenant?: string): Promise<LayerFiles> {
  return api<LayerFiles>('GET', `${BASE}/export${query({ tenant })}`);
}

/** POST /import: layer files into the caller's drafts; answers the problems with the drafts applied. */
export function importLayer(files: Pick<LayerFiles, 'files'> & { tenant?: string }): Promise<ValidationAnswer> {
  return api<ValidationAnswer>('POST', `${BASE}/import`, files);
}

/** GET /kinds: each kind's JSON Schema. */
export function getKinds(): Promise<KindSchema[]> {
  return api<KindSchema[]>('GET', `${BASE}/kinds`);
}

/** GET /preview: the browser metadata with the caller's drafts applied. */
export function getPreview(tenant?: string, signal?: AbortSignal): Promise<PreviewMetadata> {
  return api<PreviewMetadata>('GET', `${BASE}/preview${query({ tenant })}`, undefined, { signal });
}
