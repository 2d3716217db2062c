import type { ChooseThenList } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { useComposition } from '../../components/composition/composition-context.js';
import { useRowActionModals } from '../../components/composition/use-row-action-modals.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';

/** The buttons of a choose-then-list screen acting on the chosen row (row action components of the composition). */
export function ChosenActions({ actions, chosen, gridId, onChanged }: {
  actions: NonNullable<ChooseThenList['actions']>; chosen: GridRow; gridId: string; onChanged: () => void;
}) {
  const m = useMetadata();
  const grid = m.grid(gridId);
  const { rowActions } = useComposition();
  const windows = useRowActionModals(grid, onChanged);
  const offered = actions.filter((a) => a.id in rowActions);
  if (!grid || offered.length === 0) return null;
  return (
    <>
      <ul className="usa-button-group margin-bottom-1">
        {offered.map((a) => (
          <li key={a.id} className="usa-button-group__item">
            <button type="button" className="usa-button usa-button--outline" onClick={() => windows.open(a.id, chosen)}>{m.text(a.label)}</button>
          </li>
        ))}
      </ul>
      {windows.modal}
    </>
  );
}
