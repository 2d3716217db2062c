import type { Grid } from '../../engine/metadata/grid-schema.js';
import { ruleHolds } from '../../engine/rules/json-logic.js';
import { useMetadata } from '../app/metadata.js';
import { useRuleContext } from '../app/rule-context.js';
import type { GridRow } from '../components/data-grid/data-grid.js';
import { FormModal } from '../form/form-modal.js';
import { EndorsementDetailsModal } from './endorsement-details-modal.js';
import { VerificationOutcome } from './verification-outcome.js';

export interface OpenRecord {
  mode: 'add' | 'view' | 'edit';
  row: GridRow | null;
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
 * `viewModal` rule holds - the named modal instead (endorsement rows: Endorsement Details). The
 * owner's view of a verifiable record shows its verification outcome too.
 */
export function RecordOpener({ grid, open, primaryEntity, onClose }: RecordOpenerProps) {
  const context = useRuleContext();
  const entity = useMetadata().entity(grid.entityTypeId);
  const row = open.row;
  const modal = open.mode === 'view' && row && grid.viewModal && ruleHolds(grid.viewModal.when, { ...context, row }) ? grid.viewModal.name : null;
  if (modal === 'endorsement-details' && row) return <EndorsementDetailsModal endorsementId={row.id} onClose={() => onClose(false)} />;
  // the owner viewing a verifiable record also sees its verification outcome
  const ownRecord = row && entity?.verification && Number(row[entity.ownerField ?? 'userId']) === context.user.id;
  return (
    <FormModal formId={grid.formId} mode={open.mode} entityId={row?.id} primaryEntity={primaryEntity ?? null} onClose={onClose}>
      {open.mode === 'view' && ownRecord && <VerificationOutcome entityTypeId={grid.entityTypeId} entityId={row.id} />}
    </FormModal>
  );
}
