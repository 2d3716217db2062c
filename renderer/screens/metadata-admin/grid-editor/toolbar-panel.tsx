import { useId, useState } from 'react';
import type { Grid } from '../../../../engine/metadata/grid-schema.js';
import type { TextFn } from '../../../components/data-grid/grid-types.js';
import { setExport, setGridRule, setSwitch, type GridRuleProperty, type GridSwitch } from './grid-draft.js';
import { RuleEditor, type RuleField } from './rule-editor.js';

const SWITCHES: Array<{ key: GridSwitch; text: string }> = [
  { key: 'multiRowSelect', text: 'gridEditor.multiRowSelect' },
  { key: 'allowSelectAll', text: 'gridEditor.allowSelectAll' },
  { key: 'allowClearSelection', text: 'gridEditor.allowClearSelection' },
];

type RuleMode = 'default' | 'always' | 'never' | 'rule';
const modeOf = (rule: unknown): RuleMode => (rule === undefined ? 'default' : rule === true ? 'always' : rule === false ? 'never' : 'rule');

/** A rule property of the toolbar (Add New, Include Disabled): the default, always, never, or a rule over the person. */
function RuleSwitch({ grid, name, fields, text, onChange }: { grid: Grid; name: GridRuleProperty; fields: readonly RuleField[]; text: TextFn; onChange: (grid: Grid) => void }) {
  const id = useId();
  const rule = grid[name];
  const [mode, setMode] = useState<RuleMode>(modeOf(rule));
  const choose = (next: RuleMode) => {
    setMode(next);
    if (next === 'default') onChange(setGridRule(grid, name, undefined));
    if (next === 'always') onChange(setGridRule(grid, name, true));
    if (next === 'never') onChange(setGridRule(grid, name, false));
    if (next === 'rule' && typeof rule !== 'object') onChange(setGridRule(grid, name, undefined));
  };
  const label = text(`gridEditor.${name}`);
  return (
    <div className="grid-editor__rule-switch">
      <label className="usa-label" htmlFor={id}>{label}</label>
      <select className="usa-select" id={id} value={mode} onChange={(e) => choose(e.target.value as RuleMode)}>
        <option value="default">{text('gridEditor.ruleDefault')}</option>
        <option value="always">{text('gridEditor.ruleAlways')}</option>
        <option value="never">{text('gridEditor.ruleNever')}</option>
        <option value="rule">{text('gridEditor.ruleWhen')}</option>
      </select>
      {mode === 'rule' && (
        <RuleEditor rule={typeof rule === 'object' ? rule : undefined} fields={fields} text={text} label={`${label}: ${text('gridEditor.ruleWhen')}`}
          onChange={(r) => onChange(setGridRule(grid, name, r))} />
      )}
    </div>
  );
}

/** The toolbar: exports, row selection switches, and the Add New and Include Disabled rules. */
export function ToolbarPanel({ grid, personFields, text, onChange }: { grid: Grid; personFields: readonly RuleField[]; text: TextFn; onChange: (grid: Grid) => void }) {
  const id = useId();
  const check = (key: string, label: string, checked: boolean, disabled: boolean, set: (on: boolean) => void) => (
    <div key={key} className="usa-checkbox">
      <input className="usa-checkbox__input" type="checkbox" id={`${id}-${key}`} checked={checked} disabled={disabled} onChange={(e) => set(e.target.checked)} />
      <label className="usa-checkbox__label" htmlFor={`${id}-${key}`}>{label}</label>
    </div>
  );
  return (
    <section className="grid-editor__panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{text('gridEditor.toolbar')}</h2>
      <div className="grid-editor__switches">
        {check('csv', text('gridEditor.exportCsv'), grid.exports?.includes('csv') === true, false, (on) => onChange(setExport(grid, 'csv', on)))}
        {check('pdf', text('gridEditor.exportPdf'), grid.exports?.includes('pdf') === true, false, (on) => onChange(setExport(grid, 'pdf', on)))}
        {SWITCHES.map((s) => check(s.key, text(s.text), grid[s.key] === true, s.key !== 'multiRowSelect' && grid.multiRowSelect !== true, (on) => onChange(setSwitch(grid, s.key, on))))}
      </div>
      <RuleSwitch grid={grid} name="addNew" fields={personFields} text={text} onChange={onChange} />
      <RuleSwitch grid={grid} name="includeDisabled" fields={personFields} text={text} onChange={onChange} />
    </section>
  );
}
