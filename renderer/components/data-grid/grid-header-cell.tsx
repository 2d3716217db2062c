import type { GridColumn } from '../../../engine/metadata/grid-schema.js';
import type { SortState, TextFn } from './grid-types.js';

interface HeaderCellProps {
  column: GridColumn;
  sort: SortState;
  /** the column has the active filter */
  filtered: boolean;
  text: TextFn;
  onSort: (propertyName: string) => void;
  onFilter: (column: GridColumn) => void;
}

function FunnelIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="data-grid__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M3 4h18l-7 8.5V19l-4 2v-8.5z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** A column header: the sort toggle (state in aria-sort) and the filter button, each where the column allows it. */
export function GridHeaderCell({ column, sort, filtered, text, onSort, onFilter }: HeaderCellProps) {
  const sortable = column.sortable !== false && column.computed === undefined;
  const sorted = sort.column === column.propertyName ? sort.direction : null;
  const ariaSort = sorted === 'Ascending' ? 'ascending' : sorted === 'Descending' ? 'descending' : undefined;
  const arrow = sorted === 'Ascending' ? '▲' : sorted === 'Descending' ? '▼' : '⇅';
  return (
    <th scope="col" aria-sort={ariaSort} className={filtered ? 'data-grid__th data-grid__th--filtered' : 'data-grid__th'}>
      <span className="data-grid__th-inner">
        {sortable ? (
          <button type="button" className="data-grid__sort" onClick={() => onSort(column.propertyName)}>
            {column.columnName}
            <span className={sorted ? 'data-grid__arrow data-grid__arrow--active' : 'data-grid__arrow'} aria-hidden="true">{arrow}</span>
          </button>
        ) : <span className="data-grid__th-label">{column.columnName}</span>}
        {column.filterable && (
          <button type="button" className={filtered ? 'data-grid__filter-button data-grid__filter-button--active' : 'data-grid__filter-button'}
            aria-haspopup="dialog" onClick={() => onFilter(column)}>
            <FunnelIcon filled={filtered} />
            <span className="usa-sr-only">{text('grid.filterBy', { column: column.columnName })}{filtered ? ` ${text('grid.filterActive')}` : ''}</span>
          </button>
        )}
      </span>
    </th>
  );
}
