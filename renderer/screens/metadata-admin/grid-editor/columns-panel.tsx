import { useId, useState } from 'react';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import type { TextFn } from '../../../components/data-grid/grid-types.js';
import {
  addColumn, fieldsToAdd, initialSortOf, moveColumn, removeColumn, setInitialSort, updateColumn, type ColumnChange, type ColumnField,
} from './grid-draft.js';

const SWITCHES: Array<{ key: keyof ColumnChange; text: string }> = [
  { key: 'sortable', text: 'gridEditor.sortable' },
  { key: 'filterable', text: 'gridEditor.filterable' },
  { key: 'formatDate', text: 'gridEditor.formatDate' },
  { key: 'formatNumber', text: 'gridEditor.formatNumber' },
  { key: 'isTimeStamp', text: 'gridEditor.isTimeStamp' },
  { key: 'showTime', text: 'gridEditor.showTime' },
  { key: 'hidden', text: 'gridEditor.hidden' },
];

/** The grid's columns: name and switches each, move up/down, remove; add a column from the entity's fields; the initial sort. */
export function ColumnsPanel({ grid, fields, text, onChange }: { grid: Grid; fields: readonly ColumnField[]; text: TextFn; onChange: (grid: Grid) => void }) {
  const id = useId();
  const offered = fieldsToAdd(grid, fields);
  const [adding, setAdding] = useState('');
  const toAdd = offered.find((f) => f.id === adding) ?? offered[0];
  const sort = initialSortOf(grid);
  return (
    <section className="grid-editor__panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{text('gridEditor.columns')}</h2>
      <ol className="grid-editor__list">
        {grid.columns.map((c, i) => (
          <li key={c.propertyName} className="grid-editor__item">
            <fieldset className="usa-fieldset">
              <legend className="grid-editor__legend">{text('gridEditor.columnLabel', { n: i + 1, name: c.columnName })}</legend>
              <p className="usa-hint margin-0">{text('gridEditor.columnField', { field: c.propertyName })}</p>
              <label className="usa-label" htmlFor={`${id}-name-${i}`}>{text('gridEditor.columnName')}</label>
              <input className="usa-input" id={`${id}-name-${i}`} value={c.columnName} onChange={(e) => onChange(updateColumn(grid, i, { columnName: e.target.value }))} />
              <div className="grid-editor__switches">
                {SWITCHES.map((s) => (
                  <div key={s.key} className="usa-checkbox">
                    <input className="usa-checkbox__input" type="checkbox" id={`${id}-${s.key}-${i}`} checked={c[s.key] === true}
                      onChange={(e) => onChange(updateColumn(grid, i, { [s.key]: e.target.checked }))} />
                    <label className="usa-checkbox__label" htmlFor={`${id}-${s.key}-${i}`}>{text(s.text)}</label>
                  </div>
                ))}
              </div>
              <div className="grid-editor__buttons">
                <button type="button" className="usa-button usa-button--outline" disabled={i === 0} onClick={() => onChange(moveColumn(grid, i, -1))}>
                  {text('gridEditor.moveUp')}<span className="usa-sr-only"> {c.columnName}</span>
                </button>
                <button type="button" className="usa-button usa-button--outline" disabled={i === grid.columns.length - 1} onClick={() => onChange(moveColumn(grid, i, 1))}>
                  {text('gridEditor.moveDown')}<span className="usa-sr-only"> {c.columnName}</span>
                </button>
                <button type="button" className="usa-button usa-button--secondary" disabled={grid.columns.length <= 1} onClick={() => onChange(removeColumn(grid, i))}>
                  {text('gridEditor.remove')}<span className="usa-sr-only"> {c.columnName}</span>
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {toAdd ? (
        <div className="grid-editor__add">
          <div>
            <label className="usa-label" htmlFor={`${id}-add`}>{text('gridEditor.addColumnField')}</label>
            <select className="usa-select" id={`${id}-add`} value={toAdd.id} onChange={(e) => setAdding(e.target.value)}>
              {offered.map((f) => <option key={f.id} value={f.id}>{f.label === f.id ? f.id : `${f.label} (${f.id})`}</option>)}
            </select>
          </div>
          <button type="button" className="usa-button" onClick={() => onChange(addColumn(grid, toAdd))}>{text('gridEditor.addColumn')}</button>
        </div>
      ) : <p>{text('gridEditor.noFieldsLeft')}</p>}
      <fieldset className="usa-fieldset grid-editor__sort">
        <legend className="grid-editor__legend">{text('gridEditor.initialSort')}</legend>
        <div className="grid-editor__add">
          <div>
            <label className="usa-label" htmlFor={`${id}-sort`}>{text('gridEditor.initialSortColumn')}</label>
            <select className="usa-select" id={`${id}-sort`} value={sort?.propertyName ?? ''} onChange={(e) => onChange(setInitialSort(grid, e.target.value || null, sort?.direction))}>
              <option value="">{text('gridEditor.initialSortDefault')}</option>
              {grid.columns.map((c) => <option key={c.propertyName} value={c.propertyName}>{c.columnName}</option>)}
            </select>
          </div>
          <div>
            <label className="usa-label" htmlFor={`${id}-dir`}>{text('gridEditor.direction')}</label>
            <select className="usa-select" id={`${id}-dir`} value={sort?.direction ?? 'Ascending'} disabled={!sort}
              onChange={(e) => sort && onChange(setInitialSort(grid, sort.propertyName, e.target.value === 'Descending' ? 'Descending' : 'Ascending'))}>
              <option value="Ascending">{text('gridEditor.ascending')}</option>
              <option value="Descending">{text('gridEditor.descending')}</option>
            </select>
          </div>
        </div>
      </fieldset>
    </section>
  );
}
