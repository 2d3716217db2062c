import { useEffect, useState } from 'react';
import { DRAFT_HEADER } from '../../../../engine/metadata/admin-contract.js';
import { setRequestHeader } from '../../../app/api-client.js';
import { draftHeaderApplies } from './draft-calls.js';

/** How many previews send the header now: it stays while any does. */
let showing = 0;

/**
 * While the calling preview shows (and `withDrafts`), its reading calls carry the draft header
 * (draft-calls.ts), so the server answers them from the registry with the caller's drafts. Answers
 * true once that is settled: render the preview's data components only then (their effects run
 * before this one's). Without drafts (another tenant's preview) nothing is added.
 */
export function useDraftHeader(withDrafts = true): boolean {
  // settled for which choice: a change of `withDrafts` is not ready until its effect ran
  const [settled, setSettled] = useState<boolean | null>(null);
  useEffect(() => {
    setSettled(withDrafts);
    if (!withDrafts) return undefined;
    showing += 1;
    setRequestHeader(DRAFT_HEADER, '1', draftHeaderApplies);
    return () => {
      showing -= 1;
      if (showing === 0) setRequestHeader(DRAFT_HEADER, null);
    };
  }, [withDrafts]);
  return settled === withDrafts;
}
