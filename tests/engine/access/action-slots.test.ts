import { describe, expect, it } from 'vitest';
import { inlineActionSlots, splitActions, type StandardActions } from '../../../engine/access/action-slots.js';

const none: StandardActions = { view: false, edit: false, disable: false, delete: false };

describe('inline row action slots (spec part 2 sections 2 and 9)', () => {
  it.each<[string, Partial<StandardActions>, number]>([
    ['no standard action', {}, 3],
    ['view only', { view: true }, 2],
    ['edit only', { edit: true }, 2],
    ['view and edit', { view: true, edit: true }, 1],
    ['view, edit and disable', { view: true, edit: true, disable: true }, 0],
    ['view, edit and delete', { view: true, edit: true, delete: true }, 0],
    ['all four never below zero', { view: true, edit: true, disable: true, delete: true }, 0],
    ['disable and delete', { disable: true, delete: true }, 1],
  ])('%s: %i slots', (_name, applies, expected) => {
    expect(inlineActionSlots({ ...none, ...applies })).toBe(expected);
  });

  it.each([
    [['a', 'b', 'c', 'd'], 3, ['a', 'b', 'c'], ['d']],
    [['a', 'b', 'c', 'd'], 1, ['a'], ['b', 'c', 'd']],
    [['a', 'b'], 0, [], ['a', 'b']],
    [['a', 'b'], 3, ['a', 'b'], []],
    [[], 2, [], []],
    [['a', 'b'], -1, [], ['a', 'b']],
  ])('splitActions(%j, %i) = inline %j, overflow %j', (extra, slots, inline, overflow) => {
    expect(splitActions(extra, slots)).toEqual({ inline, overflow });
  });

  it('keeps the objects it is given', () => {
    const actions = [{ id: 'request-verification' }, { id: 'other' }];
    const { inline, overflow } = splitActions(actions, inlineActionSlots({ ...none, view: true, edit: true }));
    expect(inline[0]).toBe(actions[0]);
    expect(overflow[0]).toBe(actions[1]);
  });
});
