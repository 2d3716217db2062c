import { describe, expect, it } from 'vitest';
import { parsePointer, toPointer } from '../../../engine/metadata/json-pointer.js';
import { locate, type DocRef } from '../../../engine/metadata/origin.js';
import { overlay } from '../../../engine/metadata/overlay.js';

const base = { id: 2, name: 'Form', elements: [{ id: 1, stimulus: 'A' }, { id: 2, stimulus: 'B' }, { id: 3, stimulus: 'C' }] };
const layer = { id: 2, elements: [{ id: 3, stimulus: 'C2' }, { id: 1, $remove: true }, { id: 4, stimulus: 'D' }] };
const root = overlay(base, layer);
const ref: DocRef = { root, sources: [{ file: 'base.json', data: base }, { file: 'tenant.json', data: layer }], prefix: '' };

describe('locate', () => {
  it.each([
    ['/name', 'base.json', '/name'],
    ['/elements/0/stimulus', 'base.json', '/elements/1/stimulus'],
    ['/elements/1/stimulus', 'tenant.json', '/elements/0/stimulus'],
    ['/elements/2/stimulus', 'tenant.json', '/elements/2/stimulus'],
    ['/elements/0', 'base.json', '/elements/1'],
    ['/elements/0/field', 'base.json', '/elements/1/field'],
    ['', 'tenant.json', ''],
  ])('a problem at %s of the merged form is in %s at %s', (pointer, file, inFile) => {
    expect(locate(ref, pointer)).toEqual({ file, pointer: inFile });
  });

  it('uses the prefix of an item inside a merged array file', () => {
    const routes = overlay([{ id: 'a', path: '/a' }, { id: 'b', path: '/b' }], [{ id: 'b', roles: ['100'] }]);
    const item: DocRef = { root: routes, sources: [{ file: 'routes.json', data: [{ id: 'a' }, { id: 'b', path: '/b' }] }, { file: 't/routes.json', data: [{ id: 'b', roles: ['100'] }] }], prefix: '/1' };
    expect(locate(item, '/roles/0')).toEqual({ file: 't/routes.json', pointer: '/0/roles/0' });
    expect(locate(item, '/path')).toEqual({ file: 'routes.json', pointer: '/1/path' });
  });
});

describe('json pointers', () => {
  it.each([
    [['a/b', 'c~d', 0], '/a~1b/c~0d/0'],
    [[], ''],
  ])('%j <-> %s', (segments, pointer) => {
    expect(toPointer(segments)).toBe(pointer);
    expect(parsePointer(pointer)).toEqual(segments.map(String));
  });
});
