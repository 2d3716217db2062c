import type { Choice } from '../metadata/form-schema.js';
import type { RuleContext } from '../rules/rule-context.js';

/** One element's value: a string, a list of strings for multi-valued elements, or empty. */
export type FormValue = string | string[] | null;

/** What the browser (or a submission) holds, keyed by form element id. */
export type FormValues = Record<number, string | string[] | null | undefined>;

/** The rule context plus the message catalogue (keys in metadata/texts/form.json). */
export interface FormStateContext extends RuleContext {
  texts: Readonly<Record<string, string>>;
}

export interface ElementState {
  visible: boolean;
  required: boolean;
  readOnly: boolean;
  /** only for elements with choices: the visible ones, sorted by sequence */
  choices?: Choice[];
}

export interface FormState {
  elements: Record<number, ElementState>;
  /** normalized values of every element of the form (trimmed; empty and hidden are null) */
  values: Record<number, FormValue>;
  /** the first failing message per element; empty when the form may be submitted */
  errors: Record<number, string>;
  /** names of the holding reject / verify / unverify rules, in order of first appearance */
  effects: string[];
}
