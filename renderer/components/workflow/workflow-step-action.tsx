import { useEffect, useRef } from 'react';
import type { RowActionStep } from '../../../engine/metadata/grid-schema.js';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import { useMetadata } from '../../app/metadata.js';
import type { RowActionModalProps } from '../composition/composition-types.js';
import type { GridRow } from '../data-grid/grid-types.js';
import type { NewRecordTarget, OfferedTransition, StepTarget } from './offered-transition.js';
import { useTransitionSteps } from './use-transition-steps.js';

type Value = string | number | boolean | null;
const valueOf = (v: unknown): Value => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null);

/** The record a row action's step is taken on: the one a row field names, or a new one from row fields. */
export function stepTargetOf(step: RowActionStep, row: GridRow): StepTarget | NewRecordTarget | null {
  if (step.recordField !== undefined) {
    const id = Number(row[step.recordField]);
    return Number.isInteger(id) && id > 0 ? { entityTypeId: step.entityTypeId, entityId: id } : null;
  }
  const values = Object.fromEntries(Object.entries(step.values ?? {}).map(([input, field]) => [input, valueOf(row[field])]));
  return { entityTypeId: step.entityTypeId, values };
}

/** The step as the workflow declares it (label, comment rule); the server decides whether the caller may take it. */
export function declaredStep(workflow: Workflow | undefined, transitionId: string, text: (key: string) => string): OfferedTransition | null {
  const t = workflow?.transitions.find((x) => x.id === transitionId);
  return t ? { id: t.id, label: text(t.label), commentRequired: t.comment === 'required', commentOptional: t.comment === 'optional' } : null;
}

/**
 * The one row action that fires a workflow step (grid metadata `rowActions[].step`): on the record
 * a row field names, or creating one from row fields; its question and comment rule are the
 * transition's, its prompt may name the row's fields (and those `promptValues` maps). Shows no
 * window of its own: the step's dialog, then the grid reloads when the step was taken.
 */
export function WorkflowStepAction({ row, action, onClose }: RowActionModalProps) {
  const m = useMetadata();
  const steps = useTransitionSteps();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const step = action?.step;
    const target = step ? stepTargetOf(step, row) : null;
    const offered = step ? declaredStep(m.workflowOf(step.entityTypeId), step.transition, m.text) : null;
    if (!step || !target || !offered) {
      onClose(false);
      return;
    }
    const named = Object.fromEntries(Object.entries(step.promptValues ?? {}).map(([param, field]) => [param, row[field]]));
    void steps.takeStep(target, offered, { ...row, ...named }).then(onClose);
  }, [action, m, onClose, row, steps]);
  return null;
}
