import { useMemo } from 'react';
import { useMetadata } from '../../app/metadata.js';
import { DataGrid } from '../data-grid/data-grid.js';
import { Modal } from '../modal.js';
import type { RowActionModalProps } from './composition-types.js';

type Param = string | number;
const params = (row: Readonly<Record<string, unknown>>): Record<string, Param> =>
  Object.fromEntries(Object.entries(row).filter((e): e is [string, Param] => typeof e[1] === 'string' || typeof e[1] === 'number'));

/**
 * The one row action that opens another grid in a window (grid metadata `rowActions[].gridWindow`):
 * the grid filtered (Equals) on the row's fields, read-only, under the window's title from the
 * text catalogue (e.g. Coaching History: every step of the coach's coachings of the person).
 */
export function GridWindowAction({ row, action, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const window = action?.gridWindow;
  const filters = useMemo(() => Object.entries(window?.filters ?? {}).map(([column, field]) => ({ column, value: row[field] as Param, operation: 'Equals' as const })), [window, row]);
  if (!window) return null;
  const title = m.text(window.title, params(row));
  return (
    <Modal title={title} open large onClose={() => onClose(false)} showBottomClose>
      <DataGrid gridId={window.gridId} caption={title} defaultFilters={filters} onOpenForm={() => undefined} />
    </Modal>
  );
}
