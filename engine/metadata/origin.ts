import { isPlainObject } from './overlay.js';
import { parsePointer, toPointer } from './json-pointer.js';

/** One file's contribution to a merged document, in overlay order (base first). */
export interface DocSource {
  file: string;
  data: unknown;
}

/**
 * Where a merged document came from: the merged value, the files layered into it, and the pointer
 * of this document inside the merged value ('' for a whole file, '/3' for one route of routes.json).
 */
export interface DocRef {
  root: unknown;
  sources: readonly DocSource[];
  prefix: string;
}

export interface Located {
  file: string;
  pointer: string;
}

interface Walk {
  depth: number;
  segments: string[];
}

function idOf(value: unknown): unknown {
  return isPlainObject(value) ? value.id : undefined;
}

/** Follows merged-document segments through one source; array items are matched by id when they have one. */
function walk(merged: unknown, source: unknown, segments: readonly string[]): Walk {
  let m = merged;
  let s = source;
  const out: string[] = [];
  for (const segment of segments) {
    if (Array.isArray(m) && Array.isArray(s)) {
      const item: unknown = m[Number(segment)];
      const id = idOf(item);
      const same = Number(segment);
      const index = id === undefined || idOf(s[same]) === id ? same : s.findIndex((candidate) => idOf(candidate) === id);
      if (index < 0 || index >= s.length) break;
      out.push(String(index));
      m = item;
      s = s[index];
    } else if (isPlainObject(m) && isPlainObject(s) && segment in s) {
      out.push(segment);
      m = m[segment];
      s = s[segment];
    } else {
      break;
    }
  }
  return { depth: out.length, segments: out };
}

/**
 * The file (and the pointer inside it) a problem at `pointer` of a merged document belongs to: the
 * last file whose data holds the whole path; failing that, the one holding the longest part of it.
 */
export function locate(ref: DocRef, pointer: string): Located {
  const segments = parsePointer(ref.prefix + pointer);
  let best: { source: DocSource; walk: Walk } | null = null;
  for (const source of ref.sources) {
    const w = walk(ref.root, source.data, segments);
    if (!best || w.depth >= best.walk.depth) best = { source, walk: w };
  }
  if (!best) return { file: '', pointer: toPointer(segments) };
  const rest = segments.slice(best.walk.depth);
  return { file: best.source.file, pointer: toPointer([...best.walk.segments, ...rest]) };
}
