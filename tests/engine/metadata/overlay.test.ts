import { describe, expect, it } from 'vitest';
import { isRuleExpression, overlay, stripRemoveMarkers } from '../../../engine/metadata/overlay.js';

describe('overlay', () => {
  it.each([
    ['objects merge key by key', { a: 1, b: { c: 2, d: 3 } }, { b: { d: 4, e: 5 } }, { a: 1, b: { c: 2, d: 4, e: 5 } }],
    ['scalars are replaced', { a: 'x' }, { a: 'y' }, { a: 'y' }],
    ['a scalar replaces an object', { a: { b: 1 } }, { a: 2 }, { a: 2 }],
    ['arrays of scalars are replaced', { roles: ['100', '200', '250'] }, { roles: ['100'] }, { roles: ['100'] }],
    ['arrays of objects without id are replaced', { cols: [{ n: 'a' }, { n: 'b' }] }, { cols: [{ n: 'c' }] }, { cols: [{ n: 'c' }] }],
    ['arrays by id: matched items merge, base order kept',
      [{ id: 1, a: 'x' }, { id: 2, a: 'y' }], [{ id: 2, a: 'z' }, { id: 1, b: true }],
      [{ id: 1, a: 'x', b: true }, { id: 2, a: 'z' }]],
    ['arrays by id: new items are appended in layer order',
      [{ id: 'a' }], [{ id: 'c' }, { id: 'b' }], [{ id: 'a' }, { id: 'c' }, { id: 'b' }]],
    ['arrays by id: $remove drops an item', [{ id: 1 }, { id: 2 }, { id: 3 }], [{ id: 2, $remove: true }], [{ id: 1 }, { id: 3 }]],
    ['arrays by id: removing a missing item is a no-op', [{ id: 1 }], [{ id: 9, $remove: true }], [{ id: 1 }]],
    ['an empty layer array leaves an id-keyed base as it is', [{ id: 1 }], [], [{ id: 1 }]],
    ['ids match by type: 1 and "1" differ', [{ id: 1 }], [{ id: '1' }], [{ id: 1 }, { id: '1' }]],
    ['nested arrays by id merge recursively',
      { elements: [{ id: 201, choices: [{ id: 1, text: 'a' }, { id: 2, text: 'b' }] }] },
      { elements: [{ id: 201, choices: [{ id: 2, $remove: true }, { id: 3, text: 'c' }] }] },
      { elements: [{ id: 201, choices: [{ id: 1, text: 'a' }, { id: 3, text: 'c' }] }] }],
    ['$remove on an object key deletes the key', { a: 1, alt: 'x' }, { alt: { $remove: true } }, { a: 1 }],
    ['$remove: false is dropped', { a: 1 }, { b: 2, $remove: false }, { a: 1, b: 2 }],
    ['a rule replaces a rule instead of merging operators',
      { when: { in: [{ var: 'values.1' }, ['1']] } }, { when: { '==': [{ var: 'values.2' }, '2'] } },
      { when: { '==': [{ var: 'values.2' }, '2'] } }],
    ['a rule replaces a rule with the same operator', { when: { '!': { var: 'x' } } }, { when: { '!': { hasRole: ['100'] } } },
      { when: { '!': { hasRole: ['100'] } } }],
    ['objects that are not rules still merge', { access: { read: true } }, { access: { update: false } }, { access: { read: true, update: false } }],
    ['undefined layer gives a clean copy of the base', { a: [{ id: 1, $remove: true }, { id: 2 }] }, undefined, { a: [{ id: 2 }] }],
    ['undefined base gives a clean copy of the layer', undefined, { id: 4, fields: [{ id: 'x', $remove: false }] }, { id: 4, fields: [{ id: 'x' }] }],
  ])('%s', (_name, base, layer, expected) => {
    expect(overlay(base, layer)).toEqual(expected);
  });

  it('removes a whole document whose top level has $remove: true', () => {
    expect(overlay({ id: 4, name: 'Education' }, { id: 4, $remove: true })).toBeUndefined();
  });

  it('never lets $remove survive, at any depth', () => {
    const result = overlay({ a: [{ id: 1 }] }, { a: [{ id: 2, b: { $remove: false, c: 1 } }], $remove: false });
    expect(JSON.stringify(result)).not.toContain('$remove');
  });

  it('does not mutate its inputs', () => {
    const base = { a: { b: 1 }, list: [{ id: 1, x: 1 }], roles: ['100'] };
    const layer = { a: { c: 2 }, list: [{ id: 1, x: 2 }, { id: 2 }], roles: ['200'] };
    const [baseCopy, layerCopy] = [structuredClone(base), structuredClone(layer)];
    const result = overlay(base, layer) as typeof base;
    expect(base).toEqual(baseCopy);
    expect(layer).toEqual(layerCopy);
    result.list[0]!.x = 99;
    expect(base.list[0]!.x).toBe(1);
    expect(layer.list[0]!.x).toBe(2);
  });

  it.each([
    [{ '==': [1, 1] }, true],
    [{ var: 'x' }, true],
    [{ read: true }, false],
    [{ '==': [1, 1], extra: 1 }, false],
    [[1], false],
  ])('isRuleExpression(%j) is %s', (value, expected) => {
    expect(isRuleExpression(value)).toBe(expected);
  });

  it('stripRemoveMarkers drops marked entries', () => {
    expect(stripRemoveMarkers([{ id: 1, $remove: true }, { id: 2, k: { $remove: true } }])).toEqual([{ id: 2 }]);
  });
});
