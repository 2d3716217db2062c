import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../app/query-keys.js';
import { gridRows, type TrainingRow } from './training-api.js';

/** The rows of a training grid for a dropdown: null while loading, [] when none or on failure. */
export function useTrainingRows(entityTypeId: number, formId: number, filter?: { column: string; value: boolean }): TrainingRow[] | null {
  const filters = filter ? [{ column: filter.column, value: filter.value, operation: 'Equals' as const }] : [];
  const rows = useQuery({
    queryKey: queryKeys.gridRows(entityTypeId, formId, filters),
    queryFn: ({ signal }) => gridRows(entityTypeId, formId, filters, signal),
  });
  if (rows.isError) return [];
  return rows.data ?? null;
}
