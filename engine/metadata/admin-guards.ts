/**
 * The guard rails of a publish (issue 13 part 5), run on the documents before and after it:
 * ids are never reused for something else (an id may come back meaning what it meant), the base metadata's documents, system fields and answered form elements
 * are hidden rather than deleted, and an access rule opened to everyone needs a confirmation.
 * Pure: the server passes the ids used before and the elements holding saved responses.
 */
import type { AdminProblem, DocumentKey } from './admin-contract.js';
import { adminFiles, adminPath, documentsOf, keyString, mergedDocuments, mergedValue, type AdminLayer } from './admin-documents.js';
import type { Entity } from './entity-schema.js';
import type { Form } from './form-schema.js';
import { jsonEqual } from './json-equal.js';
import { isPlainObject } from './overlay.js';
import type { MetadataFile, Registry } from './registry.js';
import { ruleHolds } from '../rules/json-logic.js';

/** The kinds whose ids are never reused (form elements as `element`). */
const ID_KINDS = ['entity', 'form', 'grid', 'route'] as const;

/** Every id of a file set that may never mean something else, with what it means there: `entity:9001`, `element:90011`, `route:my-records`, ... */
export function idMeanings(files: readonly MetadataFile[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, { key, value }] of mergedDocuments(files)) {
    if (!(ID_KINDS as readonly string[]).includes(key.kind)) continue;
    out.set(k, value);
    if (key.kind === 'form') for (const e of elementsOf(value)) out.set(`element:${e.id}`, e);
  }
  return out;
}

/** What the ids each of `layers` touched meant over `files` (for earlierMeanings), each id with every value it had. */
export function layerMeanings(files: readonly MetadataFile[], layers: readonly AdminLayer[]): Map<string, unknown[]> {
  const lower = documentsOf(files);
  const out = new Map<string, unknown[]>();
  const add = (k: string, value: unknown) => out.set(k, [...(out.get(k) ?? []), value]);
  for (const layer of layers) {
    for (const [k, { key, contributions }] of documentsOf(adminFiles(layer))) {
      if (!(ID_KINDS as readonly string[]).includes(key.kind)) continue;
      const value = mergedValue([...(lower.get(k)?.contributions ?? []), ...contributions]);
      if (value === undefined) continue;
      add(k, value);
      if (key.kind === 'form') for (const e of elementsOf(value)) add(`element:${e.id}`, e);
    }
  }
  return out;
}

export function usedIdsOf(files: readonly MetadataFile[]): Set<string> {
  return new Set(idMeanings(files).keys());
}

function elementsOf(form: unknown): Array<{ id: number; field?: string }> {
  const elements = isPlainObject(form) && Array.isArray(form.elements) ? form.elements : [];
  return elements.filter((e): e is { id: number; field?: string } => isPlainObject(e) && typeof e.id === 'number');
}

/** Form elements a publish removes, with the entity field their answers are kept in. */
export interface RemovedElement {
  formId: number;
  elementId: number;
  entityTypeId: number;
  field: string | undefined;
}

export function removedElements(before: readonly MetadataFile[], after: readonly MetadataFile[]): RemovedElement[] {
  const a = mergedDocuments(before);
  const b = mergedDocuments(after);
  const out: RemovedElement[] = [];
  for (const [k, { key, value }] of a) {
    if (key.kind !== 'form') continue;
    const kept = new Set(elementsOf(b.get(k)?.value).map((e) => e.id));
    const form = value as Form;
    for (const e of elementsOf(value)) if (!kept.has(e.id)) out.push({ formId: form.id, elementId: e.id, entityTypeId: form.entityTypeId, field: e.field });
  }
  return out;
}

export interface GuardInput {
  /** the repository's files (base and tenant) */
  files: readonly MetadataFile[];
  /** the files with the published layer, and with the new one */
  before: readonly MetadataFile[];
  after: readonly MetadataFile[];
  beforeRegistry: Registry | null;
  afterRegistry: Registry;
  /** ids published before (metadata_used_ids) */
  usedIds: ReadonlySet<string>;
  /** what each id meant in the versions published before (idMeanings of each): an id may come back meaning the same */
  earlierMeanings: ReadonlyMap<string, readonly unknown[]>;
  /** removed form elements holding saved responses */
  answered: ReadonlySet<number>;
  /** a rollback restores what was there: ids may come back */
  rollback: boolean;
}

export interface GuardResult {
  problems: AdminProblem[];
  widened: Array<DocumentKey & { pointer: string }>;
}

const NOBODY = { user: { id: 0, roles: [], activeRole: '', claims: [] }, tenant: '', today: '2000-01-01' };

/** A rule that holds with no user and no row: it grants every row to every role. */
export function grantsEveryone(rule: unknown): boolean {
  if (rule === undefined) return false;
  try {
    return ruleHolds(rule, NOBODY);
  } catch {
    return false;
  }
}

function problem(key: DocumentKey, pointer: string, message: string): AdminProblem {
  return { file: adminPath(key), pointer, message, document: key };
}

export function checkGuards(input: GuardInput): GuardResult {
  const problems: AdminProblem[] = [];
  const base = documentsOf(input.files);
  const before = mergedDocuments(input.before);
  const after = mergedDocuments(input.after);
  const baseHolds = (k: string) => base.get(k)?.contributions.some((c) => c.layer === 'base') ?? false;

  for (const [k, { key }] of before) {
    if (after.has(k) || !baseHolds(k)) continue;
    const how = key.kind === 'route' ? ' (set "hidden": true)' : '';
    problems.push(problem(key, '', `${key.kind} ${key.id} belongs to the base metadata: it can be hidden${how}, not deleted`));
  }

  for (const [k, { key, value }] of before) {
    if (key.kind !== 'entity') continue;
    const kept = new Set(((after.get(k)?.value as Entity | undefined)?.fields ?? []).map((f) => f.id));
    for (const field of (value as Entity).fields ?? []) {
      if (field.system && after.has(k) && !kept.has(field.id)) problems.push(problem(key, '/fields', `field '${field.id}' of entity ${key.id} is a system field: it cannot be deleted`));
    }
  }

  const baseElements = new Set<number>();
  for (const entry of base.values()) {
    if (entry.key.kind !== 'form') continue;
    for (const c of entry.contributions) if (c.layer === 'base') for (const e of elementsOf(c.data)) baseElements.add(e.id);
  }
  for (const removed of removedElements(input.before, input.after)) {
    const key: DocumentKey = { kind: 'form', id: String(removed.formId) };
    if (!after.has(keyString(key))) continue; // a whole form removed: judged as a document
    if (baseElements.has(removed.elementId)) problems.push(problem(key, '/elements', `element ${removed.elementId} belongs to the base metadata: it can be hidden ("visible": false), not deleted`));
    else if (input.answered.has(removed.elementId)) problems.push(problem(key, '/elements', `element ${removed.elementId} holds saved responses: it can be hidden ("visible": false), not deleted`));
  }

  if (!input.rollback) {
    const current = usedIdsOf(input.before);
    const files = idMeanings(input.files);
    const used = new Set([...input.usedIds, ...files.keys()]);
    const reused = (id: string, value: unknown): boolean => !current.has(id) && used.has(id)
      && !jsonEqual(files.get(id), value) && !(input.earlierMeanings.get(id) ?? []).some((earlier) => jsonEqual(earlier, value));
    for (const [k, { key, value }] of after) {
      if (!(ID_KINDS as readonly string[]).includes(key.kind)) continue;
      if (reused(k, value)) problems.push(problem(key, '/id', `${key.kind} id ${key.id} was used before for something else: an id is never reused, choose a new one`));
      if (key.kind !== 'form') continue;
      elementsOf(value).forEach((e, i) => {
        if (reused(`element:${e.id}`, e)) problems.push(problem(key, `/elements/${i}/id`, `element id ${e.id} was used before for something else: an id is never reused, choose a new one`));
      });
    }
  }

  return { problems, widened: widenedRules(input.beforeRegistry, input.afterRegistry) };
}

/** Entity read rules and grid row rules that hold for everyone after the publish and did not before. */
function widenedRules(before: Registry | null, after: Registry): GuardResult['widened'] {
  const widened: GuardResult['widened'] = [];
  for (const [id, entity] of after.entities) {
    if (grantsEveryone(entity.access.read) && !grantsEveryone(before?.entities.get(id)?.access.read)) widened.push({ kind: 'entity', id: String(id), pointer: '/access/read' });
  }
  for (const [id, grid] of after.grids) {
    if (grantsEveryone(grid.rows) && !grantsEveryone(before?.grids.get(id)?.rows)) widened.push({ kind: 'grid', id, pointer: '/rows' });
  }
  return widened;
}
