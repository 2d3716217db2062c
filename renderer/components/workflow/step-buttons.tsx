import { useId } from 'react';
import type { OfferedTransition, StepTarget } from './offered-transition.js';
import { useTransitionSteps } from './use-transition-steps.js';

interface StepButtonsProps {
  target: StepTarget;
  /** the steps the server offers (GET /api/workflow), in the order shown */
  steps: readonly OfferedTransition[];
  /** the record's fields the step's question may name */
  row?: Readonly<Record<string, unknown>>;
  busy?: boolean;
  /** after a step was taken (or not): whether the record changed */
  onDone: (changed: boolean) => void;
}

/**
 * The offered workflow steps of one record as buttons of a dialog's footer (one list item each):
 * a disabled one with the reason as its hint, shown once below the buttons.
 */
export function StepButtons({ target, steps, row, busy = false, onDone }: StepButtonsProps) {
  const { takeStep } = useTransitionSteps();
  const hintId = useId();
  const hint = steps.find((s) => s.disabledReason !== undefined)?.disabledReason;
  return (
    <>
      {steps.map((s, i) => (
        <li key={s.id} className="usa-button-group__item">
          <button type="button" className={`usa-button${i > 0 ? ' usa-button--secondary' : ''}`} disabled={busy || s.disabledReason !== undefined}
            aria-describedby={s.disabledReason !== undefined ? hintId : undefined}
            onClick={() => void takeStep(target, s, row ?? null).then(onDone)}>{s.label}</button>
        </li>
      ))}
      {hint !== undefined && <li className="usa-button-group__item workflow-step-hint"><span className="usa-hint" id={hintId}>{hint}</span></li>}
    </>
  );
}
