import type { Tenant } from '../metadata/app-schema.js';

/** Spec part 1 section 5: names hold letters, digits, spaces, apostrophes and hyphens. */
export const NAME_PATTERN = /^[A-Za-z0-9 '-]+$/;
/** The standard e-mail pattern with a top-level domain of 2 to 63 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,63}$/;
/** Every tenant asks at least this many characters (spec part 1 section 9); al adds its full rule set. */
export const MIN_PASSWORD_LENGTH = 8;

/** True when the password follows the tenant's password rules (al: 8+, upper, lower, digit); no rules: true. */
export function followsPasswordRules(tenant: Pick<Tenant, 'passwordRules'>, password: string): boolean {
  const r = tenant.passwordRules;
  if (!r) return true;
  return password.length >= r.minLength
    && (!r.upper || /[A-Z]/.test(password))
    && (!r.lower || /[a-z]/.test(password))
    && (!r.digit || /[0-9]/.test(password));
}
