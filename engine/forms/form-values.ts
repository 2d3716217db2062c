import type { FormElement } from '../metadata/form-schema.js';
import type { FormValue } from './form-types.js';

/**
 * Multi-valued elements hold a list of strings: checkbox groups (every checkbox element is a
 * group; a lone checkbox is a group of one choice) and file uploads of subtype `multiple`.
 */
export function isMultiValue(element: FormElement): boolean {
  return element.type === 'checkbox' || (element.type === 'fileupload' && element.subtype === 'multiple');
}

export function isEmptyValue(value: FormValue | undefined): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export function sameValue(a: FormValue, b: FormValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

function scalar(raw: unknown): string | null {
  if (typeof raw === 'string') return raw.trim() || null;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return String(raw);
  return null;
}

/** Rich text counts as empty when it has no text once markup and non-breaking spaces are gone. */
function richTextIsBlank(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim() === '';
}

export interface NormalizedValue {
  value: FormValue;
  /** the raw value had a shape the element cannot hold (a list for a single value, an object) */
  malformed: boolean;
}

/**
 * Turns any raw value (a submitted value, a parent property, a setDefault result) into the
 * element's value: strings trimmed, empty strings null, list entries trimmed with empty and
 * duplicate entries dropped, an empty list null, numbers and booleans stringified.
 */
export function normalizeValue(raw: unknown, element: FormElement): NormalizedValue {
  if (raw === null || raw === undefined) return { value: null, malformed: false };
  if (isMultiValue(element)) {
    const entries = Array.isArray(raw) ? raw : [raw];
    const kept = [...new Set(entries.map(scalar).filter((v): v is string => v !== null))];
    const malformed = entries.some((e) => e !== null && typeof e === 'object');
    return { value: kept.length ? kept : null, malformed };
  }
  if (typeof raw === 'object') return { value: null, malformed: true };
  const value = scalar(raw);
  if (value !== null && element.type === 'richtext' && richTextIsBlank(value)) return { value: null, malformed: false };
  return { value, malformed: false };
}
