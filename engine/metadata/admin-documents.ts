/**
 * The documents of a metadata file set, as the administrators see and edit them (issue 13): every
 * document by kind and id, each layer's contribution to it, where each of its values comes from,
 * and the administrators' layer made from their drafts. Pure: the server reads and writes files
 * and rows, this file only computes.
 */
import type { DocumentKey, LayerName } from './admin-contract.js';
import { jsonEqual } from './json-equal.js';
import { isPlainObject, isRemoveMarker, overlay, REMOVE_KEY, REPLACE_KEY } from './overlay.js';
import { METADATA_KINDS, type MetadataFile, type MetadataKind } from './registry.js';

/** The administrators' layer as stored: file path (`admin:` and the tenant folder's layout) -> file data, markers included. */
export type AdminLayer = Record<string, unknown>;
export const ADMIN_PREFIX = 'admin:';

/**
 * How a kind's documents sit in its files: one document per file (`dir`), one per item of an
 * array file (`items`: routes, roles), the text catalogue (`texts`), or the whole file (`whole`).
 */
type Shape = 'dir' | 'items' | 'texts' | 'whole';
const ITEM_KINDS: ReadonlySet<MetadataKind> = new Set(['route', 'role']);

export function shapeOf(kind: MetadataKind): Shape {
  if (kind === 'text') return 'texts';
  if (ITEM_KINDS.has(kind)) return 'items';
  return 'dir' in METADATA_KINDS[kind] ? 'dir' : 'whole';
}

export const keyString = (key: DocumentKey): string => `${key.kind}:${key.id}`;

/** The administrators' layer as metadata files (layer `admin`); a path of no known kind is left out. */
export function adminFiles(layer: AdminLayer): MetadataFile[] {
  const files: MetadataFile[] = [];
  for (const [path, data] of Object.entries(layer)) {
    const kind = kindOfPath(path);
    if (kind) files.push({ path, kind, layer: 'admin', data });
  }
  return files;
}

/** The kind of a file by its path in the tenant folder's layout (`admin:` prefix optional). */
export function kindOfPath(path: string): MetadataKind | null {
  const rel = path.startsWith(ADMIN_PREFIX) ? path.slice(ADMIN_PREFIX.length) : path;
  for (const [kind, where] of Object.entries(METADATA_KINDS) as Array<[MetadataKind, { dir?: string; file?: string }]>) {
    if (where.file === rel) return kind;
    if (where.dir !== undefined && rel.startsWith(`${where.dir}/`) && rel.endsWith('.json') && !rel.slice(where.dir.length + 1).includes('/')) return kind;
  }
  return null;
}

/** One layer's contribution to one document. */
export interface Contribution {
  layer: LayerName;
  path: string;
  data: unknown;
}

interface DocEntry {
  key: DocumentKey;
  contributions: Contribution[];
}

const LAYER_OF: Record<MetadataFile['layer'], LayerName> = { base: 'base', tenant: 'tenant', admin: 'admin' };
const LAYER_ORDER: Record<LayerName, number> = { base: 0, tenant: 1, admin: 2, draft: 3 };

export function idOf(value: unknown): string | undefined {
  const id = isPlainObject(value) ? value.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** Every document of a file set with each layer's contribution, in overlay order (base, tenant, admin). */
export function documentsOf(files: readonly MetadataFile[]): Map<string, DocEntry> {
  const out = new Map<string, DocEntry>();
  const add = (key: DocumentKey, c: Contribution): void => {
    const k = keyString(key);
    const entry = out.get(k) ?? { key, contributions: [] };
    entry.contributions.push(c);
    out.set(k, entry);
  };
  const ordered = [...files].sort((a, b) => LAYER_ORDER[LAYER_OF[a.layer]] - LAYER_ORDER[LAYER_OF[b.layer]] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of ordered) {
    const layer = LAYER_OF[file.layer];
    const shape = shapeOf(file.kind);
    if (shape === 'dir') {
      const id = idOf(file.data);
      if (id !== undefined) add({ kind: file.kind, id }, { layer, path: file.path, data: file.data });
    } else if (shape === 'items') {
      for (const item of Array.isArray(file.data) ? file.data : []) {
        const id = idOf(item);
        if (id !== undefined) add({ kind: file.kind, id }, { layer, path: file.path, data: item });
      }
    } else {
      add({ kind: file.kind, id: file.kind }, { layer, path: file.path, data: file.data });
    }
  }
  return out;
}

/** A document merged from its contributions (undefined: removed, or never there). */
export function mergedValue(contributions: readonly Contribution[]): unknown {
  return contributions.reduce<unknown>((acc, c) => overlay(acc, c.data), undefined);
}

/** Every merged document of a file set by key string (removed ones left out). */
export function mergedDocuments(files: readonly MetadataFile[]): Map<string, { key: DocumentKey; value: unknown }> {
  const out = new Map<string, { key: DocumentKey; value: unknown }>();
  for (const [k, entry] of documentsOf(files)) {
    const value = mergedValue(entry.contributions);
    if (value !== undefined) out.set(k, { key: entry.key, value });
  }
  return out;
}

function replacing(value: unknown): unknown {
  return isPlainObject(value) ? { ...value, [REPLACE_KEY]: true } : value;
}

/** The admin layer's contribution that turns `lower` (the files' document) into `target` (undefined: removed); null when none is needed. */
function contributionFor(key: DocumentKey, lower: unknown, target: unknown): unknown {
  if (jsonEqual(lower, target)) return null;
  const shape = shapeOf(key.kind);
  if (target === undefined) {
    if (lower === undefined) return null;
    return shape === 'dir' || shape === 'items' ? { id: isPlainObject(lower) ? lower.id : key.id, [REMOVE_KEY]: true } : { [REMOVE_KEY]: true };
  }
  if (shape === 'texts' && isPlainObject(target)) {
    const base = isPlainObject(lower) ? lower : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(target)) if (!jsonEqual(base[k], v)) out[k] = v;
    for (const k of Object.keys(base)) if (!(k in target)) out[k] = { [REMOVE_KEY]: true };
    return out;
  }
  if (Array.isArray(target)) {
    const before = Array.isArray(lower) ? lower : [];
    const kept = new Set(target.map(idOf));
    const changed = target.filter((item) => !jsonEqual(before.find((b) => idOf(b) === idOf(item)), item)).map(replacing);
    const removed = before.filter((b) => idOf(b) !== undefined && !kept.has(idOf(b))).map((b) => ({ id: (b as { id: unknown }).id, [REMOVE_KEY]: true }));
    return [...changed, ...removed];
  }
  return replacing(target);
}

/** The file path of a document in the administrators' layer. */
export function adminPath(key: DocumentKey): string {
  const where = METADATA_KINDS[key.kind] as { dir?: string; file?: string };
  if (shapeOf(key.kind) === 'texts') return `${ADMIN_PREFIX}${where.dir}/admin.json`;
  return where.dir !== undefined ? `${ADMIN_PREFIX}${where.dir}/${key.id}.json` : `${ADMIN_PREFIX}${where.file}`;
}

/**
 * The administrators' layer after applying drafts (key string -> the whole new document, or
 * `{ "$remove": true }`) to the published layer, over `files` (base and tenant). Each document the
 * layer holds replaces the files' document whole (`$replace`); routes and roles hold their changed
 * items; texts only the changed keys. A draft equal to the files' document leaves nothing.
 */
export function applyDrafts(files: readonly MetadataFile[], published: AdminLayer, drafts: ReadonlyMap<string, unknown>): AdminLayer {
  const lower = documentsOf(files.filter((f) => f.layer !== 'admin'));
  const publishedDocs = documentsOf(adminFiles(published));
  const items = new Map<string, unknown[]>();
  const out: AdminLayer = {};
  const put = (key: DocumentKey, data: unknown): void => {
    const path = adminPath(key);
    if (shapeOf(key.kind) === 'items') items.set(path, [...(items.get(path) ?? []), data]);
    else out[path] = data;
  };
  const keys = [...new Set([...publishedDocs.keys(), ...drafts.keys()])];
  for (const k of keys) {
    const draft = drafts.get(k);
    const entry = publishedDocs.get(k);
    const key = entry?.key ?? parseKey(k);
    if (draft === undefined) {
      for (const c of entry?.contributions ?? []) put(key, c.data);
      continue;
    }
    const before = mergedValue(lower.get(k)?.contributions ?? []);
    const data = contributionFor(key, before, isRemoveMarker(draft) ? undefined : draft);
    if (data !== null) put(key, data);
  }
  for (const [path, list] of items) out[path] = list;
  return out;
}

export function parseKey(k: string): DocumentKey {
  const i = k.indexOf(':');
  return { kind: k.slice(0, i) as MetadataKind, id: k.slice(i + 1) };
}

/** Merged documents that differ between two file sets (e.g. the files with two versions' layers). */
export function diffDocuments(before: readonly MetadataFile[], after: readonly MetadataFile[]): Array<DocumentKey & { change: 'added' | 'removed' | 'changed'; before: unknown; after: unknown }> {
  const a = mergedDocuments(before);
  const b = mergedDocuments(after);
  const out: Array<DocumentKey & { change: 'added' | 'removed' | 'changed'; before: unknown; after: unknown }> = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k);
    const y = b.get(k);
    if (x && y && jsonEqual(x.value, y.value)) continue;
    const key = (x ?? y)!.key;
    out.push({ ...key, change: !x ? 'added' : !y ? 'removed' : 'changed', before: x?.value ?? null, after: y?.value ?? null });
  }
  return out;
}
