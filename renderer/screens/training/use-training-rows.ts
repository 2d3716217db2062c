import { useEffect, useState } from 'react';
import { gridRows, type TrainingRow } from './training-api.js';

/** The rows of a training grid for a dropdown: null while loading, [] when none or on failure. */
export function useTrainingRows(entityTypeId: number, formId: number, filter?: { column: string; value: boolean }): TrainingRow[] | null {
  const [rows, setRows] = useState<TrainingRow[] | null>(null);
  const column = filter?.column;
  const value = filter?.value;
  useEffect(() => {
    let live = true;
    const filters = column === undefined || value === undefined ? [] : [{ column, value, operation: 'Equals' as const }];
    gridRows(entityTypeId, formId, filters).then((r) => { if (live) setRows(r); }, () => { if (live) setRows([]); });
    return () => { live = false; };
  }, [entityTypeId, formId, column, value]);
  return rows;
}
