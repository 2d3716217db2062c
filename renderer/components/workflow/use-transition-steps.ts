import { useCallback } from 'react';
import type { Workflow } from '../../../engine/metadata/workflow-schema.js';
import { api, ApiError } from '../../app/api-client.js';
import { useMetadata, type MetadataIndex } from '../../app/metadata.js';
import { useDialogs } from '../dialogs.js';
import { useToasts } from '../toasts.js';
import type { NewRecordTarget, OfferedTransition, StepTarget } from './offered-transition.js';

type Params = Record<string, string | number>;

/** What a step's answer says: the record's new state (one record) and the transition's notice. */
interface StepAnswer { state?: { label: string }; message?: string; title?: string }

/** The values of a row a prompt may name: its fields as text. */
function promptParams(row: Readonly<Record<string, unknown>> | null): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(row ?? {})) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/** Asks for the comment (and confirmation) a step needs; null when the person cancels; '' when nothing is asked. */
async function askFor(m: MetadataIndex, dialogs: ReturnType<typeof useDialogs>, o: { title: string; prompt?: string; params: Params; required: boolean; optional: boolean }): Promise<string | null> {
  const message = o.prompt ? m.text(o.prompt, o.params) : m.text('workflow.confirmStep', { step: o.title });
  if (!o.required && !o.optional) {
    if (!o.prompt) return '';
    return (await dialogs.confirm({ title: o.title, message, okLabel: o.title })) ? '' : null;
  }
  const answer = await dialogs.prompt({
    title: o.title, message, okLabel: o.title,
    input: { label: m.text(o.required ? 'workflow.commentRequiredLabel' : 'workflow.commentLabel'), multiline: true, required: o.required },
  });
  return answer && answer.button === 'ok' ? answer.value.trim() : null;
}

/**
 * The one way the browser takes workflow steps (DESIGN section 5): the step's label, question and
 * comment come from the workflow; one record or the chosen rows of a grid (all or none, the
 * refusal naming each refused record). Answers whether something changed.
 */
export function useTransitionSteps() {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();

  /** A refusal; over several records every refused one is named on its own line. */
  const failed = useCallback((e: unknown) => {
    const lines = e instanceof ApiError ? e.refused : [];
    if (lines.length > 0 && e instanceof ApiError) toasts.show({ type: 'error', title: e.message, message: lines.join('\n') });
    else toasts.showError(e);
  }, [toasts]);

  const run = useCallback(async (body: Record<string, unknown>): Promise<boolean> => {
    try {
      const answer = await api<StepAnswer>('POST', '/workflow/transition', body);
      if (answer.message || answer.state) toasts.show({ type: 'success', title: answer.title ?? answer.state?.label, message: answer.message ?? m.text('workflow.stepTaken') });
      return true;
    } catch (e) {
      failed(e);
      return false;
    }
  }, [failed, m, toasts]);

  /** One step on one record (or on a new one, from its input values), from the offer the server made (a row's transitions) or the workflow's own. */
  const takeStep = useCallback(async (target: StepTarget | NewRecordTarget, step: OfferedTransition, row: Readonly<Record<string, unknown>> | null): Promise<boolean> => {
    const prompt = m.workflowOf(target.entityTypeId)?.transitions.find((t) => t.id === step.id)?.prompt;
    const comment = await askFor(m, dialogs, { title: step.label, prompt, params: promptParams(row), required: step.commentRequired, optional: step.commentOptional === true });
    if (comment === null) return false;
    const on = 'entityId' in target ? { entityId: target.entityId } : { values: target.values };
    return run({ entityTypeId: target.entityTypeId, ...on, transition: step.id, comment: comment || null });
  }, [dialogs, m, run]);

  /** The step on the chosen records together (the transition's bulk label, question and comment rule). */
  const takeSteps = useCallback(async (workflow: Workflow, transitionId: string, records: readonly StepTarget[]): Promise<boolean> => {
    const t = workflow.transitions.find((x) => x.id === transitionId);
    if (!t?.bulk || records.length === 0) return false;
    const mode = t.bulk.comment ?? t.comment;
    const title = m.text(t.bulk.label);
    const comment = await askFor(m, dialogs, { title, prompt: t.bulk.prompt, params: { count: records.length }, required: mode === 'required', optional: mode === 'optional' });
    if (comment === null) return false;
    return run({ records: [...records], transition: transitionId, comment: comment || null });
  }, [dialogs, m, run]);

  return { takeStep, takeSteps };
}
