import type { Choice, ElementRule, Form, FormElement } from '../metadata/form-schema.js';
import { evaluateRule, ruleHolds } from '../rules/json-logic.js';
import type { RuleContext } from '../rules/rule-context.js';
import type { ElementState, FormStateContext, FormValue } from './form-types.js';
import { isEmptyValue, normalizeValue, sameValue } from './form-values.js';

/*
 * Form element rules (DESIGN.md section 4):
 * - An element starts from its metadata flags: visible (default true), required (default
 *   false), readOnly (default false), and the choices whose metadata `visible` is not false.
 * - Its rules run in list order; a rule applies when its `when` holds (no `when`: always).
 *   `when` is json-logic over the rule context plus `values` (`{"var":"values.205"}`).
 *   `row` is the stored record being edited (absent for a new one).
 * - show/hide set visible, require/unrequire set required, makeReadOnly/makeNotReadOnly set
 *   readOnly: a later holding rule wins over an earlier one.
 * - populateFromParent sets the value to `parent[property]` (null when missing), every time.
 * - setDefault sets the value, only when it is empty, to `value` (a constant or json-logic).
 * - filterListChoices keeps only the listed choice ids; several holding rules intersect.
 * - reject / verify / unverify add their action name to the form's effects, which the server
 *   applies to the saved record's verification (server/domain/form-rule-effects.ts).
 * - A hidden element loses its value and is never required. A visible dropdown with exactly
 *   one visible choice and no value gets that choice.
 * - Elements run in form order; the whole form runs again, up to MAX_PASSES, until the values
 *   stop changing, because a value set by one rule can change another rule's condition.
 */
export const MAX_PASSES = 5;

export interface RulesOutcome {
  elements: Record<number, ElementState>;
  values: Record<number, FormValue>;
  effects: string[];
}

const EFFECT_ACTIONS = new Set<string>(['reject', 'verify', 'unverify']);

/** The data a form rule reads: the rule context plus `values` (by element id). */
export function ruleData(context: FormStateContext, values: Record<number, FormValue>): RuleContext {
  const { user, tenant, today, parent, row } = context;
  return { user, tenant, today, parent, row, values: Object.fromEntries(Object.entries(values)) };
}

function intersect(allowed: Set<number> | null, listed: readonly number[]): Set<number> {
  return new Set(allowed === null ? listed : listed.filter((id) => allowed.has(id)));
}

function visibleChoices(element: FormElement, allowed: Set<number> | null): Choice[] | undefined {
  if (!element.choices) return undefined;
  return element.choices
    .filter((c) => c.visible !== false && (allowed === null || allowed.has(c.id)))
    .sort((a, b) => a.sequence - b.sequence);
}

function applyRule(
  rule: ElementRule, element: FormElement, state: ElementState, data: RuleContext, values: Record<number, FormValue>,
): void {
  switch (rule.action) {
    case 'show': case 'hide': state.visible = rule.action === 'show'; return;
    case 'require': case 'unrequire': state.required = rule.action === 'require'; return;
    case 'makeReadOnly': case 'makeNotReadOnly': state.readOnly = rule.action === 'makeReadOnly'; return;
    case 'populateFromParent': {
      const raw = rule.property === undefined ? undefined : data.parent?.[rule.property];
      values[element.id] = normalizeValue(raw, element).value;
      return;
    }
    case 'setDefault':
      if (isEmptyValue(values[element.id])) values[element.id] = normalizeValue(evaluateRule(rule.value, data), element).value;
      return;
    default: // filterListChoices and the effects are collected by the caller
  }
}

function runPass(form: Form, input: Record<number, FormValue>, context: FormStateContext): RulesOutcome {
  const values = { ...input };
  const elements: Record<number, ElementState> = {};
  const effects = new Set<string>();
  for (const element of form.elements) {
    const state: ElementState = {
      visible: element.visible ?? true, required: element.required ?? false, readOnly: element.readOnly ?? false,
    };
    let allowed: Set<number> | null = null;
    for (const rule of element.rules ?? []) {
      const data = ruleData(context, values);
      if (!ruleHolds(rule.when, data, true)) continue;
      if (rule.action === 'filterListChoices') {
        allowed = intersect(allowed, rule.choices ?? []);
      } else if (EFFECT_ACTIONS.has(rule.action)) {
        effects.add(rule.action);
      } else {
        applyRule(rule, element, state, data, values);
      }
    }
    const choices = visibleChoices(element, allowed);
    if (choices) state.choices = choices;
    if (!state.visible) {
      values[element.id] = null;
      state.required = false;
    } else if (element.type === 'dropdown' && choices?.length === 1 && isEmptyValue(values[element.id])) {
      values[element.id] = String(choices[0]!.id);
    }
    elements[element.id] = state;
  }
  return { elements, values, effects: [...effects] };
}

function sameValues(form: Form, a: Record<number, FormValue>, b: Record<number, FormValue>): boolean {
  return form.elements.every((e) => sameValue(a[e.id] ?? null, b[e.id] ?? null));
}

/** Runs the element rules until the values are stable (see the semantics above). */
export function applyElementRules(
  form: Form, values: Record<number, FormValue>, context: FormStateContext,
): RulesOutcome {
  let current = values;
  let outcome = runPass(form, current, context);
  for (let pass = 1; pass < MAX_PASSES && !sameValues(form, current, outcome.values); pass++) {
    current = outcome.values;
    outcome = runPass(form, current, context);
  }
  return outcome;
}
