import { evaluateRule } from '../rules/json-logic.js';
import type { RuleContext } from '../rules/rule-context.js';
import type { Template } from './workflow-effects.js';

/** What a step's templates read (effects' values, event payloads, the audit detail). */
export interface StepData extends RuleContext {
  row: Readonly<Record<string, unknown>>;
  before: Readonly<Record<string, unknown>> | null;
  comment: string | null;
  transition: string;
  from: string | null;
  to: string;
  /** the instant of the step (ISO 8601) */
  now: string;
  /** what the spec's calls add for the step's effects (e.g. a director's agency) */
  params: Readonly<Record<string, unknown>>;
}

/** Computes each value of a template over the step: json-logic, a plain value standing for itself. */
export function evaluateTemplate(template: Template, data: StepData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(template)) out[name] = evaluateRule(rule, data) ?? null;
  return out;
}
