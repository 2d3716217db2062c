import { organizationRoles } from '../../../engine/access/role-duties.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../components/composition/composition-types.js';
import { useRuleContext } from '../../app/rule-context.js';
import { FormModal } from '../../form/form-modal.js';
import { Modal } from '../../components/modal.js';
import { endRole, setTrainTnAccess } from '../employment/employment-api.js';
import { EndDateWindow } from '../employment/end-date-window.js';
import { useConfirmedCall } from '../../components/use-confirmed-call.js';

/*
 * The row actions of the Staff Management grid (organization user rows; spec part 3 section 6),
 * as windows of renderer/app/component-registry.ts.
 */

const nameOf = (row: RowActionModalProps['row']) => String(row.fullName ?? '');
const organizationOf = (row: RowActionModalProps['row']) => String(row.organizationName ?? '');

/**
 * Remove Organization Association: the staff role (100) of the person at the organization ends on
 * the date the director picks, through POST /api/userorganizationroles (history action type 4).
 */
export function RemoveAssociationAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const { today } = useRuleContext();
  const employmentRecordId = Number(row.employmentRecordId);
  const names = { name: nameOf(row), organization: organizationOf(row) };
  if (!employmentRecordId) {
    return (
      <Modal title={m.text('staff.removeTitle')} open onClose={() => onClose(false)} showBottomClose>
        <p>{m.text('staff.noEmployment')}</p>
      </Modal>
    );
  }
  return (
    <EndDateWindow title={m.text('staff.removeTitle')} intro={m.text('staff.removeIntro', names)} dateLabel={m.text('staff.removeDate')}
      submitLabel={m.text('staff.removeSubmit')} secondary initialDate={today} startDate={typeof row.startDate === 'string' ? row.startDate : null}
      end={(date) => endRole(employmentRecordId, organizationRoles(m.roleById).staff, date)} done={m.text('staff.removed', names)} onClose={onClose} />
  );
}

function TrainTnAction({ row, onClose, grant }: RowActionModalProps & { grant: boolean }) {
  const m = useMetadata();
  useConfirmedCall(() => {
    const names = { name: nameOf(row) };
    return {
      title: m.text(grant ? 'staff.grantTrainTnTitle' : 'staff.removeTrainTnTitle'),
      question: m.text(grant ? 'staff.grantTrainTnQuestion' : 'staff.removeTrainTnQuestion', names),
      call: () => setTrainTnAccess(Number(row.employmentRecordId), grant),
      done: m.text(grant ? 'staff.grantedTrainTn' : 'staff.removedTrainTn', names),
    };
  }, onClose);
  return null;
}

/** TrainTN access (tn): only a director, for staff without the director role (POST /api/accounts/trainTNAccess). */
export const GrantStaffTrainTnAction = (props: RowActionModalProps) => <TrainTnAction {...props} grant />;
export const RemoveStaffTrainTnAction = (props: RowActionModalProps) => <TrainTnAction {...props} grant={false} />;

/** Program Details of an organization: its fields (entity 2, form 13), read-only. */
export function ProgramDetailsModal({ organizationId, onClose }: { organizationId: number; onClose: () => void }) {
  return <FormModal formId={13} mode="view" entityId={organizationId} onClose={onClose} />;
}

export function StaffProgramDetailsAction({ row, onClose }: RowActionModalProps) {
  return <ProgramDetailsModal organizationId={Number(row.organizationId)} onClose={() => onClose(false)} />;
}
