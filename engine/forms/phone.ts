/** Phone numbers (spec part 5 "Form fields"): mask (###) ###-####, 10 digits. */

/** Spaces, parentheses, hyphens and dots: what may surround the digits of a phone number. */
const PHONE_PUNCTUATION = /[\s().-]/g;

/** Digits only: used to decide whether a phone number changed and to store it comparably. */
export function normalizePhone(value: string): string {
  return value.replace(/\D/g, '');
}

/** Valid when, once spaces, parentheses, hyphens and dots are stripped, exactly 10 digits remain. */
export function isValidPhone(value: string): boolean {
  return /^\d{10}$/.test(value.replace(PHONE_PUNCTUATION, ''));
}

/**
 * Display form: 10 digits as `(xxx) xxx-xxxx`; 7 digits (a local number) as `(xxx-xxxx`, the
 * usual `xxx-xxxx` with the leading parenthesis the spec describes; anything else (other digit
 * counts, letters, extensions) is shown raw.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(PHONE_PUNCTUATION, '');
  if (/^\d{10}$/.test(digits)) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (/^\d{7}$/.test(digits)) return `(${digits.slice(0, 3)}-${digits.slice(3)}`;
  return value;
}
