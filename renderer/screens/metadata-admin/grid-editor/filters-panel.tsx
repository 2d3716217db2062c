import { useId } from 'react';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import type { TextFn } from '../../../components/data-grid/grid-types.js';
import { addDefaultFilter, filterOperations, filterValue, removeDefaultFilter, setPageSize, updateDefaultFilter, type ColumnField } from './grid-draft.js';

/** The grid's default filters (column, operation, value) and its page size. */
export function FiltersPanel({ grid, fields, text, onChange }: { grid: Grid; fields: readonly ColumnField[]; text: TextFn; onChange: (grid: Grid) => void }) {
  const id = useId();
  const typeOf = (column: string) => fields.find((f) => f.id === column)?.type ?? null;
  const filters = grid.defaultFilters ?? [];
  return (
    <section className="grid-editor__panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{text('gridEditor.filtersAndPaging')}</h2>
      {filters.length === 0 && <p>{text('gridEditor.noFilters')}</p>}
      <ol className="grid-editor__list">
        {filters.map((f, i) => {
          const type = typeOf(f.column);
          const operations = filterOperations(type);
          return (
            <li key={i} className="grid-editor__item">
              <fieldset className="usa-fieldset">
                <legend className="grid-editor__legend">{text('gridEditor.filterLabel', { n: i + 1 })}</legend>
                <div className="grid-editor__add">
                  <div>
                    <label className="usa-label" htmlFor={`${id}-col-${i}`}>{text('gridEditor.filterColumn')}</label>
                    <select className="usa-select" id={`${id}-col-${i}`} value={f.column} onChange={(e) => {
                      const ops = filterOperations(typeOf(e.target.value));
                      onChange(updateDefaultFilter(grid, i, { column: e.target.value, operation: ops.includes(f.operation) ? f.operation : ops[0]! }));
                    }}>
                      {grid.columns.map((c) => <option key={c.propertyName} value={c.propertyName}>{c.columnName}</option>)}
                    </select>
                  </div>
                  <div>
                    <label className="usa-label" htmlFor={`${id}-op-${i}`}>{text('gridEditor.filterOperation')}</label>
                    <select className="usa-select" id={`${id}-op-${i}`} value={f.operation} onChange={(e) => onChange(updateDefaultFilter(grid, i, { operation: e.target.value as typeof f.operation }))}>
                      {[...new Set([...operations, f.operation])].map((o) => <option key={o} value={o}>{o}</option>)}
                    </select>
                  </div>
                  <div>
                    <label className="usa-label" htmlFor={`${id}-val-${i}`}>{text('gridEditor.filterValue')}</label>
                    {type === 'boolean'
                      ? (
                        <select className="usa-select" id={`${id}-val-${i}`} value={String(f.value)} onChange={(e) => onChange(updateDefaultFilter(grid, i, { value: e.target.value === 'true' }))}>
                          <option value="true">true</option><option value="false">false</option>
                        </select>
                      )
                      : <input className="usa-input" id={`${id}-val-${i}`} type={type === 'date' || type === 'datetime' ? 'date' : 'text'} value={String(f.value)}
                        onChange={(e) => onChange(updateDefaultFilter(grid, i, { value: filterValue(type, e.target.value) }))} />}
                  </div>
                  <button type="button" className="usa-button usa-button--secondary" onClick={() => onChange(removeDefaultFilter(grid, i))}>
                    {text('gridEditor.remove')}<span className="usa-sr-only"> {text('gridEditor.filterLabel', { n: i + 1 })}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="usa-button usa-button--outline" onClick={() => onChange(addDefaultFilter(grid))}>{text('gridEditor.addFilter')}</button>
      <label className="usa-label" htmlFor={`${id}-size`}>{text('gridEditor.pageSize')}</label>
      <input className="usa-input usa-input--small" id={`${id}-size`} type="number" min={1} max={100} value={grid.pageSize ?? ''}
        onChange={(e) => onChange(setPageSize(grid, e.target.value === '' ? null : Number(e.target.value)))} />
    </section>
  );
}
