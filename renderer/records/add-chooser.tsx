import type { AddChoice, Grid } from '../../engine/metadata/grid-schema.js';
import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';

interface AddChooserProps {
  grid: Grid;
  onChoose: (choice: AddChoice) => void;
  onClose: () => void;
}

/** What a grid's Add New opens when the grid offers several ways of adding a record (grid metadata addChoices): one button per way. */
export function AddChooser({ grid, onChoose, onClose }: AddChooserProps) {
  const m = useMetadata();
  const entity = m.entity(grid.entityTypeId);
  const title = m.text(grid.addChoicesTitle ?? 'grid.addChoiceTitle', { entity: entity?.displayName ?? entity?.name ?? '' });
  return (
    <Modal title={title} open onClose={onClose}>
      <ul className="usa-button-group add-chooser">
        {(grid.addChoices ?? []).map((c) => (
          <li key={c.id} className="usa-button-group__item">
            <button type="button" className="usa-button" data-choice={c.id} onClick={() => onChoose(c)}>{m.text(c.label)}</button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
