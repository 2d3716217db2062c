import { useId, useState } from 'react';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import type { TextFn } from '../../../components/data-grid/grid-types.js';
import { addRowAction, badActionIds, removeRowAction, updateRowAction } from './grid-draft.js';
import { RuleEditor, type RuleField } from './rule-editor.js';

/** The grid's row actions: id, label and icon, and the rule that shows each on a row. */
export function RowActionsPanel({ grid, ruleFields, text, jsonHref, onChange }: {
  grid: Grid;
  ruleFields: readonly RuleField[];
  text: TextFn;
  jsonHref: string;
  onChange: (grid: Grid) => void;
}) {
  const id = useId();
  const [label, setLabel] = useState('');
  const actions = grid.rowActions ?? [];
  const bad = badActionIds(grid);
  return (
    <section className="grid-editor__panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{text('gridEditor.rowActions')}</h2>
      <ol className="grid-editor__list">
        {actions.map((a, i) => (
          // keyed by position (an id being typed keeps its rule editor); a removal starts the editors afresh
          <li key={`${i}:${actions.length}`} className="grid-editor__item">
            <fieldset className="usa-fieldset">
              <legend className="grid-editor__legend">{text('gridEditor.actionLabel', { n: i + 1, label: a.label })}</legend>
              <div className="grid-editor__add">
                <div>
                  <label className="usa-label" htmlFor={`${id}-id-${i}`}>{text('gridEditor.actionId')}</label>
                  {bad.has(a.id) && <span className="usa-error-message" id={`${id}-id-${i}-error`}>{text('gridEditor.actionIdBad')}</span>}
                  <input className={`usa-input${bad.has(a.id) ? ' usa-input--error' : ''}`} id={`${id}-id-${i}`} value={a.id}
                    aria-describedby={bad.has(a.id) ? `${id}-id-${i}-error` : undefined} onChange={(e) => onChange(updateRowAction(grid, i, { id: e.target.value }))} />
                </div>
                <div>
                  <label className="usa-label" htmlFor={`${id}-label-${i}`}>{text('gridEditor.actionText')}</label>
                  <input className="usa-input" id={`${id}-label-${i}`} value={a.label} onChange={(e) => onChange(updateRowAction(grid, i, { label: e.target.value }))} />
                </div>
                <div>
                  <label className="usa-label" htmlFor={`${id}-icon-${i}`}>{text('gridEditor.actionIcon')}</label>
                  <input className="usa-input" id={`${id}-icon-${i}`} value={a.icon ?? ''} onChange={(e) => onChange(updateRowAction(grid, i, { icon: e.target.value }))} />
                </div>
              </div>
              <h3 className="grid-editor__subheading">{text('gridEditor.visibleWhen')}</h3>
              {a.visible === undefined && <p className="usa-hint">{text('gridEditor.visibleAlways')}</p>}
              <RuleEditor rule={a.visible} fields={ruleFields} text={text} jsonHref={jsonHref}
                label={`${text('gridEditor.visibleWhen')}: ${a.label}`} onChange={(rule) => onChange(updateRowAction(grid, i, { visible: rule }))} />
              <button type="button" className="usa-button usa-button--secondary margin-top-1" onClick={() => onChange(removeRowAction(grid, i))}>
                {text('gridEditor.remove')}<span className="usa-sr-only"> {a.label}</span>
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="grid-editor__add">
        <div>
          <label className="usa-label" htmlFor={`${id}-new`}>{text('gridEditor.newActionLabel')}</label>
          <input className="usa-input" id={`${id}-new`} value={label} onChange={(e) => setLabel(e.target.value)} />
        </div>
        <button type="button" className="usa-button usa-button--outline" disabled={!label.trim()} onClick={() => { onChange(addRowAction(grid, label)); setLabel(''); }}>{text('gridEditor.addAction')}</button>
      </div>
    </section>
  );
}
