import { useEffect, useRef, useState } from 'react';
import { useMetadata } from '../../app/metadata.js';
import type { SearchMatch } from '../form-api.js';
import { SEARCH_DELAY_MS, searchStage } from '../search-term.js';

export interface SearchResult {
  matches: SearchMatch[];
  /** the hint or outcome to announce: too short, no matches, how many */
  message: string | null;
}

/**
 * Runs `search` for the typed term after a pause: below 2 characters the list empties and the
 * hint shows; no matches (or a failed search) show 'No matches found.'. Late answers are dropped.
 */
export function useSearch(term: string, search: (term: string) => Promise<SearchMatch[]>): SearchResult {
  const m = useMetadata();
  const [result, setResult] = useState<SearchResult>({ matches: [], message: null });
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    const stage = searchStage(term);
    if (stage !== 'search') {
      setResult({ matches: [], message: stage === 'tooShort' ? m.text('form.searchMinimum') : null });
      return undefined;
    }
    const timer = setTimeout(() => {
      search(term.trim()).then((matches) => {
        if (request !== latest.current) return;
        setResult({ matches, message: matches.length ? m.text('form.searchResults', { count: matches.length }) : m.text('form.noMatches') });
      }, () => {
        if (request === latest.current) setResult({ matches: [], message: m.text('form.noMatches') });
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, search, m]);
  return result;
}
