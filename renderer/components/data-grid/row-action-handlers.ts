import { useCallback, useMemo, useRef } from 'react';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import { api } from '../../app/api-client.js';
import { useMetadata, type MetadataIndex } from '../../app/metadata.js';
import { useToasts } from '../toasts.js';
import type { GridRow } from './grid-types.js';

interface RowActionRun {
  grid: Grid;
  row: GridRow;
  m: MetadataIndex;
  toasts: ReturnType<typeof useToasts>;
}

/**
 * Extra row actions any grid screen can run, by the action id of the grid metadata. A failure
 * shows nothing (the spec's request-verification failures only end the busy state).
 */
const HANDLERS: Record<string, (run: RowActionRun) => Promise<void>> = {
  'request-verification': async ({ grid, row, m, toasts }) => {
    await api('POST', '/verification/request', { entityTypeId: grid.entityTypeId, entityId: row.id });
    toasts.show({ type: 'success', title: m.text('verification.requestedTitle'), message: m.text('verification.requested') });
  },
};

export interface RowActionHandler {
  /** the grid's extra actions handled here (null: none), for DataGrid's offeredActions */
  offered: ReadonlySet<string> | null;
  onRowAction: ((actionId: string, row: GridRow) => void) | undefined;
}

/** Several sources of row actions as one: each action goes to the source that offers it. */
export function combineRowActions(...sources: RowActionHandler[]): RowActionHandler {
  const live = sources.filter((s) => s.offered && s.onRowAction);
  if (live.length === 0) return { offered: null, onRowAction: undefined };
  return {
    offered: new Set(live.flatMap((s) => [...s.offered!])),
    onRowAction: (actionId, row) => live.find((s) => s.offered!.has(actionId))?.onRowAction?.(actionId, row),
  };
}

/** The grid's extra actions that are one of the above; `onDone` runs after each (the grid reloads). */
export function useRowActionHandler(grid: Grid | undefined, onDone: () => void): RowActionHandler {
  const m = useMetadata();
  const toasts = useToasts();
  const running = useRef(false);
  const run = useCallback((actionId: string, row: GridRow) => {
    const handler = HANDLERS[actionId];
    if (!grid || !handler || running.current) return;
    running.current = true;
    handler({ grid, row, m, toasts }).catch(() => undefined).finally(() => {
      running.current = false;
      onDone();
    });
  }, [grid, m, toasts, onDone]);
  const offered = useMemo(() => {
    const ids = (grid?.rowActions ?? []).map((a) => a.id).filter((id) => id in HANDLERS);
    return ids.length ? new Set(ids) : null;
  }, [grid]);
  return { offered, onRowAction: offered ? run : undefined };
}
