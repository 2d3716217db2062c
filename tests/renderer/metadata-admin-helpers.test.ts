import { describe, expect, it } from 'vitest';
import { leafChanges, leaves } from '../../renderer/screens/metadata-admin/leaf-changes.js';
import { resolvePointer, splitProblems } from '../../renderer/screens/metadata-admin/problem-places.js';

/** The metadata screens' rules that need no browser: the diff as leaves, pointers, problems inline or listed. */
describe('metadata screens helpers', () => {
  it('lists the leaves of a document by JSON pointer, escaping ~ and /', () => {
    expect([...leaves({ a: 1, 'b/c': { '~d': [true, null] }, e: [], f: {} })]).toEqual([
      ['/a', 1], ['/b~1c/~0d/0', true], ['/b~1c/~0d/1', null], ['/e', []], ['/f', {}],
    ]);
  });

  it('tells added, changed and removed leaves between two documents', () => {
    expect(leafChanges({ label: 'Name', width: 6, old: 'x' }, { label: 'Full name', width: 6, pattern: '^a' })).toEqual([
      { pointer: '/label', change: 'changed', before: 'Name', after: 'Full name' },
      { pointer: '/pattern', change: 'added', after: '^a' },
      { pointer: '/old', change: 'removed', before: 'x' },
    ]);
    expect(leafChanges(null, { a: 1 })).toEqual([{ pointer: '/a', change: 'added', after: 1 }]);
    expect(leafChanges({ a: null }, null)).toEqual([{ pointer: '/a', change: 'removed', before: null }]);
    expect(leafChanges({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });

  it('resolves RFC 6901 pointers', () => {
    const doc = { elements: [{ 'a/b': { '~': 5 } }] };
    expect(resolvePointer(doc, '/elements/0/a~1b/~0')).toBe(5);
    expect(resolvePointer(doc, '/elements/1')).toBeUndefined();
    expect(resolvePointer(doc, '')).toBe(doc);
  });

  it('shows a problem inline when it is of this document and its pointer is in the text, lists the rest', () => {
    const key = { kind: 'route' as const, id: 'metadata' };
    const text = JSON.stringify({ id: 'metadata', displayName: 5 });
    const problems = [
      { file: 'admin:routes.json', pointer: '/3/displayName', message: 'must be a string', document: key },
      { file: 'admin:routes.json', pointer: '/3/parent', message: 'unknown parent', document: key },
      { file: 'admin:forms/9.json', pointer: '/name', message: 'missing', document: { kind: 'form' as const, id: '9' } },
    ];
    const split = splitProblems(problems, key, text);
    expect(split.inline).toEqual([{ pointer: '/displayName', message: 'must be a string' }]);
    expect(split.listed.map((p) => p.message)).toEqual(['unknown parent', 'missing']);
    expect(splitProblems(problems, key, '{ not json').listed).toHaveLength(3);
  });
});
