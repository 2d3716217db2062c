/**
 * Overlay of one metadata layer over another (DESIGN.md section 3):
 * - objects merge key by key, recursively;
 * - arrays whose items are all objects with an `id` merge by id: matched items merge, new items are
 *   appended, the base order is kept;
 * - any other array and any scalar is replaced by the layer, and so is a json-logic expression (an
 *   object whose one key is a rule operator): a layer's rule replaces the base rule, never merges into it;
 * - an object (or array item) carrying `"$remove": true` removes that entry; on a whole document the
 *   result is `undefined`.
 * - an object (or array item) carrying `"$replace": true` replaces the entry whole instead of merging
 *   into it (the administrators' layer stores its documents so: issue 13);
 * `$remove` and `$replace` never survive into the result, and neither input is mutated.
 */

import { KNOWN_OPERATORS } from '../rules/json-logic.js';

export const REMOVE_KEY = '$remove';
export const REPLACE_KEY = '$replace';

type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for an object carrying `"$remove": true`. */
export function isRemoveMarker(value: unknown): boolean {
  return isPlainObject(value) && value[REMOVE_KEY] === true;
}

/** `{ "==": [...] }`, `{ "var": "x" }`, `{ "rule": "isManager" }`: a rule is one value, replaced as a whole by an overlay. */
export function isRuleExpression(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (KNOWN_OPERATORS.has(keys[0]!) || (keys[0] === 'rule' && typeof value.rule === 'string'));
}

/** True for an object carrying `"$replace": true`. */
export function isReplaceMarker(value: unknown): boolean {
  return isPlainObject(value) && value[REPLACE_KEY] === true;
}

function hasId(value: unknown): value is PlainObject & { id: unknown } {
  return isPlainObject(value) && 'id' in value && (typeof value.id === 'string' || typeof value.id === 'number');
}

/** Items keyed by id? Empty arrays qualify, so an empty layer array leaves an id-keyed base as it is. */
function isIdArray(value: unknown[]): boolean {
  return value.every(hasId);
}

/** A deep copy without `$remove` and `$replace` markers: removed entries are dropped, `$remove: false` keys too. */
export function stripRemoveMarkers(value: unknown): unknown {
  if (isRemoveMarker(value)) return undefined;
  if (Array.isArray(value)) {
    return value.filter((item) => !isRemoveMarker(item)).map((item) => stripRemoveMarkers(item));
  }
  if (isPlainObject(value)) {
    const out: PlainObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === REMOVE_KEY || key === REPLACE_KEY || isRemoveMarker(child)) continue;
      out[key] = stripRemoveMarkers(child);
    }
    return out;
  }
  return value;
}

function idKey(item: { id: unknown }): string {
  return `${typeof item.id}:${String(item.id)}`;
}

function mergeById(base: unknown[], layer: unknown[]): unknown[] {
  const layerById = new Map<string, unknown[]>();
  for (const item of layer) {
    if (!hasId(item)) continue;
    const key = idKey(item);
    layerById.set(key, [...(layerById.get(key) ?? []), item]);
  }
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (const item of base) {
    if (!hasId(item)) continue;
    const key = idKey(item);
    seen.add(key);
    const merged = (layerById.get(key) ?? []).reduce<unknown>((acc, over) => overlay(acc, over), stripRemoveMarkers(item));
    if (merged !== undefined) out.push(merged);
  }
  const appended = new Set<string>();
  for (const item of layer) {
    if (!hasId(item)) continue;
    const key = idKey(item);
    if (seen.has(key) || appended.has(key)) continue;
    appended.add(key);
    const merged = (layerById.get(key) ?? []).reduce<unknown>((acc, over) => overlay(acc, over), undefined);
    if (merged !== undefined) out.push(merged);
  }
  return out;
}

/** Overlays `layer` on `base`; `undefined` means "nothing" (a removed or absent document). */
export function overlay(base: unknown, layer: unknown): unknown {
  if (layer === undefined) return stripRemoveMarkers(base);
  if (isRemoveMarker(layer)) return undefined;
  if (isReplaceMarker(layer)) return stripRemoveMarkers(layer);
  if (isPlainObject(base) && isPlainObject(layer) && !isRuleExpression(base) && !isRuleExpression(layer)) {
    const out = stripRemoveMarkers(base) as PlainObject;
    for (const [key, child] of Object.entries(layer)) {
      if (key === REMOVE_KEY) continue;
      const merged = overlay(out[key], child);
      if (merged === undefined) delete out[key];
      else out[key] = merged;
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(layer) && isIdArray(base) && isIdArray(layer)) {
    return mergeById(base, layer);
  }
  return stripRemoveMarkers(layer);
}
