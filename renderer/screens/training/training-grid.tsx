import { useCallback, useState } from 'react';
import type { FilterInfo } from '../../../engine/grid/grid-request.js';
import { useMetadata } from '../../app/metadata.js';
import { useRowActionModals } from '../../app/row-action-modals.js';
import { DataGrid, type GridRow } from '../../components/data-grid/data-grid.js';
import { useReloadGrids } from '../../components/data-grid/use-grid-data.js';
import { RecordOpener } from '../../records/record-opener.js';

interface OpenForm { mode: 'add' | 'view' | 'edit'; row: GridRow | null }

/**
 * A training grid of the metadata (sessions, enrollments) with its form and its row actions that
 * open a window, narrowed by the screen's filters (a course, a session).
 */
export function TrainingGrid({ gridId, caption, defaultFilters, onSelectionChange }: {
  gridId: string; caption: string; defaultFilters?: readonly FilterInfo[]; onSelectionChange?: (rows: GridRow[]) => void;
}) {
  const grid = useMetadata().grid(gridId);
  const [open, setOpen] = useState<OpenForm | null>(null);
  const reloadGrids = useReloadGrids();
  const entityTypeId = grid?.entityTypeId;
  const reload = useCallback(() => { if (entityTypeId !== undefined) reloadGrids(entityTypeId); }, [reloadGrids, entityTypeId]);
  const windows = useRowActionModals(grid, reload);
  if (!grid) return null;
  return (
    <>
      <DataGrid gridId={gridId} caption={caption} defaultFilters={defaultFilters} onSelectionChange={onSelectionChange}
        onOpenForm={(mode, row) => setOpen({ mode, row })} onRowAction={windows.onRowAction} offeredActions={windows.offered ?? undefined} />
      {windows.modal}
      {open && <RecordOpener grid={grid} open={open} onClose={() => { setOpen(null); reload(); }} />}
    </>
  );
}
