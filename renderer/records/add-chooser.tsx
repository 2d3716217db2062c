import type { Grid } from '../../engine/metadata/grid-schema.js';
import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';

/**
 * What Add New offers on a grid with `addChoices` (the spec's chooser, e.g. 'Add a new Reference'
 * or upload one): a button per choice, each opening its form.
 */
export function AddChooser({ grid, onChoose, onClose }: { grid: Grid; onChoose: (formId: number) => void; onClose: () => void }) {
  const m = useMetadata();
  const entity = m.entity(grid.entityTypeId);
  return (
    <Modal title={m.text('grid.addChoiceTitle', { entity: entity?.displayName ?? entity?.name ?? '' })} open onClose={onClose}>
      <ul className="usa-button-group usa-button-group--stacked add-chooser">
        {(grid.addChoices ?? []).map((c) => (
          <li className="usa-button-group__item" key={c.id}>
            <button type="button" className="usa-button usa-button--outline add-chooser__choice" onClick={() => onChoose(c.formId)}>{m.text(c.label)}</button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
