import { useId, useState, type FormEvent } from 'react';
import { endDateProblem } from '../../../engine/workflows/employment-end-date.js';
import type { OrgRole } from '../../../engine/workflows/role-requests.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import type { GridRow } from '../../components/data-grid/grid-types.js';
import { Modal } from '../../components/modal.js';
import { useToasts } from '../../components/toasts.js';
import { endRole } from './employment-api.js';

export type Ending = OrgRole | 'employment';

/**
 * End Staff Role, End Director Role and End Employment (spec part 1 sections 4 and 5): an end date
 * is required ('Please select a employment end date.'); the role becomes inactive with that date.
 */
export function EndRoleModal({ row, ending, onClose }: { row: GridRow; ending: Ending; onClose: (changed: boolean) => void }) {
  const m = useMetadata();
  const toasts = useToasts();
  const { today } = useRuleContext();
  const id = useId();
  const [date, setDate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const organization = String(row.employerName ?? '');
  const formId = `${id}-form`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const why = endDateProblem(date, typeof row.startDate === 'string' ? row.startDate : null, today);
    if (why) {
      setProblem(m.text(why === 'required' ? 'employment.endDateRequired' : 'employment.endDateInvalid'));
      document.getElementById(`${id}-date`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await endRole(row.id, ending, date);
      toasts.show({ type: 'success', message: m.text(`endRole.done.${ending}`, { organization }) });
      onClose(true);
    } catch (e) {
      setProblem(errorText(e));
      setBusy(false);
    }
  };
  return (
    <Modal title={m.text(`endRole.title.${ending}`)} open busy={busy} onClose={() => onClose(false)}
      footer={<>
        <li className="usa-button-group__item"><button type="submit" form={formId} className="usa-button" disabled={busy}>{m.text('endRole.submit')}</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--unstyled padding-105 text-center" onClick={() => onClose(false)}>{m.text('form.cancel')}</button></li>
      </>}>
      <form id={formId} className="usa-form" noValidate onSubmit={(e) => void submit(e)}>
        <p>{m.text(`endRole.intro.${ending}`, { organization })}</p>
        <div className={`usa-form-group${problem ? ' usa-form-group--error' : ''}`}>
          <label className="usa-label" htmlFor={`${id}-date`}>{m.text('endRole.dateLabel')} <abbr title="required" className="usa-hint usa-hint--required">*</abbr></label>
          {problem && <span className="usa-error-message" id={`${id}-error`} role="alert">{problem}</span>}
          <input id={`${id}-date`} className={`usa-input${problem ? ' usa-input--error' : ''}`} type="date" value={date} required aria-required="true"
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-error` : undefined}
            min={typeof row.startDate === 'string' ? row.startDate : undefined} max={today}
            onChange={(e) => { setDate(e.target.value); setProblem(null); }} />
        </div>
      </form>
    </Modal>
  );
}
