import { describe, expect, it } from 'vitest';
import { clampPage, pageButtons, pageCount, pageSizeOptions, rangeOf, showPaging } from '../../../engine/access/paging-rules.js';

describe('paging rules (spec part 2 section 9)', () => {
  it.each([
    [0, undefined, [5, 25]],
    [5, undefined, [5, 25]],
    [25, undefined, [5, 25]],
    [26, undefined, [5, 25, 50]],
    [50, undefined, [5, 25, 50]],
    [51, undefined, [5, 25, 50, 100]],
    [10_000, undefined, [5, 25, 50, 100]],
    [3, 25, [5, 25]],
    [30, 10, [5, 10, 25, 50]],
    [30, 0, [5, 25, 50]],
  ])('pageSizeOptions(%i, current %s) = %j', (total, current, expected) => {
    expect(pageSizeOptions(total, current)).toEqual(expected);
  });

  it.each([
    [0, false],
    [1, false],
    [5, false],
    [6, true],
    [10_000, true],
  ])('showPaging(%i) = %s', (total, expected) => {
    expect(showPaging(total)).toBe(expected);
  });

  it.each([
    [0, 5, 1],
    [1, 5, 1],
    [5, 5, 1],
    [6, 5, 2],
    [25, 25, 1],
    [26, 25, 2],
    [10_000, 100, 100],
    [7, 0, 1],
  ])('pageCount(%i, %i) = %i', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });

  it.each([
    [1, 3, 1],
    [0, 3, 1],
    [-2, 3, 1],
    [4, 3, 3],
    [2, 3, 2],
    [2.7, 3, 2],
    [Number.NaN, 3, 1],
    [5, 0, 1],
  ])('clampPage(%s, %i) = %i', (page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });

  it.each([
    [1, 1, 5, [1]],
    [1, 3, 5, [1, 2, 3]],
    [1, 10, 5, [1, 2, 3, 4, 5]],
    [3, 10, 5, [1, 2, 3, 4, 5]],
    [4, 10, 5, [2, 3, 4, 5, 6]],
    [8, 10, 5, [6, 7, 8, 9, 10]],
    [10, 10, 5, [6, 7, 8, 9, 10]],
    [12, 10, 5, [6, 7, 8, 9, 10]],
    [5, 10, 4, [4, 5, 6, 7]],
    [2, 5, 5, [1, 2, 3, 4, 5]],
    [1, 0, 5, []],
    [1, 4, 0, []],
  ])('pageButtons(%i, %i, max %i) = %j', (current, pages, max, expected) => {
    expect(pageButtons(current, pages, max)).toEqual(expected);
  });

  it('pageButtons offers at most 5 by default', () => {
    expect(pageButtons(50, 100)).toEqual([48, 49, 50, 51, 52]);
  });

  it.each([
    [1, 5, { from: 1, to: 5 }],
    [2, 5, { from: 6, to: 10 }],
    [3, 25, { from: 51, to: 75 }],
    [1, 100, { from: 1, to: 100 }],
    [0, 5, { from: 1, to: 5 }],
  ])('rangeOf(%i, %i) = %j (1-based, inclusive)', (page, size, expected) => {
    expect(rangeOf(page, size)).toEqual(expected);
  });
});
