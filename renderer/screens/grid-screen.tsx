import { useCallback, useState } from 'react';
import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { useRowActionModals } from '../app/row-action-modals.js';
import { DataGrid, type GridRow } from '../components/data-grid/data-grid.js';
import { useReloadGrids } from '../components/data-grid/use-grid-data.js';
import { RecordOpener } from '../records/record-opener.js';
import { ScreenHeading } from './screen-heading.js';

interface OpenForm { mode: 'add' | 'view' | 'edit'; row: GridRow | null }

/** A route whose screen is a grid: the data grid and its record form (or the grid's view modal). */
export function GridScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const gridId = route.screen?.kind === 'grid' ? route.screen.gridId : '';
  const grid = m.grid(gridId);
  const [open, setOpen] = useState<OpenForm | null>(null);
  const reloadGrids = useReloadGrids();
  const entityTypeId = grid?.entityTypeId;
  const reload = useCallback(() => { if (entityTypeId !== undefined) reloadGrids(entityTypeId); }, [reloadGrids, entityTypeId]);
  // actions that open a window (renderer/app/row-action-modals.tsx); the workflow's steps the grid takes itself
  const windows = useRowActionModals(grid, reload);
  if (!grid) return <p>This screen is not available.</p>;
  const entity = m.entity(grid.entityTypeId);
  const title = route.displayName ?? entity?.displayName ?? grid.id;
  return (
    <div>
      <ScreenHeading id={`${grid.id}-heading`}>{title}</ScreenHeading>
      <DataGrid gridId={grid.id} caption={`${title} records`} onOpenForm={(mode, row) => setOpen({ mode, row })}
        onRowAction={windows.onRowAction} offeredActions={windows.offered ?? undefined} />
      {windows.modal}
      {open && (
        <RecordOpener grid={grid} open={open} onClose={() => { setOpen(null); reload(); }} />
      )}
    </div>
  );
}
