import { escapeSegment } from './json-pointer.js';
import { isPlainObject, overlay } from './overlay.js';
import type { DocRef, DocSource } from './origin.js';
import type { MetadataFile, MetadataProblem } from './registry.js';

/** One document after overlaying every layer that names it. */
export interface MergedDoc {
  /** `number:4`, `string:education`, or `file:<path>` when the document has no usable id */
  key: string;
  value: unknown;
  ref: DocRef;
}

export interface Merged<T> {
  result: T;
  problems: MetadataProblem[];
}

const LAYER_RANK: Record<MetadataFile['layer'], number> = { base: 0, tenant: 1, admin: 2 };

/** Base files first, then the tenant's, then the administrators' layer; each layer sorted by path: the one overlay order. */
export function orderFiles(files: readonly MetadataFile[]): MetadataFile[] {
  const rank = (f: MetadataFile): number => LAYER_RANK[f.layer];
  return [...files].sort((a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function docKey(file: MetadataFile): string {
  const id = isPlainObject(file.data) ? file.data.id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? `${typeof id}:${id}` : `file:${file.path}`;
}

/**
 * Entity, form and grid files: one document per file, matched across layers by `id` (not by file
 * name). Within one layer an id may appear once; a later duplicate is reported and left out.
 */
export function mergeDocuments(files: readonly MetadataFile[], kind: string): Merged<MergedDoc[]> {
  const problems: MetadataProblem[] = [];
  const byKey = new Map<string, { value: unknown; sources: DocSource[]; layers: Map<string, string> }>();
  for (const file of files) {
    const key = docKey(file);
    const entry = byKey.get(key) ?? { value: undefined, sources: [], layers: new Map<string, string>() };
    const twin = entry.layers.get(file.layer);
    if (twin !== undefined) {
      const id = isPlainObject(file.data) ? String(file.data.id) : '?';
      problems.push({ file: file.path, pointer: '/id', message: `duplicate ${kind} id ${id}: also defined in ${twin}` });
      continue;
    }
    entry.layers.set(file.layer, file.path);
    entry.value = overlay(entry.value, file.data);
    entry.sources.push({ file: file.path, data: file.data });
    byKey.set(key, entry);
  }
  const result: MergedDoc[] = [];
  for (const [key, entry] of byKey) {
    if (entry.value === undefined) continue; // removed by a layer (or only ever a removal)
    result.push({ key, value: entry.value, ref: { root: entry.value, sources: entry.sources, prefix: '' } });
  }
  return { result, problems };
}

/** routes.json and roles.json: arrays merged by id, layer over layer. */
export function mergeArrayFiles(files: readonly MetadataFile[]): MergedDoc | null {
  if (files.length === 0) return null;
  const value = files.reduce<unknown>((acc, f) => overlay(acc, f.data), undefined) ?? [];
  return { key: 'file', value, ref: { root: value, sources: files.map((f) => ({ file: f.path, data: f.data })), prefix: '' } };
}

/** Text catalogues: objects merged key by key; two base files may not define the same key. */
export function mergeTexts(files: readonly MetadataFile[]): Merged<MergedDoc> {
  const problems: MetadataProblem[] = [];
  const baseOwner = new Map<string, string>();
  let value: unknown = {};
  const sources: DocSource[] = [];
  for (const file of files) {
    if (!isPlainObject(file.data)) {
      problems.push({ file: file.path, pointer: '', message: 'a text file must be an object of key: text pairs' });
      continue;
    }
    if (file.layer === 'base') {
      for (const key of Object.keys(file.data)) {
        const owner = baseOwner.get(key);
        if (owner !== undefined) {
          problems.push({ file: file.path, pointer: `/${escapeSegment(key)}`, message: `duplicate text key '${key}': also defined in ${owner}` });
        } else {
          baseOwner.set(key, file.path);
        }
      }
    }
    value = overlay(value, file.data) ?? {};
    sources.push({ file: file.path, data: file.data });
  }
  return { result: { key: 'texts', value, ref: { root: value, sources, prefix: '' } }, problems };
}
