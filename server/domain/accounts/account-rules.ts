import { formatText } from '../../../engine/forms/form-messages.js';
import type { Registry } from '../../../engine/metadata/registry.js';
import { EMAIL_PATTERN, followsPasswordRules, MIN_PASSWORD_LENGTH, NAME_PATTERN } from '../../../engine/rules/account-rules.js';
import { invalid, type AppError } from '../../errors.js';

export { EMAIL_PATTERN, MIN_PASSWORD_LENGTH, NAME_PATTERN } from '../../../engine/rules/account-rules.js';

export type Errors = Record<string, string>;

export const text = (registry: Registry, key: string, params: Record<string, string | number> = {}) => formatText(registry.texts, key, params);

/** The problem with a new password, or null: the tenant's rules (al) else the minimum length. */
export function passwordProblem(registry: Registry, password: string): string | null {
  if (registry.tenant.passwordRules) return followsPasswordRules(registry.tenant, password) ? null : text(registry, 'password.invalid');
  if (!password) return text(registry, 'register.passwordRequired');
  return password.length < MIN_PASSWORD_LENGTH ? text(registry, 'register.passwordTooShort', { min: MIN_PASSWORD_LENGTH }) : null;
}

export interface RegistrationInput {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
}

/** All the registration problems at once, keyed by field (empty when the input is fine). */
export function registrationErrors(registry: Registry, r: RegistrationInput): Errors {
  const errors: Errors = {};
  const first = r.firstName.trim();
  const last = r.lastName.trim();
  const email = r.email.trim();
  if (!first) errors.firstName = text(registry, 'register.firstNameRequired');
  else if (!NAME_PATTERN.test(first)) errors.firstName = text(registry, 'register.firstNameInvalid');
  if (!last) errors.lastName = text(registry, 'register.lastNameRequired');
  else if (!NAME_PATTERN.test(last)) errors.lastName = text(registry, 'register.lastNameInvalid');
  else if (last.length < 2) errors.lastName = text(registry, 'register.lastNameTooShort');
  if (!email) errors.email = text(registry, 'register.emailRequired');
  else if (!EMAIL_PATTERN.test(email)) errors.email = text(registry, 'email.invalid', { email });
  const problem = passwordProblem(registry, r.password);
  const differs = r.password !== r.confirmPassword;
  // In al a confirmation that differs fails the rule set too (section 5: "equal to a non-empty confirmation").
  if (problem) errors.password = problem;
  else if (differs && registry.tenant.passwordRules) errors.password = text(registry, 'password.invalid');
  if (differs) errors.confirmPassword = text(registry, 'register.passwordsDiffer');
  if (!r.termsAccepted) errors.termsAccepted = text(registry, 'terms.mustView', { termsTitle: registry.tenant.termsTitle });
  return errors;
}

/** A 400 whose message lists every problem, one per line, and whose errors name the fields. */
export function invalidInput(errors: Errors): AppError {
  return invalid(Object.values(errors).join('\n'), errors);
}
