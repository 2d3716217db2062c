import { useId } from 'react';
import type { FilterInfo } from '../../../engine/grid/grid-request.js';
import type { GridColumn } from '../../../engine/metadata/grid-schema.js';
import { formatDate } from '../../../engine/text/format.js';
import type { TextFn } from './grid-types.js';

export type ExportType = 'csv' | 'pdf';

interface GridToolbarProps {
  entityName: string;
  showAdd: boolean;
  exports: ExportType[];
  /** the export under way */
  exporting: ExportType | null;
  showIncludeDisabled: boolean;
  includeDisabled: boolean;
  /** Select All / Clear Selected, when the grid allows them; selectedCount null without multi-row select */
  selectAll: boolean;
  clearSelection: boolean;
  selectedCount: number | null;
  lastUpdated: string | null;
  filter: FilterInfo | null;
  filterColumn: GridColumn | null;
  busy: boolean;
  /** the tenant's time zone */
  timeZone: string;
  text: TextFn;
  onAdd: () => void;
  onExport: (type: ExportType) => void;
  onIncludeDisabled: (include: boolean) => void;
  onSelectAll: () => void;
  onClearSelection: () => void;
  onClearFilter: () => void;
  /** the workflow steps the chosen rows may take together, enabled when one of them offers the step */
  bulkSteps: ReadonlyArray<{ id: string; label: string; enabled: boolean }>;
  onBulkStep: (transitionId: string) => void;
}

function filterValueText(filter: FilterInfo, column: GridColumn | null, timeZone: string): string {
  const value = filter.value === true ? 'Yes' : filter.value === false ? 'No' : String(filter.value ?? '');
  return column?.formatDate || column?.isTimeStamp ? formatDate(value, timeZone) : value;
}

/** Add New, downloads, Include Disabled, selection buttons, the active filter and 'Last Updated on'. */
export function GridToolbar(p: GridToolbarProps) {
  const { text } = p;
  const includeId = useId();
  const hasButtons = p.showAdd || p.exports.length > 0 || p.selectAll || p.clearSelection || p.bulkSteps.length > 0;
  return (
    <div className="data-grid__toolbar">
      {hasButtons && (
        <ul className="usa-button-group data-grid__buttons">
          {p.showAdd && (
            <li className="usa-button-group__item">
              <button type="button" className="usa-button" disabled={p.busy} onClick={p.onAdd}>
                {text('grid.addNew')}<span className="usa-sr-only"> {text('grid.recordOf', { entity: p.entityName })}</span>
              </button>
            </li>
          )}
          {p.exports.map((type) => (
            <li className="usa-button-group__item" key={type}>
              <button type="button" className="usa-button usa-button--outline" disabled={p.exporting !== null} aria-busy={p.exporting === type || undefined} onClick={() => p.onExport(type)}>
                {text(type === 'csv' ? 'grid.downloadCsv' : 'grid.downloadPdf')}
              </button>
            </li>
          ))}
          {p.bulkSteps.map((s) => (
            <li className="usa-button-group__item" key={s.id}>
              <button type="button" className="usa-button" disabled={p.busy || !s.enabled} onClick={() => p.onBulkStep(s.id)}>{s.label}</button>
            </li>
          ))}
          {p.selectAll && (
            <li className="usa-button-group__item">
              <button type="button" className="usa-button usa-button--outline" onClick={p.onSelectAll}>{text('grid.selectAll')}</button>
            </li>
          )}
          {p.clearSelection && (
            <li className="usa-button-group__item">
              <button type="button" className="usa-button usa-button--outline" disabled={!p.selectedCount} onClick={p.onClearSelection}>{text('grid.clearSelected')}</button>
            </li>
          )}
        </ul>
      )}
      <div className="data-grid__status">
        {p.showIncludeDisabled && (
          <div className="usa-checkbox data-grid__include">
            <input className="usa-checkbox__input" id={includeId} type="checkbox" checked={p.includeDisabled} onChange={(e) => p.onIncludeDisabled(e.target.checked)} />
            <label className="usa-checkbox__label" htmlFor={includeId}>{text('grid.includeDisabled')}</label>
          </div>
        )}
        {p.selectedCount !== null && <p className="data-grid__note" aria-live="polite">{text('grid.selectedCount', { count: p.selectedCount })}</p>}
        {p.lastUpdated && <p className="data-grid__note">{text('grid.lastUpdated')} {p.lastUpdated}</p>}
      </div>
      {p.filter && (
        <p className="data-grid__active-filter">
          {text('grid.filterSummary', {
            column: p.filterColumn?.columnName ?? p.filter.column,
            operation: text(`grid.op.${p.filter.operation ?? 'Contains'}`),
            value: filterValueText(p.filter, p.filterColumn, p.timeZone),
          })}{' '}
          <button type="button" className="usa-button usa-button--unstyled" onClick={p.onClearFilter}>{text('grid.filterClear')}</button>
        </p>
      )}
    </div>
  );
}
