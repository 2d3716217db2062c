import type { RefObject } from 'react';
import type { GridColumn } from '../../../engine/metadata/grid-schema.js';
import { GridCellContent } from './grid-cell.js';
import { GridHeaderCell } from './grid-header-cell.js';
import type { GridRow, RowActionSet, SortState, TextFn } from './grid-types.js';
import { RowActions, type StandardAction } from './row-actions.js';
import { rowDisplayName } from './row-name.js';
import type { OfferedTransition } from '../workflow/offered-transition.js';

interface GridTableProps {
  captionId: string;
  caption: string;
  columns: GridColumn[];
  /** the columns whose values name a row (row-action and select names) */
  nameColumns: GridColumn[];
  rows: GridRow[];
  /** actions per row id; null when no row has any (no Actions column) */
  actions: Map<number, RowActionSet> | null;
  entityName: string;
  sort: SortState;
  filterColumn: string | null;
  loading: boolean;
  busy: boolean;
  /** selection: null when the grid has no multi-row select */
  selected: ReadonlySet<number> | null;
  regionRef: RefObject<HTMLDivElement | null>;
  /** the tenant's time zone: time stamps are shown in it */
  timeZone: string;
  text: TextFn;
  onSort: (propertyName: string) => void;
  onFilter: (column: GridColumn) => void;
  onSelect: (row: GridRow, selected: boolean) => void;
  onStandard: (action: StandardAction, row: GridRow) => void;
  onExtra: (actionId: string, row: GridRow) => void;
  onTransition: (step: OfferedTransition, row: GridRow) => void;
}

/**
 * The table itself, in a focusable region (the Actions column sticks to its right edge should the
 * table ever be wider); where the grid is narrow it is the stacked table, each cell labelled by its column.
 */
export function GridTable(p: GridTableProps) {
  const { columns, rows, actions, selected, text } = p;
  const span = columns.length + (actions ? 1 : 0) + (selected ? 1 : 0);
  return (
    <div className="data-grid__scroll" role="region" aria-labelledby={p.captionId} tabIndex={0} ref={p.regionRef}>
      <table className="usa-table usa-table--compact usa-table--stacked data-grid__table" aria-busy={p.loading || undefined}>
        <caption id={p.captionId} className="usa-sr-only">{p.caption}</caption>
        <thead>
          <tr>
            {selected && <th scope="col" className="data-grid__select-col"><span className="usa-sr-only">{text('grid.select')}</span></th>}
            {columns.map((c) => (
              <GridHeaderCell key={c.propertyName} column={c} sort={p.sort} filtered={p.filterColumn === c.propertyName} text={text} onSort={p.onSort} onFilter={p.onFilter} />
            ))}
            {actions && <th scope="col" className="data-grid__actions-head">{text('grid.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={span} className="data-grid__empty">{p.loading ? text('grid.loading') : text('grid.noData')}</td>
            </tr>
          )}
          {rows.map((row) => {
            const recordName = rowDisplayName(p.nameColumns, row, p.timeZone) || text('grid.recordName', { entity: p.entityName, id: row.id });
            const rowActions = actions?.get(row.id);
            return (
              <tr key={row.id} className={row.disabled ? 'data-grid__row--disabled' : undefined}>
                {selected && (
                  <td className="data-grid__select-col">
                    <input type="checkbox" className="data-grid__select" checked={selected.has(row.id)}
                      aria-label={text('grid.selectRow', { record: recordName })} onChange={(e) => p.onSelect(row, e.target.checked)} />
                  </td>
                )}
                {columns.map((c, i) => (
                  <td key={c.propertyName} data-label={c.columnName}>
                    <GridCellContent column={c} row={row} timeZone={p.timeZone} />
                    {i === 0 && row.disabled && <span className="usa-tag data-grid__tag">{text('grid.disabledTag')}</span>}
                  </td>
                ))}
                {actions && (
                  <td className="data-grid__actions-cell">
                    {rowActions && (
                      <RowActions row={row} recordName={recordName} actions={rowActions} busy={p.busy} text={text} onStandard={p.onStandard} onExtra={p.onExtra} onTransition={p.onTransition} />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
