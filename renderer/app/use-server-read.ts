import { useQuery, type QueryKey } from '@tanstack/react-query';
import { errorText } from './error-text.js';

export interface ServerRead<T> {
  /** null until the answer came */
  data: T | null;
  /** the failure's text (spec part 1 section 8; `failedText` when the failure names nothing), null otherwise */
  error: string | null;
}

/**
 * One read of server state a screen or window shows (TanStack Query: cached under `key`,
 * cancelled through the signal when no longer shown); a failure as the text to show.
 */
export function useServerRead<T>(key: QueryKey, read: (signal: AbortSignal) => Promise<T>, failedText: string, enabled = true): ServerRead<T> {
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => read(signal), enabled });
  return { data: query.data ?? null, error: query.isError ? (errorText(query.error) ?? failedText) : null };
}
