import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Grid, RowAction } from '../../../engine/metadata/grid-schema.js';
import type { GridRow } from '../data-grid/grid-types.js';
import { rowActionComponent, type RowActionModalProps } from './composition-types.js';
import { useComposition } from './composition-context.js';

export interface RowActionModals {
  /** the grid's actions that open a window; null when it has none */
  offered: ReadonlySet<string> | null;
  onRowAction: ((actionId: string, row: GridRow) => void) | undefined;
  /** runs any registered row action on a row, offered by the grid or not (a screen's own buttons) */
  open: (actionId: string, row: GridRow) => void;
  /** the open window, to render below the grid */
  modal: ReactNode;
}

/** Row actions that open a window (the composition's rowActions): what a grid screen offers, runs and shows. */
export function useRowActionModals(grid: Grid | undefined, onChanged: () => void): RowActionModals {
  const { rowActions } = useComposition();
  const [open, setOpen] = useState<{ Component: ComponentType<RowActionModalProps>; row: GridRow; action: RowAction | undefined } | null>(null);
  const offered = useMemo(() => {
    const ids = (grid?.rowActions ?? []).filter((a) => rowActionComponent(a) in rowActions).map((a) => a.id);
    return ids.length ? new Set(ids) : null;
  }, [grid, rowActions]);
  const run = useCallback((actionId: string, row: GridRow) => {
    const action = grid?.rowActions?.find((a) => a.id === actionId);
    void rowActions[action ? rowActionComponent(action) : actionId]?.().then((Component) => setOpen({ Component, row, action }));
  }, [grid, rowActions]);
  const close = useCallback((changed: boolean) => {
    setOpen(null);
    if (changed) onChanged();
  }, [onChanged]);
  const modal = open && grid ? <open.Component grid={grid} row={open.row} action={open.action} onClose={close} /> : null;
  return { offered, onRowAction: offered ? run : undefined, open: run, modal };
}
