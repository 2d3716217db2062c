import type { Grid } from '../../engine/metadata/grid-schema.js';
import { ruleHolds } from '../../engine/rules/json-logic.js';
import { useMetadata } from '../app/metadata.js';
import { useRuleContext } from '../app/rule-context.js';
import { useComposition } from '../components/composition/composition-context.js';
import { useLoaded } from '../components/composition/use-loaded.js';
import type { GridRow } from '../components/data-grid/data-grid.js';
import { FormModal } from '../form/form-modal.js';
import { VerificationOutcome } from './verification-outcome.js';

export interface OpenRecord {
  mode: 'add' | 'view' | 'edit';
  row: GridRow | null;
  /** the form to add with (a choice of the grid's addChoices); default the grid's form */
  formId?: number;
}

interface RecordOpenerProps {
  grid: Grid;
  open: OpenRecord;
  /** whose record (absent: the signed-in person) */
  primaryEntity?: { Id: number } | null;
  onClose: (saved: boolean) => void;
}

/**
 * What a grid's Add, View and Edit open: the record form, or - for View on rows where the grid's
 * `viewModal` rule holds (always without one) - the named row action component instead (endorsement
 * rows: Endorsement Details; a verification request: the review window). The
 * owner's view of a verifiable record shows its verification outcome too.
 */
export function RecordOpener({ grid, open, primaryEntity, onClose }: RecordOpenerProps) {
  const context = useRuleContext();
  const { rowActions } = useComposition();
  const entity = useMetadata().entity(grid.entityTypeId);
  const row = open.row;
  const modal = open.mode === 'view' && row && grid.viewModal && ruleHolds(grid.viewModal.when, { ...context, row }, true) ? grid.viewModal.name : undefined;
  const View = useLoaded(modal === undefined ? undefined : rowActions[modal]);
  if (modal !== undefined) return View && row ? <View grid={grid} row={row} onClose={onClose} /> : null;
  // the owner viewing a verifiable record also sees its verification outcome
  const ownRecord = row && entity?.verification && Number(row[entity.ownerField ?? 'userId']) === context.user.id;
  return (
    <FormModal formId={open.formId ?? grid.formId} mode={open.mode} entityId={row?.id} primaryEntity={primaryEntity ?? null} onClose={onClose}>
      {open.mode === 'view' && ownRecord && <VerificationOutcome entityTypeId={grid.entityTypeId} entityId={row.id} />}
    </FormModal>
  );
}
