/** Searches of autocomplete and cross references (spec part 5): 2 characters at least. */
export const MIN_SEARCH_LENGTH = 2;

/** Waiting time after the last keystroke before a search runs. */
export const SEARCH_DELAY_MS = 300;

export type SearchStage = 'idle' | 'tooShort' | 'search';

/** idle: nothing typed (no hint, no list); tooShort: the hint, an empty list; search: ask the server. */
export function searchStage(term: string): SearchStage {
  const length = Array.from(term.trim()).length;
  if (length === 0) return 'idle';
  return length < MIN_SEARCH_LENGTH ? 'tooShort' : 'search';
}
