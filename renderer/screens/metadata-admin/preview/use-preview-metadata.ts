import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientMetadata } from '../../../../engine/metadata/client-metadata.js';
import { useMetadata } from '../../../app/metadata.js';
import { getPreview } from '../admin-api.js';

/**
 * GET /preview of a tenant (the metadata with the caller's drafts), loaded again when `revision`
 * changes. Until it answers (or when it fails, with the reason) the running metadata stands in.
 */
export function usePreviewMetadata(tenant: string | undefined, revision: unknown): { metadata: ClientMetadata; loaded: boolean; error: unknown } {
  const running = useMetadata();
  const read = useQuery({
    queryKey: ['metadata-preview', tenant ?? null, revision],
    queryFn: ({ signal }): Promise<ClientMetadata> => getPreview(tenant, signal),
    staleTime: 0,
    gcTime: 0,
    // a new revision keeps showing the one before until it answers
    placeholderData: keepPreviousData,
  });
  const metadata = read.isError ? null : (read.data ?? null);
  return { metadata: metadata ?? running, loaded: metadata !== null, error: read.isError ? read.error : null };
}
