import { useCallback, useState } from 'react';
import type { Route } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';
import { useRowActionModals } from '../app/row-action-modals.js';
import { DataGrid, type GridRow } from '../components/data-grid/data-grid.js';
import { combineRowActions, useRowActionHandler } from '../components/data-grid/row-action-handlers.js';
import { RecordOpener } from '../records/record-opener.js';
import { ScreenHeading } from './screen-heading.js';

interface OpenForm { mode: 'add' | 'view' | 'edit'; row: GridRow | null }

/** A route whose screen is a grid: the data grid and its record form (or the grid's view modal). */
export function GridScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const gridId = route.screen?.kind === 'grid' ? route.screen.gridId : '';
  const grid = m.grid(gridId);
  const [open, setOpen] = useState<OpenForm | null>(null);
  const [reloadToken, setReloadToken] = useState(0);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);
  const quickAction = useRowActionHandler(grid, reload);
  // actions that open a window (renderer/app/row-action-modals.tsx) next to the quick ones (row-action-handlers.ts)
  const windows = useRowActionModals(grid, reload);
  const actions = combineRowActions(quickAction, windows);
  if (!grid) return <p>This screen is not available.</p>;
  const entity = m.entity(grid.entityTypeId);
  const title = route.displayName ?? entity?.displayName ?? grid.id;
  return (
    <div>
      <ScreenHeading id={`${grid.id}-heading`}>{title}</ScreenHeading>
      <DataGrid gridId={grid.id} caption={`${title} records`} reloadToken={reloadToken} onOpenForm={(mode, row) => setOpen({ mode, row })}
        onRowAction={actions.onRowAction} offeredActions={actions.offered ?? undefined} />
      {windows.modal}
      {open && (
        <RecordOpener grid={grid} open={open} onClose={() => { setOpen(null); setReloadToken((n) => n + 1); }} />
      )}
    </div>
  );
}
