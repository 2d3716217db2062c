/** RFC 6901 JSON pointers: '' is the whole document, '/elements/3/type' a value inside it. */

export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => `/${escapeSegment(s)}`).join('');
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Joins a pointer and further segments. */
export function joinPointer(pointer: string, ...segments: Array<string | number>): string {
  return pointer + toPointer(segments);
}

/** The value a pointer names, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (typeof node === 'object' && node !== null) node = (node as Record<string, unknown>)[segment];
    else return undefined;
  }
  return node;
}
