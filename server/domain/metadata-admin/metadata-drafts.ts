import type { AdminProblem, DiffAnswer, DocumentDetail, DocumentKey, DocumentSummary, DraftSave, LayerFiles, ValidationAnswer } from '../../../engine/metadata/admin-contract.js';
import { documentDetail, listDocuments } from '../../../engine/metadata/admin-document-views.js';
import { ADMIN_PREFIX, applyDrafts, diffDocuments, keyString, kindOfPath, shapeOf, type AdminLayer } from '../../../engine/metadata/admin-documents.js';
import { isPlainObject, REMOVE_KEY } from '../../../engine/metadata/overlay.js';
import type { MetadataKind, Registry } from '../../../engine/metadata/registry.js';
import { fitsDocumentId, KIND_SCHEMAS } from '../../../engine/metadata/validate.js';
import type { AppContext } from '../../app-context.js';
import { AppError, invalid } from '../../errors.js';
import { adminProblem, compileLayer, problemMessage, refused, tenantFiles, withLayer } from './metadata-layer.js';
import { judgeLayer } from './metadata-publish.js';
import { deleteDrafts, draftsOf, latestVersion, layerOf, publishedLayer, saveDraft } from '../../data/metadata-store.js';
import { adminText } from './metadata-texts.js';

/** The files, the published layer and the caller's drafts of a tenant. */
async function workingSet(ctx: AppContext, userId: number, tenant: string) {
  const [{ drafts }, published] = await Promise.all([draftsOf(ctx.db.knex, tenant, userId), publishedLayer(ctx.db.knex, tenant)]);
  const files = tenantFiles(ctx.config, tenant);
  return { files, drafts, published, withDrafts: () => applyDrafts(files, published.layer, drafts) };
}

export async function listAllDocuments(ctx: AppContext, userId: number, tenant: string): Promise<DocumentSummary[]> {
  const w = await workingSet(ctx, userId, tenant);
  return listDocuments(withLayer(w.files, w.published.layer), w.drafts);
}

export async function getDocument(ctx: AppContext, userId: number, tenant: string, key: DocumentKey): Promise<DocumentDetail> {
  const w = await workingSet(ctx, userId, tenant);
  const detail = documentDetail(withLayer(w.files, w.published.layer), key, w.drafts.get(keyString(key)));
  if (!detail) throw new AppError('not-found', adminText(ctx, 'noDocument', { kind: key.kind, id: key.id }));
  return detail;
}

/** Problems of the merged registry with the caller's drafts applied (compile and guard rails). */
export async function validateDrafts(ctx: AppContext, userId: number, tenant: string): Promise<ValidationAnswer> {
  const w = await workingSet(ctx, userId, tenant);
  if (w.drafts.size === 0) return { problems: [] };
  return { problems: (await judgeLayer(ctx, tenant, w.published, w.withDrafts(), false)).problems };
}

/** PUT /draft: the whole new document (its id that of the key) or its deletion; answers the problems with it. */
export async function putDraft(ctx: AppContext, userId: number, tenant: string, body: DraftSave): Promise<ValidationAnswer> {
  const key: DocumentKey = { kind: body.kind, id: body.id };
  const shape = shapeOf(key.kind);
  if (body.remove === true) {
    await saveDraft(ctx.db.knex, tenant, userId, key, { [REMOVE_KEY]: true }, (await latestVersion(ctx.db.knex, tenant)).number);
    return validateDrafts(ctx, userId, tenant);
  }
  // a document is an object; the kinds held as one array file (work, rules, reports, notifications) an array
  const arrayKind = shape === 'whole' && (KIND_SCHEMAS[key.kind] as { type?: string }).type === 'array';
  if (body.value === undefined || (arrayKind ? !Array.isArray(body.value) : !isPlainObject(body.value))) throw invalid(adminText(ctx, 'draftValue'), { value: adminText(ctx, 'draftValue') });
  const idOk = shape === 'dir' || shape === 'items'
    ? isPlainObject(body.value) && String(body.value.id) === key.id
    : key.id === key.kind;
  if (!idOk) throw invalid(adminText(ctx, 'idMismatch', { id: shape === 'dir' || shape === 'items' ? key.id : key.kind }), { id: adminText(ctx, 'idMismatch', { id: key.id }) });
  await saveDraft(ctx.db.knex, tenant, userId, key, body.value, (await latestVersion(ctx.db.knex, tenant)).number);
  return validateDrafts(ctx, userId, tenant);
}

export async function dropDrafts(ctx: AppContext, userId: number, tenant: string, key?: DocumentKey): Promise<{ deleted: number }> {
  return { deleted: await deleteDrafts(ctx.db.knex, tenant, userId, key) };
}

/** GET /drafts: the caller's drafts. */
export async function listDrafts(ctx: AppContext, userId: number, tenant: string): Promise<Array<DocumentKey & { value: unknown }>> {
  const { drafts } = await draftsOf(ctx.db.knex, tenant, userId);
  return [...drafts].map(([k, value]) => {
    const i = k.indexOf(':');
    return { kind: k.slice(0, i) as DocumentKey['kind'], id: k.slice(i + 1), value };
  });
}

export async function diffVersions(ctx: AppContext, tenant: string, from: number, to: number): Promise<DiffAnswer> {
  const files = tenantFiles(ctx.config, tenant);
  const [a, b] = await Promise.all([layerOf(ctx.db.knex, tenant, from), layerOf(ctx.db.knex, tenant, to)]);
  for (const [n, layer] of [[from, a], [to, b]] as const) {
    if (!layer) throw invalid(adminText(ctx, 'noVersion', { number: n }), { [n === from ? 'from' : 'to']: adminText(ctx, 'noVersion', { number: n }) });
  }
  return { from, to, documents: diffDocuments(withLayer(files, a!), withLayer(files, b!)) };
}

/** GET /export: the published layer as files of the tenant folder's layout, markers kept (committed into tenants/<code>/ they give the same registry). */
export async function exportLayer(ctx: AppContext, tenant: string): Promise<LayerFiles> {
  const { layer } = await publishedLayer(ctx.db.knex, tenant);
  return { tenant, files: Object.fromEntries(Object.entries(layer).map(([path, data]) => [path.slice(ADMIN_PREFIX.length), data])) };
}

/** The longest document id a draft or version keeps (metadata_drafts.doc_id). */
const MAX_DOCUMENT_ID = 100;

/** The ids a file gives its documents: a document's own, or each item's of a routes or roles file (kinds of one document have none). */
function documentIdsOf(kind: MetadataKind, data: unknown): unknown[] {
  const shape = shapeOf(kind);
  if (shape === 'dir') return [isPlainObject(data) ? data.id : undefined];
  if (shape === 'items') return (Array.isArray(data) ? data : []).map((item: unknown) => (isPlainObject(item) ? item.id : undefined));
  return [];
}

const clipped = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * POST /import: files of the tenant folder's layout (an export) become the caller's drafts: every
 * document whose merged value they change, drafted whole (or its deletion).
 */
export async function importLayer(ctx: AppContext, userId: number, tenant: string, files: Record<string, unknown>): Promise<ValidationAnswer> {
  const layer: AdminLayer = {};
  for (const [path, data] of Object.entries(files)) {
    const rel = path.startsWith(ADMIN_PREFIX) ? path.slice(ADMIN_PREFIX.length) : path;
    const kind = kindOfPath(rel);
    if (!kind) throw invalid(adminText(ctx, 'unknownFile', { path }), { files: adminText(ctx, 'unknownFile', { path }) });
    const bad = documentIdsOf(kind, data).find((id) => String(id).length > MAX_DOCUMENT_ID || !fitsDocumentId(kind, id));
    if (bad !== undefined) {
      const message = adminText(ctx, 'badDocumentId', { path, kind, id: clipped(String(bad)), max: MAX_DOCUMENT_ID });
      throw invalid(message, { files: message });
    }
    layer[`${ADMIN_PREFIX}${rel}`] = data;
  }
  const w = await workingSet(ctx, userId, tenant);
  const changes = diffDocuments(withLayer(w.files, w.published.layer), withLayer(w.files, layer));
  await ctx.db.knex.transaction(async (trx) => {
    for (const c of changes) {
      await saveDraft(trx, tenant, userId, { kind: c.kind, id: c.id }, c.change === 'removed' ? { [REMOVE_KEY]: true } : c.after, w.published.number, true);
    }
  });
  return validateDrafts(ctx, userId, tenant);
}

/** GET /preview: the compiled registry with the caller's drafts applied; 400 with the problems when it does not compile. */
export async function previewOf(ctx: AppContext, userId: number, tenant: string): Promise<Registry> {
  const w = await workingSet(ctx, userId, tenant);
  const layer = w.withDrafts();
  const compiled = compileLayer(w.files, layer, tenant);
  if (!compiled.registry) {
    const problems: AdminProblem[] = compiled.problems.map((p) => adminProblem(p, layer));
    throw refused('invalid', { message: problemMessage(tenant, problems), problems });
  }
  return compiled.registry;
}
