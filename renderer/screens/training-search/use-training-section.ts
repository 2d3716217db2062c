import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { sectionById, type TrainingSection } from './training-search-api.js';

const sectionKey = (sectionId: number) => ['training-section', sectionId] as const;

/** One training session (GET getsectionbyid); `onFailed` when it cannot be read; `reload` after a registration changed it. */
export function useTrainingSection(sectionId: number, onFailed: () => void): { section: TrainingSection | null; reload: () => void } {
  const client = useQueryClient();
  const query = useQuery({ queryKey: sectionKey(sectionId), queryFn: ({ signal }) => sectionById(sectionId, signal) });
  const failed = useRef(onFailed);
  useEffect(() => { failed.current = onFailed; }, [onFailed]);
  useEffect(() => { if (query.isError) failed.current(); }, [query.isError]);
  const reload = useCallback(() => { void client.invalidateQueries({ queryKey: sectionKey(sectionId) }); }, [client, sectionId]);
  return { section: query.data ?? null, reload };
}
