import { useId, useState, type FormEvent } from 'react';
import { endDateProblem } from '../../../engine/workflows/employment-end-date.js';
import { errorText } from '../../app/error-text.js';
import { useMetadata } from '../../app/metadata.js';
import { useRuleContext } from '../../app/rule-context.js';
import { Modal } from '../../components/modal.js';
import { useToasts } from '../../components/toasts.js';

export interface EndDateWindowProps {
  title: string;
  intro: string;
  dateLabel: string;
  submitLabel: string;
  /** the submit button's look: the destructive removal of another person's role is secondary */
  secondary?: boolean;
  /** the date offered at first ('' for none) */
  initialDate: string;
  /** the role's or employment's start: the end date may not come before it */
  startDate: string | null;
  end: (date: string) => Promise<unknown>;
  /** the success toast */
  done: string;
  onClose: (changed: boolean) => void;
}

/**
 * A role or employment ends on a date the person picks (spec part 1 sections 4 and 5, part 3
 * section 6): required ('Please select a employment end date.'), not before the start, not after today.
 */
export function EndDateWindow(p: EndDateWindowProps) {
  const m = useMetadata();
  const toasts = useToasts();
  const { today } = useRuleContext();
  const id = useId();
  const [date, setDate] = useState(p.initialDate);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = `${id}-form`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const why = endDateProblem(date, p.startDate, today);
    if (why) {
      setProblem(m.text(why === 'required' ? 'employment.endDateRequired' : 'employment.endDateInvalid'));
      document.getElementById(`${id}-date`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await p.end(date);
      toasts.show({ type: 'success', message: p.done });
      p.onClose(true);
    } catch (e) {
      setProblem(errorText(e));
      setBusy(false);
    }
  };
  return (
    <Modal title={p.title} open busy={busy} onClose={() => p.onClose(false)}
      footer={<>
        <li className="usa-button-group__item"><button type="submit" form={formId} className={`usa-button${p.secondary ? ' usa-button--secondary' : ''}`} disabled={busy}>{p.submitLabel}</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--unstyled padding-105 text-center" onClick={() => p.onClose(false)}>{m.text('form.cancel')}</button></li>
      </>}>
      <form id={formId} className="usa-form" noValidate onSubmit={(e) => void submit(e)}>
        <p>{p.intro}</p>
        <div className={`usa-form-group${problem ? ' usa-form-group--error' : ''}`}>
          <label className="usa-label" htmlFor={`${id}-date`}>{p.dateLabel} <abbr title="required" className="usa-hint usa-hint--required">*</abbr></label>
          {problem && <span className="usa-error-message" id={`${id}-error`} role="alert">{problem}</span>}
          <input id={`${id}-date`} className={`usa-input${problem ? ' usa-input--error' : ''}`} type="date" value={date} required aria-required="true"
            aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-error` : undefined}
            min={p.startDate ?? undefined} max={today} onChange={(e) => { setDate(e.target.value); setProblem(null); }} />
        </div>
      </form>
    </Modal>
  );
}
