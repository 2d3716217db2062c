import { useEffect, useState } from 'react';
import { DRAFT_HEADER } from '../../../../engine/metadata/admin-contract.js';
import { setRequestHeader } from '../../../app/api-client.js';

/** How many previews show now: the header stays while any does. */
let showing = 0;

/** The application's own metadata (GET /metadata, asked again on navigation) stays the published one. */
const notAppMetadata = (path: string) => !/^\/metadata(\?|$)/.test(path);

/**
 * While the calling preview shows, every API call carries the draft header, so the server runs it on
 * the registry with the caller's drafts. Answers true once the header is set: render the preview's
 * data components only then (their effects run before this one's). The application's own GET
 * /metadata goes without it: the shell keeps the published metadata while a preview shows.
 */
export function useDraftHeader(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    showing += 1;
    setRequestHeader(DRAFT_HEADER, '1', notAppMetadata);
    setReady(true);
    return () => {
      showing -= 1;
      if (showing === 0) setRequestHeader(DRAFT_HEADER, null);
    };
  }, []);
  return ready;
}
