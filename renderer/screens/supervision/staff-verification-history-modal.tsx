import { useState } from 'react';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { DataGrid, type GridRow } from '../../components/data-grid/data-grid.js';
import { Modal } from '../../components/modal.js';
import { FormModal } from '../../form/form-modal.js';

const GRID = 'staff-verification-history';
const VERIFICATION_FORM = 19;

/**
 * Verification History (Supervisor Staff Management, spec part 3 section 2): the verification
 * decisions of a licensing consultant (grid over their verification actions); View opens the
 * verification they decided.
 */
export function StaffVerificationHistoryAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const userId = Number(row.userId ?? row.id);
  const name = String(row.fullName ?? '');
  const [viewing, setViewing] = useState<GridRow | null>(null);
  // one window at a time: the verification's form replaces the list while it is open
  if (viewing) return <FormModal formId={VERIFICATION_FORM} mode="view" entityId={Number(viewing.verificationId)} onClose={() => setViewing(null)} />;
  return (
    <Modal title={m.text('staffVerification.title', { name })} open large onClose={() => onClose(false)} showBottomClose>
      <DataGrid gridId={GRID} primaryEntity={{ Id: userId }} caption={m.text('staffVerification.caption', { name })}
        onOpenForm={(_mode, r) => setViewing(r)} />
    </Modal>
  );
}
