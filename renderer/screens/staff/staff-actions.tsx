import { useId, useState, type FormEvent } from 'react';
import { endDateProblem } from '../../../engine/workflows/employment-end-date.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../../app/row-action-modals.js';
import { useRuleContext } from '../../app/rule-context.js';
import { useDialogs } from '../../components/dialogs.js';
import { FormModal } from '../../form/form-modal.js';
import { Modal } from '../../components/modal.js';
import { useToasts } from '../../components/toasts.js';
import { endRole, setTrainTnAccess } from '../employment/employment-api.js';
import { useFlowOnce } from '../../components/use-flow-once.js';

/*
 * The row actions of the Staff Management grid (organization user rows; spec part 3 section 6),
 * as windows of renderer/app/row-action-modals.tsx.
 */

const nameOf = (row: RowActionModalProps['row']) => String(row.fullName ?? '');
const organizationOf = (row: RowActionModalProps['row']) => String(row.organizationName ?? '');

/**
 * Remove Organization Association: the staff role (100) of the person at the organization ends on
 * the date the director picks, through POST /api/userorganizationroles (history action type 4).
 */
export function RemoveAssociationAction({ row, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const toasts = useToasts();
  const { today } = useRuleContext();
  const id = useId();
  const [date, setDate] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const employmentRecordId = Number(row.employmentRecordId);
  const startDate = typeof row.startDate === 'string' ? row.startDate : null;
  const names = { name: nameOf(row), organization: organizationOf(row) };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const why = endDateProblem(date, startDate, today);
    if (why) {
      setProblem(m.text(why === 'required' ? 'employment.endDateRequired' : 'employment.endDateInvalid'));
      document.getElementById(`${id}-date`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await endRole(employmentRecordId, '100', date);
      toasts.show({ type: 'success', message: m.text('staff.removed', names) });
      onClose(true);
    } catch (e) {
      setProblem(errorText(e));
      setBusy(false);
    }
  };
  if (!employmentRecordId) {
    return (
      <Modal title={m.text('staff.removeTitle')} open onClose={() => onClose(false)} showBottomClose>
        <p>{m.text('staff.noEmployment')}</p>
      </Modal>
    );
  }
  return (
    <Modal title={m.text('staff.removeTitle')} open busy={busy} onClose={() => onClose(false)}
      footer={<>
        <li className="usa-button-group__item"><button type="submit" form={`${id}-form`} className="usa-button usa-button--secondary" disabled={busy}>{m.text('staff.removeSubmit')}</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--unstyled padding-105 text-center" onClick={() => onClose(false)}>{m.text('form.cancel')}</button></li>
      </>}>
      <form id={`${id}-form`} className="usa-form" noValidate onSubmit={(e) => void submit(e)}>
        <p>{m.text('staff.removeIntro', names)}</p>
        <div className={`usa-form-group${problem ? ' usa-form-group--error' : ''}`}>
          <label className="usa-label" htmlFor={`${id}-date`}>{m.text('staff.removeDate')} <abbr title="required" className="usa-hint usa-hint--required">*</abbr></label>
          {problem && <span className="usa-error-message" id={`${id}-error`} role="alert">{problem}</span>}
          <input id={`${id}-date`} className={`usa-input${problem ? ' usa-input--error' : ''}`} type="date" value={date} required aria-required="true"
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-error` : undefined}
            min={startDate ?? undefined} max={today} onChange={(e) => { setDate(e.target.value); setProblem(null); }} />
        </div>
      </form>
    </Modal>
  );
}

function TrainTnAction({ row, onClose, grant }: RowActionModalProps & { grant: boolean }) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  useFlowOnce(async () => {
    const names = { name: nameOf(row) };
    const ok = await dialogs.confirm({ title: m.text(grant ? 'staff.grantTrainTnTitle' : 'staff.removeTrainTnTitle'), message: m.text(grant ? 'staff.grantTrainTnQuestion' : 'staff.removeTrainTnQuestion', names) });
    if (!ok) return false;
    try {
      await setTrainTnAccess(Number(row.employmentRecordId), grant);
      toasts.show({ type: 'success', message: m.text(grant ? 'staff.grantedTrainTn' : 'staff.removedTrainTn', names) });
      return true;
    } catch (e) {
      toasts.showError(e);
      return false;
    }
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
