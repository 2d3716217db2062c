import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { organizationRoles } from '../../../engine/access/role-duties.js';
import { useMetadata } from '../../app/metadata.js';
import { setTrainTnAccess } from './employment-api.js';
import { EndRoleModal } from './end-role-modal.js';
import { OrganizationalRolesModal } from './organizational-roles-modal.js';
import { useRoleRequest } from './use-role-request.js';
import { useFlowOnce } from '../../components/use-flow-once.js';
import { useConfirmedCall } from '../../components/use-confirmed-call.js';

/*
 * The employment grid's row actions (spec part 1 section 6), as windows of
 * renderer/app/component-registry.ts. Training Report and Archived Training Reports belong to the
 * report screens and are offered once those register them.
 */

export function OrganizationalRolesAction({ row, onClose }: RowActionModalProps) {
  return <OrganizationalRolesModal row={row} onClose={onClose} />;
}

export const EndStaffRoleAction = ({ row, onClose }: RowActionModalProps) => <EndRoleModal row={row} ending="staff" onClose={onClose} />;
export const EndDirectorRoleAction = ({ row, onClose }: RowActionModalProps) => <EndRoleModal row={row} ending="director" onClose={onClose} />;
export const EndEmploymentAction = ({ row, onClose }: RowActionModalProps) => <EndRoleModal row={row} ending="employment" onClose={onClose} />;

/** Request Staff Role: the confirmation with the warning, then the request. */
export function RequestStaffRoleAction({ row, onClose }: RowActionModalProps) {
  const request = useRoleRequest();
  const target = { employmentRecordId: row.id, organizationName: String(row.employerName ?? '') };
  const staff = organizationRoles(useMetadata().roleById).staff;
  useFlowOnce(() => request(target, { role: staff, refusal: null }), onClose);
  return null;
}

/** Remove TrainTN access (tn): confirmed, then the flag is cleared. */
export function RemoveTrainTnAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  useConfirmedCall(() => ({
    title: m.text('trainTN.removeTitle'),
    question: m.text('trainTN.removeQuestion', { organization: String(row.employerName ?? '') }),
    call: () => setTrainTnAccess(row.id, false),
    done: m.text('trainTN.removed'),
  }), onClose);
  return null;
}
