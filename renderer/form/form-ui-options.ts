import type { Choice, ElementType, FormElement } from '../../engine/metadata/form-schema.js';
import type { FormValue } from '../../engine/forms/form-types.js';

/*
 * The vocabulary shared by the pure schema builders and the rjsf theme: the ids rjsf gives the
 * elements, the form data shape and the `ui:options` every element carries. No React here.
 */

/** rjsf ids are `element-<form element id>` (element ids are unique across all forms). */
export const ID_PREFIX = 'element';
export const ID_SEPARATOR = '-';

export function widgetIdOf(elementId: number): string {
  return `${ID_PREFIX}${ID_SEPARATOR}${elementId}`;
}

/** The element id behind a widget id (`element-2001` -> 2001); null for anything else. */
export function elementIdOf(widgetId: string): number | null {
  const match = new RegExp(`^${ID_PREFIX}${ID_SEPARATOR}(\\d+)$`).exec(widgetId);
  return match ? Number(match[1]) : null;
}

/** What rjsf holds: element values keyed by the element id as a string; empty values left out. */
export type RegistryFormData = Record<string, FormValue | undefined>;

/** The rjsf form context of the registry theme. */
export type RegistryFormContext = {
  /** counts submit attempts: the error summary takes the focus each time it changes */
  submitAttempt: number;
  /** the last attempt the summary took the focus for (mutable, kept by the form session) */
  focusedAttempt: { current: number };
  /** the shown value of each autocomplete key the record held when loaded, by element id */
  valueLabels?: Readonly<Record<number, { key: string; label: string }>>;
  /** the live element values by element id (an entity property cross reference reads its peer's) */
  values?: Readonly<Record<number, FormValue>>;
};

/** How the field template labels an element. */
export type LabelKind = 'label' | 'legend' | 'labelledby' | 'none';

/** The static facts about an element a widget needs. */
export interface ElementInfo {
  id: number;
  type: ElementType;
  subtype: string | null;
  maxLength: number | null;
  source: FormElement['source'] | null;
  /** every choice of the metadata, sorted by sequence: shows a held value that is no longer offered */
  allChoices: Choice[];
  choiceGroups: NonNullable<FormElement['choiceGroups']>;
}

/** The `ui:options` of every element: static (schema-from-form) and live (ui-schema-from-state). */
export interface ElementUiOptions {
  element: ElementInfo;
  labelKind: LabelKind;
  /** form width columns, 1 to 12 */
  width: number;
  required: boolean;
  /** the visible choices, sorted by sequence (empty for elements without choices) */
  choices: Choice[];
}

/** The uiSchema of one element. */
export interface ElementUiSchema {
  'ui:widget': string;
  'ui:classNames': string;
  'ui:readonly'?: boolean;
  'ui:help'?: string;
  'ui:options': ElementUiOptions;
}

/**
 * Reads the element options back out of rjsf's options bag (typed there as a loose record).
 * Null for the root object and anything not built by schema-from-form.
 */
export function elementOptions(options: object | undefined): ElementUiOptions | null {
  if (!options || !('element' in options) || !('labelKind' in options)) return null;
  return options as ElementUiOptions;
}

/** A widget value as one string ('' when empty). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/** A widget value as a list of strings. */
export function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value !== '' ? [value] : [];
}
