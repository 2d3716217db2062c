import { useId, useState, type FormEvent } from 'react';
import {
  defaultFilterOperation, FILTER_MAX_DATE, FILTER_MAX_LENGTH, FILTER_MIN_DATE, filterHintParams, filterOperations,
  prepareFilter, type FilterKind, type FilterProblem,
} from '../../../engine/grid/filter-input.js';
import type { FilterInfo } from '../../../engine/grid/grid-request.js';
import type { FilterOperation, GridColumn } from '../../../engine/metadata/grid-schema.js';
import { Modal } from '../modal.js';
import type { TextFn } from './grid-types.js';

interface GridFilterDialogProps {
  column: GridColumn;
  kind: FilterKind;
  /** the active filter, when it is on this column */
  current: FilterInfo | null;
  idLabel: string;
  text: TextFn;
  /** the new filter, or null to clear all filters */
  onApply: (filter: FilterInfo | null) => void;
  onClose: () => void;
}

const PROBLEM_KEYS: Record<FilterProblem, string> = {
  number: 'grid.filterInvalidNumber',
  date: 'grid.filterInvalidDate',
  boolean: 'grid.filterInvalidBoolean',
  operation: 'grid.filterInvalidOperation',
  length: 'grid.filterInvalidLength',
  characters: 'grid.filterInvalidCharacters',
};

/**
 * The filter of one column: the hint, the notes that another column's filter is replaced and that
 * an empty value clears all filters, an operation choice for dates, and the value.
 */
export function GridFilterDialog({ column, kind, current, idLabel, text, onApply, onClose }: GridFilterDialogProps) {
  const operations = filterOperations(kind);
  const [operation, setOperation] = useState<FilterOperation>(
    current?.operation && operations.includes(current.operation) ? current.operation : defaultFilterOperation(kind),
  );
  const [value, setValue] = useState(current?.value === undefined || current.value === null ? '' : String(current.value));
  const [problem, setProblem] = useState<FilterProblem | null>(null);
  const ids = { hint: useId(), note: useId(), operation: useId(), value: useId(), error: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const outcome = prepareFilter({ column, kind, operation, value, idLabel });
    if (outcome.kind === 'invalid') { setProblem(outcome.problem); return; }
    onApply(outcome.kind === 'set' ? outcome.filter : null);
  };

  const describedBy = [ids.hint, ids.note, problem ? ids.error : ''].filter(Boolean).join(' ');
  const inputProps = {
    id: ids.value,
    value,
    'aria-describedby': describedBy,
    'aria-invalid': problem ? true : undefined,
    onChange: (e: { target: { value: string } }) => { setValue(e.target.value); setProblem(null); },
  };

  return (
    <Modal title={text('grid.filterTitle', { column: column.columnName })} open onClose={onClose}>
      <form className="usa-form data-grid__filter-form" onSubmit={submit} noValidate>
        <p className="usa-hint" id={ids.hint}>{text('grid.filterHint', filterHintParams(column))}</p>
        <p className="usa-hint" id={ids.note}>{text('grid.filterHintNote')}</p>
        {operations.length > 1 && (
          <>
            <label className="usa-label" htmlFor={ids.operation}>{text('grid.filterOperation')}</label>
            <select className="usa-select" id={ids.operation} value={operation} onChange={(e) => setOperation(e.target.value as FilterOperation)}>
              {operations.map((o) => <option key={o} value={o}>{text(`grid.op.${o}`)}</option>)}
            </select>
          </>
        )}
        <div className={problem ? 'usa-form-group usa-form-group--error' : 'usa-form-group'}>
          <label className="usa-label" htmlFor={ids.value}>{column.columnName}</label>
          {problem && <span className="usa-error-message" id={ids.error} role="alert">{text(PROBLEM_KEYS[problem])}</span>}
          {kind === 'date' && <input className="usa-input" type="date" min={FILTER_MIN_DATE} max={FILTER_MAX_DATE} {...inputProps} />}
          {kind === 'number' && <input className="usa-input" type="text" inputMode="decimal" autoComplete="off" {...inputProps} />}
          {kind === 'text' && <input className="usa-input" type="text" maxLength={FILTER_MAX_LENGTH} autoComplete="off" {...inputProps} />}
          {kind === 'boolean' && (
            <select className="usa-select" {...inputProps}>
              <option value="">{text('grid.filterAny')}</option>
              <option value="true">{text('grid.yes')}</option>
              <option value="false">{text('grid.no')}</option>
            </select>
          )}
        </div>
        <ul className="usa-button-group data-grid__filter-buttons">
          <li className="usa-button-group__item"><button type="submit" className="usa-button">{text('grid.filterApply')}</button></li>
          <li className="usa-button-group__item">
            <button type="button" className="usa-button usa-button--outline" onClick={() => onApply(null)}>{text('grid.filterClearAll')}</button>
          </li>
          <li className="usa-button-group__item">
            <button type="button" className="usa-button usa-button--unstyled data-grid__cancel" onClick={onClose}>{text('dialog.cancel')}</button>
          </li>
        </ul>
      </form>
    </Modal>
  );
}
