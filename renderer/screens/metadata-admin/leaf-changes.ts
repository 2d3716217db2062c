/**
 * The changes between two JSON documents as a list of leaves (JSON pointer, value before, value
 * after), for a diff that reads as words rather than colours.
 */

export interface LeafChange {
  pointer: string;
  change: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every leaf (a scalar, or an empty object or array) of a JSON value by pointer. */
export function leaves(value: unknown, pointer = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) into.set(pointer, value);
    for (const [k, v] of entries) leaves(v, `${pointer}/${escape(k)}`, into);
  } else if (value !== undefined) {
    into.set(pointer, value);
  }
  return into;
}

/** The leaves added or changed, then those removed, from `before` to `after`; a document that is null (added or removed whole) has no leaves. */
export function leafChanges(before: unknown, after: unknown): LeafChange[] {
  const a = leaves(before ?? undefined);
  const b = leaves(after ?? undefined);
  const changes: LeafChange[] = [];
  for (const [pointer, value] of b) {
    if (!a.has(pointer)) changes.push({ pointer, change: 'added', after: value });
    else if (JSON.stringify(a.get(pointer)) !== JSON.stringify(value)) changes.push({ pointer, change: 'changed', before: a.get(pointer), after: value });
  }
  for (const [pointer, value] of a) if (!b.has(pointer)) changes.push({ pointer, change: 'removed', before: value });
  return changes;
}
