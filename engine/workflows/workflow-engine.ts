/**
 * The one engine of metadata workflows (DESIGN section 5): (workflow, state, transition asked for,
 * actor's rule context, record, comment) -> next state and effects by name | a refusal naming a
 * catalogue text. Pure; the server runs it inside the transaction that stores its outcome.
 */
import type { Workflow, WorkflowEffect, WorkflowMessages, WorkflowTransition } from '../metadata/workflow-schema.js';
import { ruleHolds } from '../rules/json-logic.js';
import type { RuleContext } from '../rules/rule-context.js';
import { loadedRelationsOf, preparedHolds, prepareRowRules } from '../rules/row-rule.js';

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

/** Catalogue keys of the refusals when neither the transition nor the workflow names its own. */
export const DEFAULT_MESSAGES: Readonly<Required<WorkflowMessages>> = {
  notAllowed: 'error.forbidden',
  wrongState: 'workflow.wrongState',
  commentRequired: 'workflow.commentRequired',
  unknownTransition: 'workflow.unknownTransition',
  changedMeanwhile: 'workflow.changedMeanwhile',
  exists: 'workflow.exists',
  disabled: 'workflow.recordDisabled',
};

const STATUS: Readonly<Record<Exclude<RefusalReason, 'guard'>, WorkflowRefusal['status']>> = {
  notAllowed: 'forbidden', wrongState: 'conflict', commentRequired: 'invalid', unknownTransition: 'invalid', changedMeanwhile: 'conflict', exists: 'conflict', disabled: 'conflict',
};

export function refusal(workflow: Workflow, reason: Exclude<RefusalReason, 'guard'>, transition?: WorkflowTransition): WorkflowRefusal {
  return { reason, status: STATUS[reason], textKey: transition?.messages?.[reason] ?? workflow.messages?.[reason] ?? DEFAULT_MESSAGES[reason] };
}

export function initialState(workflow: Workflow): string {
  return (workflow.states.find((s) => s.initial === true) ?? workflow.states[0]!).id;
}

/** What the state field holds in a state: its `value` (null: empty), else its id. */
export function storedValue(workflow: Workflow, stateId: string): string | null {
  const state = workflow.states.find((s) => s.id === stateId);
  return state?.value === undefined ? stateId : state.value;
}

/**
 * The record's state: the state whose stored value its state field holds; an empty field is the
 * state stored as empty, else the initial state. A value no state stores stands for itself (no
 * transition leaves it).
 */
export function stateOf(workflow: Workflow, row: Readonly<Record<string, unknown>>): string {
  const value = row[workflow.stateField];
  if (value === null || value === undefined || value === '') return (workflow.states.find((s) => s.value === null) ?? workflow.states.find((s) => s.initial === true) ?? workflow.states[0]!).id;
  const text = String(value);
  return (workflow.states.find((s) => (s.value === undefined ? s.id : s.value) === text) ?? { id: text }).id;
}

export interface RuleData {
  row: Readonly<Record<string, unknown>>;
  /** the record a created record belongs to (creates.parent) */
  parent?: Readonly<Record<string, unknown>>;
}

const withData = (context: RuleContext, data: RuleData): RuleContext => ({ ...context, row: data.row, ...(data.parent ? { parent: data.parent } : {}) });

/** Whether the actor may fire the transition on this record (a missing rule allows no one). */
export function mayFire(transition: WorkflowTransition, context: RuleContext, data: RuleData): boolean {
  return ruleHolds(transition.allowed, withData(context, data), false);
}

const hasText = (comment: string | null | undefined): boolean => typeof comment === 'string' && comment.trim() !== '';

/**
 * Who takes a step: the caller (their rule and every guard apply), or a rule of a form saving the
 * record, which acts with the form's authority (its own condition decided who and when): the
 * transition's rule and the guards about the actor are passed over, those about the record apply.
 */
export type Authority = 'caller' | 'form';

/** The first guard of the transition that refuses it here, or null. */
function guardRefusal(transition: WorkflowTransition, context: RuleContext, data: RuleData, authority: Authority = 'caller'): WorkflowRefusal | null {
  const guard = (transition.guards ?? []).find((g) => (authority === 'caller' || g.about !== 'actor') && ruleHolds(g.refuseWhen, withData(context, data)));
  return guard ? { reason: 'guard', status: guard.status ?? 'conflict', textKey: guard.message } : null;
}

/** Whether the step needs a comment: single, or over selected rows (`bulk`). */
export function commentRequired(transition: WorkflowTransition, bulk = false): boolean {
  return (bulk ? transition.bulk?.comment ?? transition.comment : transition.comment) === 'required';
}

/**
 * Fires one transition. Refusals in this order: unknown transition (400), not allowed (403: the
 * rule is read before the state, so the state of a record one may not move is not told), the
 * transition's guards with their own messages, wrong state (409), comment required (400). A
 * transition that creates its record starts from the initial state and has no from-state check.
 */
export function fireTransition(
  workflow: Workflow, state: string, transitionId: string, context: RuleContext,
  data: RuleData, comment: string | null, opts: { bulk?: boolean; authority?: Authority } = {},
): WorkflowOutcome {
  const { bulk = false, authority = 'caller' } = opts;
  const transition = workflow.transitions.find((t) => t.id === transitionId);
  if (!transition) return { ok: false, refusal: refusal(workflow, 'unknownTransition') };
  if (authority === 'caller' && !mayFire(transition, context, data)) return { ok: false, refusal: refusal(workflow, 'notAllowed', transition) };
  const guarded = guardRefusal(transition, context, data, authority);
  if (guarded) return { ok: false, refusal: guarded };
  if (!(transition.creates !== undefined || (transition.from ?? []).includes(state))) return { ok: false, refusal: refusal(workflow, 'wrongState', transition) };
  if (commentRequired(transition, bulk) && !hasText(comment)) return { ok: false, refusal: refusal(workflow, 'commentRequired', transition) };
  return { ok: true, from: state, to: transition.to, transition, effects: transition.effects ?? [] };
}

/** A transition the actor may take now; `disabledBy`: offered but disabled, with this catalogue text as the reason. */
export interface Available {
  transition: WorkflowTransition;
  disabledBy?: string;
}

type Guard = NonNullable<WorkflowTransition['guards']>[number];

/** The transitions a workflow offers, with the position of each rule in one list (prepared per caller with one lookup). */
interface OfferLayout {
  rules: readonly (readonly [rule: unknown, whenAbsent: boolean])[];
  steps: readonly { transition: WorkflowTransition; from: ReadonlySet<string>; allowed: number; guards: readonly { guard: Guard; rule: number }[] }[];
}

const layouts = new WeakMap<Workflow, OfferLayout>();

function offerLayout(workflow: Workflow): OfferLayout {
  let layout = layouts.get(workflow);
  if (layout) return layout;
  const rules: (readonly [unknown, boolean])[] = [];
  const at = (rule: unknown) => rules.push([rule, false]) - 1;
  const steps = workflow.transitions.filter((t) => t.offered !== false && t.creates === undefined).map((t) => ({
    transition: t,
    from: new Set(t.from ?? []),
    allowed: at(t.allowed),
    guards: (t.guards ?? []).map((g) => ({ guard: g, rule: at(g.refuseWhen) })),
  }));
  layouts.set(workflow, (layout = { rules, steps }));
  return layout;
}

/**
 * The transitions offered to this actor on records in a state, as a test prepared once for many
 * rows (a grid page): every rule is compiled against the caller once, so a row costs only what
 * reads the row. Transitions that create records or are `offered: false` are never buttons.
 */
export function offeredTransitions(workflow: Workflow, context: RuleContext): (row: Readonly<Record<string, unknown>>) => Available[] {
  const layout = offerLayout(workflow);
  const prepared = prepareRowRules(workflow, context, () => layout.rules);
  const loaded = loadedRelationsOf(context);
  const holds = (i: number, row: Readonly<Record<string, unknown>>) => preparedHolds(prepared[i]!, layout.rules[i]![0], context, loaded, row);
  return (row) => {
    const state = stateOf(workflow, row);
    const out: Available[] = [];
    for (const step of layout.steps) {
      if (!step.from.has(state) || !holds(step.allowed, row)) continue;
      const refusing = step.guards.find((g) => holds(g.rule, row));
      if (!refusing) out.push({ transition: step.transition });
      else if (refusing.guard.disables === true) out.push({ transition: step.transition, disabledBy: refusing.guard.message });
    }
    return out;
  };
}
