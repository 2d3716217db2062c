/**
 * What the administrators' screens show of the documents (issue 13): the list of every document
 * with its layers, and one document's merged value, each layer's part and each value's origin.
 * Pure, like admin-documents.ts, whose layer model it reads.
 */
import type { DocumentDetail, DocumentKey, DocumentSummary, LayerName } from './admin-contract.js';
import { documentsOf, idOf, keyString, mergedValue } from './admin-documents.js';
import { jsonEqual } from './json-equal.js';
import { toPointer } from './json-pointer.js';
import { isPlainObject, isRemoveMarker, overlay } from './overlay.js';
import { METADATA_KINDS, type MetadataFile, type MetadataKind } from './registry.js';

function titleOf(kind: MetadataKind, id: string, value: unknown): string {
  if (!isPlainObject(value)) return id;
  const pick = (...names: string[]) => names.map((n) => value[n]).find((v): v is string => typeof v === 'string' && v !== '');
  if (kind === 'entity') return pick('displayName', 'name') ?? id;
  if (kind === 'route') return pick('displayName', 'id') ?? id;
  if (kind === 'role') return pick('label') ?? id;
  return pick('name', 'title', 'id') ?? id;
}

/** GET /documents: every document (files, published layer, and the caller's drafts), sorted by kind and id. */
export function listDocuments(files: readonly MetadataFile[], drafts: ReadonlyMap<string, unknown>): DocumentSummary[] {
  const docs = documentsOf(files);
  const out: DocumentSummary[] = [];
  const seen = new Set<string>();
  for (const [k, entry] of docs) {
    seen.add(k);
    const value = mergedValue(entry.contributions);
    const draft = drafts.get(k);
    if (value === undefined && draft === undefined) continue;
    const layers = [...new Set(entry.contributions.map((c) => c.layer))];
    out.push({ ...entry.key, title: titleOf(entry.key.kind, entry.key.id, draft !== undefined && !isRemoveMarker(draft) ? draft : value), layers, draft: draft !== undefined, system: layers.includes('base') });
  }
  for (const [k, draft] of drafts) {
    if (seen.has(k) || isRemoveMarker(draft)) continue;
    const [kind, ...rest] = k.split(':') as [MetadataKind, ...string[]];
    const id = rest.join(':');
    out.push({ kind, id, title: titleOf(kind, id, draft), layers: ['draft'], draft: true, system: false });
  }
  const kinds = Object.keys(METADATA_KINDS);
  return out.sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** The value at `segments` of a document; array items are found by id when the shown item has one. */
function at(value: unknown, segments: ReadonlyArray<{ segment: string; id?: string }>): unknown {
  let v = value;
  for (const { segment, id } of segments) {
    if (Array.isArray(v)) v = id !== undefined ? v.find((item) => idOf(item) === id) : v[Number(segment)];
    else if (isPlainObject(v)) v = v[segment];
    else return undefined;
  }
  return v;
}

/** Each leaf (scalar, empty array or object) of a value with its path. */
function leaves(value: unknown, path: Array<{ segment: string; id?: string }>, out: Array<Array<{ segment: string; id?: string }>>): void {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, i) => leaves(item, [...path, { segment: String(i), ...(idOf(item) !== undefined ? { id: idOf(item) } : {}) }], out));
  } else if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) leaves(child, [...path, { segment: key }], out);
  } else {
    out.push(path);
  }
}

/**
 * For every leaf of `shown`: the layer it comes from. A leaf equal to what the lower layers already
 * give is the lowest of those layers'; else the layer that set it.
 */
export function leafOrigins(steps: ReadonlyArray<{ layer: LayerName; value: unknown }>, shown: unknown): Record<string, LayerName> {
  const origins: Record<string, LayerName> = {};
  if (steps.length === 0) return origins;
  const paths: Array<Array<{ segment: string; id?: string }>> = [];
  leaves(shown, [], paths);
  for (const path of paths) {
    const target = at(shown, path);
    let origin = steps[steps.length - 1]!.layer;
    for (let i = steps.length - 2; i >= 0; i -= 1) {
      if (!jsonEqual(at(steps[i]!.value, path), target)) break;
      origin = steps[i]!.layer;
    }
    origins[toPointer(path.map((p) => p.segment))] = origin;
  }
  return origins;
}

/** GET /document: a document's merged value, the caller's draft, each layer's part and each leaf's origin. */
export function documentDetail(files: readonly MetadataFile[], key: DocumentKey, draft: unknown): DocumentDetail | null {
  const entry = documentsOf(files).get(keyString(key));
  const contributions = entry?.contributions ?? [];
  const value = mergedValue(contributions);
  if (value === undefined && draft === undefined) return null;
  const steps: Array<{ layer: LayerName; value: unknown }> = [];
  let acc: unknown;
  for (const c of contributions) {
    acc = overlay(acc, c.data);
    const last = steps[steps.length - 1];
    if (last && last.layer === c.layer) last.value = acc;
    else steps.push({ layer: c.layer, value: acc });
  }
  const layers: DocumentDetail['layers'] = contributions.map((c) => ({ layer: c.layer, path: c.path, data: c.data }));
  const drafted = draft !== undefined && !isRemoveMarker(draft);
  if (drafted) {
    steps.push({ layer: 'draft', value: draft });
    layers.push({ layer: 'draft', path: 'draft', data: draft });
  }
  const shown = drafted ? draft : value;
  return { ...key, value: value ?? null, draft: draft ?? null, layers, origins: leafOrigins(steps, shown) };
}
