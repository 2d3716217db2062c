import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { Grid } from '../../../engine/metadata/grid-schema.js';
import { ruleHolds } from '../../../engine/rules/json-logic.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import type { GridRow } from '../data-grid/grid-types.js';
import type { SelectionActionProps } from './composition-types.js';
import { useComposition } from './composition-context.js';

export interface SelectionActions {
  /** the buttons over the grid (null when the grid has none the composition runs) */
  buttons: ReactNode;
  onSelectionChange: ((rows: GridRow[]) => void) | undefined;
  /** the running action's window */
  modal: ReactNode;
  /** bumped after an action changed something (which `onChanged` hears): the grid starts afresh, with no row chosen */
  version: number;
}

/**
 * The grid's `selectionActions` over the chosen rows (multi-select grids): each button enabled once a
 * chosen row meets its `offered` rule, running the composition's component of that id.
 */
export function useSelectionActions(grid: Grid | undefined, onChanged: () => void): SelectionActions {
  const m = useMetadata();
  const context = useRuleContext();
  const { selectionActions } = useComposition();
  const [selected, setSelected] = useState<GridRow[]>([]);
  const [running, setRunning] = useState<ComponentType<SelectionActionProps> | null>(null);
  const [version, setVersion] = useState(0);
  const offered = useMemo(() => (grid?.selectionActions ?? []).filter((a) => a.id in selectionActions), [grid, selectionActions]);
  const run = useCallback((id: string) => {
    void selectionActions[id]?.().then((Component) => setRunning(() => Component));
  }, [selectionActions]);
  const close = useCallback((changed: boolean) => {
    setRunning(null);
    if (changed) {
      setSelected([]);
      setVersion((v) => v + 1);
      onChanged();
    }
  }, [onChanged]);
  if (!grid || offered.length === 0) return { buttons: null, onSelectionChange: undefined, modal: null, version };
  const Running = running;
  const buttons = (
    <ul className="usa-button-group margin-y-1" aria-label={m.text('grid.selectionActions')}>
      {offered.map((a, i) => {
        const enabled = selected.some((row) => ruleHolds(a.offered, { ...context, row }, true));
        return (
          <li key={a.id} className="usa-button-group__item">
            <button type="button" className={`usa-button${i > 0 ? ' usa-button--secondary' : ''}`} disabled={Running !== null || !enabled} onClick={() => run(a.id)}>{a.label}</button>
          </li>
        );
      })}
    </ul>
  );
  return { buttons, onSelectionChange: setSelected, modal: Running ? <Running grid={grid} rows={selected} onClose={close} /> : null, version };
}
