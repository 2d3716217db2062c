import { useEffect, useState } from 'react';
import type { ClientMetadata } from '../../../../engine/metadata/client-metadata.js';
import { useMetadata } from '../../../app/metadata.js';
import { getPreview } from '../admin-api.js';

/**
 * GET /preview of a tenant (the metadata with the caller's drafts), loaded again when `revision`
 * changes. Until it answers (or when it fails, with the reason) the running metadata stands in.
 */
export function usePreviewMetadata(tenant: string | undefined, revision: unknown): { metadata: ClientMetadata; loaded: boolean; error: unknown } {
  const running = useMetadata();
  const [state, setState] = useState<{ metadata: ClientMetadata | null; error: unknown }>({ metadata: null, error: null });
  useEffect(() => {
    let live = true;
    getPreview(tenant).then(
      (metadata) => { if (live) setState({ metadata, error: null }); },
      (error: unknown) => { if (live) setState({ metadata: null, error }); },
    );
    return () => { live = false; };
  }, [tenant, revision]);
  return { metadata: state.metadata ?? running, loaded: state.metadata !== null, error: state.error };
}
