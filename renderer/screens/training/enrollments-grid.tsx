import { useCallback, useState } from 'react';
import type { FilterInfo } from '../../../engine/grid/grid-request.js';
import { ruleHolds } from '../../../engine/rules/json-logic.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { useReloadGrids } from '../../components/data-grid/use-grid-data.js';
import { TrainingGrid } from './training-grid.js';
import { ENROLLMENTS_GRID, useEnrollmentActions } from './use-enrollment-actions.js';

/**
 * The enrollments grid (multi-select, select-all) with its row actions and the grid's selection
 * actions (metadata `selectionActions`: attendance, which the server applies to the eligible rows
 * only, and cancellation), each enabled when its rule holds for a chosen row. A change reloads
 * the grid and clears the choice.
 */
export function EnrollmentsGrid({ caption, defaultFilters }: { caption: string; defaultFilters: readonly FilterInfo[] }) {
  const m = useMetadata();
  const context = useRuleContext();
  const grid = m.grid(ENROLLMENTS_GRID);
  const actions = useEnrollmentActions();
  const flows: Record<string, (rows: GridRow[]) => Promise<boolean>> = { 'set-attendance': actions.attendance, 'cancel-registration': actions.cancel };
  const [selected, setSelected] = useState<GridRow[]>([]);
  const [version, setVersion] = useState(0);
  const reloadGrids = useReloadGrids();
  const [busy, setBusy] = useState(false);
  const bulk = useCallback(async (flow: (rows: GridRow[]) => Promise<boolean>) => {
    setBusy(true);
    const changed = await flow(selected);
    setBusy(false);
    if (changed) {
      setSelected([]);
      // the grid starts afresh (no selection) and reads its rows again
      if (grid) reloadGrids(grid.entityTypeId);
      setVersion((v) => v + 1);
    }
  }, [selected, grid, reloadGrids]);
  // enabled once a chosen row offers it: a trainer's own rows for attendance, cancellable places for cancellation
  const offered = (grid?.selectionActions ?? []).filter((a) => flows[a.id]).map((a) => ({ ...a, enabled: selected.some((row) => ruleHolds(a.offered, { ...context, row }, true)) }));
  return (
    <>
      {offered.length > 0 && (
        <ul className="usa-button-group margin-y-1" aria-label={m.text('enrollmentActions.bulkLabel')}>
          {offered.map((a, i) => (
            <li key={a.id} className="usa-button-group__item">
              <button type="button" className={`usa-button${i > 0 ? ' usa-button--secondary' : ''}`} disabled={busy || !a.enabled} onClick={() => void bulk(flows[a.id]!)}>{a.label}</button>
            </li>
          ))}
        </ul>
      )}
      <TrainingGrid key={version} gridId={ENROLLMENTS_GRID} caption={caption} defaultFilters={defaultFilters} onSelectionChange={setSelected} />
    </>
  );
}
