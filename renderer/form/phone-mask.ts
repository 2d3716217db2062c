/** The phone input mask (###) ###-#### of spec part 5, applied while typing. */

const MAX_DIGITS = 10;

/** Masks what was typed: digits only, at most 10, punctuated as far as they go. */
export function maskPhoneInput(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * What the phone input shows for a stored value: 10 digits in any punctuation as (###) ###-####,
 * anything else (a partial entry, an extension, letters) as it is.
 */
export function phoneInputValue(value: string): string {
  const digits = value.replace(/[\s().-]/g, '');
  return /^\d{10}$/.test(digits) ? maskPhoneInput(digits) : value;
}
