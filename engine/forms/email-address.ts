import { EMAIL_PATTERN } from '../rules/account-rules.js';

/** The two addresses of an account as the e-mail change sees them (spec part 2 section 5 'Email change'). */
export interface EmailAddresses {
  email?: string | null;
  secondaryEmail?: string | null;
}

export type EmailField = keyof EmailAddresses;

/** Keys of the e-mail change messages in the text catalogue (metadata/texts/app.json holds the wording). */
const EMAIL_TEXT = {
  noChanges: 'email.noChanges',
  primaryMatchesSecondary: 'email.primaryMatchesSecondary',
  invalid: 'email.invalid',
  invalidPrimaryTitle: 'email.invalidPrimaryTitle',
  invalidSecondaryTitle: 'email.invalidSecondaryTitle',
} as const;

/**
 * The outcome of the checks: the new addresses ('' for "no change"), or the first problem with
 * the field it belongs to (null: not one field's, shown as an alert), its message and title keys.
 */
export type EmailChangeCheck =
  | { ok: true; email: string; secondaryEmail: string }
  | { ok: false; field: EmailField | null; messageKey: string; params: Record<string, string>; titleKey?: string };

/** How addresses compare: trimmed, without case. */
export const normalEmail = (value: string | null | undefined): string => (value ?? '').trim().toLowerCase();

/** The standard pattern with a top-level domain of 2 to 63 letters (spec part 2 section 9). */
export const isValidEmail = (value: string | null | undefined): boolean => EMAIL_PATTERN.test((value ?? '').trim());

/**
 * The spec's checks in its order: nothing entered or unchanged; new primary equal to the secondary;
 * then each changed address against the pattern (primary first). Empty or absent means "no change",
 * so clearing the secondary field does not remove the secondary address.
 */
export function checkEmailChange(current: EmailAddresses, input: EmailAddresses): EmailChangeCheck {
  const changed = (field: EmailField) => (normalEmail(input[field]) === normalEmail(current[field]) ? '' : normalEmail(input[field]));
  const email = changed('email');
  const secondaryEmail = changed('secondaryEmail');
  if (!email && !secondaryEmail) return { ok: false, field: null, messageKey: EMAIL_TEXT.noChanges, params: {} };
  if ((email || normalEmail(current.email)) === (secondaryEmail || normalEmail(current.secondaryEmail))) {
    return { ok: false, field: email ? 'email' : 'secondaryEmail', messageKey: EMAIL_TEXT.primaryMatchesSecondary, params: {} };
  }
  const invalid = (field: EmailField, titleKey: string): EmailChangeCheck => ({
    ok: false, field, messageKey: EMAIL_TEXT.invalid, params: { email: (input[field] ?? '').trim() }, titleKey,
  });
  if (email && !isValidEmail(email)) return invalid('email', EMAIL_TEXT.invalidPrimaryTitle);
  if (secondaryEmail && !isValidEmail(secondaryEmail)) return invalid('secondaryEmail', EMAIL_TEXT.invalidSecondaryTitle);
  return { ok: true, email, secondaryEmail };
}
