/** Grid paging constants and rules (spec part 2 section 9). Pure: no I/O, no React. */

/** Default grid page size; the first page is 1 everywhere. */
export const DEFAULT_PAGE_SIZE = 5;
/** The paging control is shown only when the total exceeds this. */
export const PAGING_THRESHOLD = 5;
/** At most this many page-number buttons. */
export const MAX_PAGE_BUTTONS = 5;

/** Page sizes always offered, and those offered once the total exceeds a bound. */
const BASE_SIZES = [5, 25] as const;
const SIZES_ABOVE: readonly { size: number; above: number }[] = [
  { size: 50, above: 25 },
  { size: 100, above: 50 },
];

/**
 * The page-size choices for a total: 5 and 25; 50 when the total exceeds 25; 100 when above 50.
 * A grid's own page size (say 10) is added so the current choice is always listed.
 */
export function pageSizeOptions(total: number, current?: number): number[] {
  const sizes = new Set<number>(BASE_SIZES);
  for (const { size, above } of SIZES_ABOVE) if (total > above) sizes.add(size);
  if (current !== undefined && Number.isInteger(current) && current > 0) sizes.add(current);
  return [...sizes].sort((a, b) => a - b);
}

/** Whether the paging control is shown: only when the total exceeds 5. */
export function showPaging(total: number): boolean {
  return total > PAGING_THRESHOLD;
}

/** Number of pages (at least 1: an empty grid still has page 1). */
export function pageCount(total: number, size: number): number {
  if (!(size > 0) || !(total > 0)) return 1;
  return Math.max(1, Math.ceil(total / size));
}

/** A page number kept within 1..pageCount. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.floor(page), Math.max(1, pages));
}

/**
 * The page numbers to offer as buttons: at most `max`, a window around the current page, kept
 * inside 1..pageCount (the current page centred where possible).
 */
export function pageButtons(current: number, pages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (pages < 1 || max < 1) return [];
  const page = clampPage(current, pages);
  const width = Math.min(max, pages);
  const start = Math.min(Math.max(1, page - Math.floor((width - 1) / 2)), pages - width + 1);
  return Array.from({ length: width }, (_, i) => start + i);
}

/** The 1-based inclusive row range of a page, as the grid API takes it (from, to). */
export function rangeOf(page: number, size: number): { from: number; to: number } {
  const p = Math.max(1, Math.floor(page));
  const s = Math.max(1, Math.floor(size));
  return { from: (p - 1) * s + 1, to: p * s };
}
