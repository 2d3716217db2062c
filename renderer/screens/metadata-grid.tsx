import { useCallback, useState } from 'react';
import type { FilterInfo } from '../../engine/grid/grid-request.js';
import { useMetadata } from '../app/metadata.js';
import { useRowActionModals } from '../components/composition/use-row-action-modals.js';
import { useSelectionActions } from '../components/composition/use-selection-actions.js';
import { DataGrid, type GridRow } from '../components/data-grid/data-grid.js';
import { useReloadGrids } from '../components/data-grid/use-grid-data.js';
import { AddChooser } from '../records/add-chooser.js';
import { RecordOpener, type OpenRecord } from '../records/record-opener.js';
import type { AddChoice } from '../../engine/metadata/grid-schema.js';

export interface MetadataGridProps {
  gridId: string;
  caption: string;
  /** filters the screen adds (a chosen course, a chosen session) */
  defaultFilters?: readonly FilterInfo[];
  /** whose records (owner grids); absent: the signed-in person */
  primaryEntity?: { Id: number } | null;
}

/**
 * A grid of the metadata as a screen shows it: the data grid, its record form (or its viewModal),
 * the row actions and selection actions the composition runs, each reloading the grid when it
 * changed something.
 */
export function MetadataGrid({ gridId, caption, defaultFilters, primaryEntity }: MetadataGridProps) {
  const m = useMetadata();
  const grid = m.grid(gridId);
  const [open, setOpen] = useState<OpenRecord | null>(null);
  const reloadGrids = useReloadGrids();
  const entityTypeId = grid?.entityTypeId;
  // a change reads again every grid of the record type (another grid on the screen may show the row too)
  const reload = useCallback(() => { if (entityTypeId !== undefined) reloadGrids(entityTypeId); }, [reloadGrids, entityTypeId]);
  const windows = useRowActionModals(grid, reload);
  const selection = useSelectionActions(grid, reload);
  const [choosing, setChoosing] = useState(false);
  // Add New on a grid with several ways of adding a record opens the chooser first (grid metadata addChoices)
  const openForm = useCallback((mode: OpenRecord['mode'], row: GridRow | null) => {
    if (mode === 'add' && grid?.addChoices) setChoosing(true);
    else setOpen({ mode, row });
  }, [grid]);
  const choose = useCallback((choice: AddChoice) => {
    setChoosing(false);
    if (choice.action) windows.open(choice.action, { id: 0 } as GridRow);
    else setOpen({ mode: 'add', row: null, formId: choice.formId });
  }, [windows]);
  // a choice may add a record of another type (a reference request beside the references): its grids are read again too
  const closeForm = () => {
    const other = open?.formId === undefined ? undefined : m.form(open.formId)?.entityTypeId;
    setOpen(null);
    reload();
    if (other !== undefined && other !== entityTypeId) reloadGrids(other);
  };
  if (!grid) return null;
  return (
    <>
      {selection.buttons}
      <DataGrid key={selection.version} gridId={gridId} caption={caption} defaultFilters={defaultFilters} primaryEntity={primaryEntity}
        onSelectionChange={selection.onSelectionChange} onOpenForm={openForm} onRowAction={windows.onRowAction} offeredActions={windows.offered ?? undefined} />
      {choosing && <AddChooser grid={grid} onChoose={choose} onClose={() => setChoosing(false)} />}
      {windows.modal}
      {selection.modal}
      {open && <RecordOpener grid={grid} open={open} primaryEntity={primaryEntity} onClose={closeForm} />}
    </>
  );
}
