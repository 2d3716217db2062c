import type { AdminProblem, DocumentKey } from '../../../engine/metadata/admin-contract.js';

/** Where the registry's problems go in the JSON editor: inline at their pointer, or in a list. */

/** A server problem to show inline: a pointer inside this document and its message. */
export interface PointerProblem {
  pointer: string;
  message: string;
}

/** RFC 6901: the value a pointer names, undefined when absent. */
export function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return value;
  let at: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === null || typeof at !== 'object' || !(key in at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const sameKey = (a: DocumentKey | undefined, b: DocumentKey) => a !== undefined && a.kind === b.kind && String(a.id) === String(b.id);

/**
 * Splits the problems into those shown inline (this document's, whose pointer, or for the kinds kept
 * as entries of one file the pointer without the entry's index, is in the text) and the rest.
 */
export function splitProblems(problems: AdminProblem[], key: DocumentKey, text: string): { inline: PointerProblem[]; listed: AdminProblem[] } {
  let value: unknown;
  try { value = JSON.parse(text); } catch { return { inline: [], listed: problems }; }
  const inline: PointerProblem[] = [];
  const listed: AdminProblem[] = [];
  for (const p of problems) {
    const candidates = [p.pointer, p.pointer.replace(/^\/\d+(?=\/|$)/, '')];
    const pointer = sameKey(p.document, key) ? candidates.find((c) => resolvePointer(value, c) !== undefined) : undefined;
    if (pointer === undefined) listed.push(p);
    else inline.push({ pointer, message: p.message });
  }
  return { inline, listed };
}
