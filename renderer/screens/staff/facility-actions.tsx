import { useCallback } from 'react';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { Modal } from '../../components/modal.js';
import { useFlowOnce } from '../../components/use-flow-once.js';
import { useMetadata } from '../../app/metadata.js';
import { StaffManagement, useProviderSummary } from './staff-management.js';

/*
 * The row actions of My Facilities (grid organizations, role 350; spec part 3 section 2): View
 * Facility (when staffCount > 0) and Provider Summary Report.
 */

/** 'Users in facility': the Staff Management of the organization as the licensing roles see it. */
export function ViewFacilityAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  return (
    <Modal title={m.text('staff.usersInFacility')} open large showBottomClose onClose={() => onClose(false)}>
      <p className="text-bold margin-top-0">{String(row.organizationName ?? '')}</p>
      <StaffManagement organizationId={row.id} />
    </Modal>
  );
}

/** The Provider Summary Report of the organization (route dashboard-psr). */
export function FacilityProviderSummaryAction({ row, onClose }: RowActionModalProps) {
  const providerSummary = useProviderSummary();
  useFlowOnce(useCallback(async () => {
    providerSummary(row.id, String(row.organizationName ?? ''));
    return false;
  }, [providerSummary, row]), onClose);
  return null;
}
