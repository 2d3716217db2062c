/**
 * The one engine of metadata workflows (DESIGN section 5): (workflow, state, transition asked for,
 * actor's rule context, record, comment) -> next state and effects by name | a refusal naming a
 * catalogue text. Pure; the server runs it inside the transaction that stores its outcome.
 */
import type { Workflow, WorkflowEffect, WorkflowMessages, WorkflowTransition } from '../metadata/workflow-schema.js';
import { ruleHolds } from '../rules/json-logic.js';
import type { RuleContext } from '../rules/rule-context.js';

export type RefusalReason = keyof Required<WorkflowMessages> | 'guard';

export interface WorkflowRefusal {
  reason: RefusalReason;
  /** how the API answers it: 400 invalid, 403 forbidden, 409 conflict */
  status: 'invalid' | 'forbidden' | 'conflict';
  textKey: string;
}

export type WorkflowOutcome =
  | { ok: true; from: string; to: string; transition: WorkflowTransition; effects: readonly WorkflowEffect[] }
  | { ok: false; refusal: WorkflowRefusal };

/** Catalogue keys of the refusals when the workflow names none of its own. */
export const DEFAULT_MESSAGES: Readonly<Required<WorkflowMessages>> = {
  notAllowed: 'error.forbidden',
  wrongState: 'workflow.wrongState',
  commentRequired: 'workflow.commentRequired',
  unknownTransition: 'workflow.unknownTransition',
  changedMeanwhile: 'workflow.changedMeanwhile',
};

const STATUS: Readonly<Record<Exclude<RefusalReason, 'guard'>, WorkflowRefusal['status']>> = {
  notAllowed: 'forbidden', wrongState: 'conflict', commentRequired: 'invalid', unknownTransition: 'invalid', changedMeanwhile: 'conflict',
};

export function refusal(workflow: Workflow, reason: Exclude<RefusalReason, 'guard'>): WorkflowRefusal {
  return { reason, status: STATUS[reason], textKey: workflow.messages?.[reason] ?? DEFAULT_MESSAGES[reason] };
}

export function initialState(workflow: Workflow): string {
  return (workflow.states.find((s) => s.initial === true) ?? workflow.states[0]!).id;
}

/** The record's state: its state field, or the initial state while that is still empty. */
export function stateOf(workflow: Workflow, row: Readonly<Record<string, unknown>>): string {
  const value = row[workflow.stateField];
  return typeof value === 'string' && value !== '' ? value : initialState(workflow);
}

/** Whether the actor may fire the transition on this record (a missing rule allows no one). */
export function mayFire(transition: WorkflowTransition, context: RuleContext, row: Readonly<Record<string, unknown>>): boolean {
  return ruleHolds(transition.allowed, { ...context, row }, false);
}

const hasText = (comment: string | null | undefined): boolean => typeof comment === 'string' && comment.trim() !== '';

/** The first guard of the transition that refuses it here, or null. */
function guardRefusal(transition: WorkflowTransition, context: RuleContext, row: Readonly<Record<string, unknown>>): WorkflowRefusal | null {
  const guard = (transition.guards ?? []).find((g) => ruleHolds(g.refuseWhen, { ...context, row }));
  return guard ? { reason: 'guard', status: guard.status ?? 'conflict', textKey: guard.message } : null;
}

/**
 * Fires one transition. Refusals in this order: unknown transition (400), not allowed (403: the
 * rule is read before the state, so the state of a record one may not move is not told), the
 * transition's guards with their own messages, wrong state (409), comment required (400).
 */
export function fireTransition(
  workflow: Workflow, state: string, transitionId: string, context: RuleContext,
  row: Readonly<Record<string, unknown>>, comment: string | null,
): WorkflowOutcome {
  const transition = workflow.transitions.find((t) => t.id === transitionId);
  if (!transition) return { ok: false, refusal: refusal(workflow, 'unknownTransition') };
  if (!mayFire(transition, context, row)) return { ok: false, refusal: refusal(workflow, 'notAllowed') };
  const guarded = guardRefusal(transition, context, row);
  if (guarded) return { ok: false, refusal: guarded };
  if (!transition.from.includes(state)) return { ok: false, refusal: refusal(workflow, 'wrongState') };
  if (transition.commentRequired === true && !hasText(comment)) return { ok: false, refusal: refusal(workflow, 'commentRequired') };
  return { ok: true, from: state, to: transition.to, transition, effects: transition.effects ?? [] };
}

/** The transitions this actor may fire now on this record (the buttons of a screen). */
export function availableTransitions(
  workflow: Workflow, state: string, context: RuleContext, row: Readonly<Record<string, unknown>>,
): WorkflowTransition[] {
  return workflow.transitions.filter((t) => t.from.includes(state) && mayFire(t, context, row) && guardRefusal(t, context, row) === null);
}
