import { followsPasswordRules } from '../../engine/rules/account-rules.js';
import type { Tenant } from '../../engine/metadata/app-schema.js';
import { useMetadata } from '../app/metadata.js';

type Rules = NonNullable<Tenant['passwordRules']>;

export interface RuleCheck {
  key: string;
  label: string;
  met: boolean;
}

const NONE: Rules = { minLength: 0, upper: false, lower: false, digit: false };

/**
 * Each rule of the tenant checked on its own, through the one implementation the server uses
 * (followsPasswordRules with a rule set holding that rule only), plus the non-empty confirmation.
 */
export function passwordRuleChecks(rules: Rules, password: string, confirm: string, text: (key: string, params?: Record<string, number>) => string): RuleCheck[] {
  const only = (r: Partial<Rules>) => followsPasswordRules({ passwordRules: { ...NONE, ...r } }, password);
  const checks: RuleCheck[] = [{ key: 'length', label: text('password.ruleLength', { min: rules.minLength }), met: only({ minLength: rules.minLength }) }];
  if (rules.upper) checks.push({ key: 'upper', label: text('password.ruleUpper'), met: only({ upper: true }) });
  if (rules.lower) checks.push({ key: 'lower', label: text('password.ruleLower'), met: only({ lower: true }) });
  if (rules.digit) checks.push({ key: 'digit', label: text('password.ruleDigit'), met: only({ digit: true }) });
  checks.push({ key: 'match', label: text('password.ruleMatch'), met: confirm !== '' && confirm === password });
  return checks;
}

/**
 * The live checklist of the tenant's password rules (al); nothing in tenants without rules.
 * Each rule says met / not met in words (not by colour alone); changes are announced politely.
 */
export function PasswordChecklist({ id, password, confirm }: { id: string; password: string; confirm: string }) {
  const m = useMetadata();
  const rules = m.tenant.passwordRules;
  if (!rules) return null;
  const checks = passwordRuleChecks(rules, password, confirm, m.text);
  return (
    <div id={id} className="registry-password-rules">
      <p className="margin-y-1" id={`${id}-title`}>{m.text('password.rulesTitle')}</p>
      <ul className="usa-list usa-list--unstyled" aria-labelledby={`${id}-title`} aria-live="polite">
        {checks.map((c) => (
          <li key={c.key} className={c.met ? 'registry-rule is-met' : 'registry-rule'} data-rule={c.key}>
            <span aria-hidden="true" className="registry-rule__icon">{c.met ? '✔' : '✖'}</span>
            {c.label}
            <span className="usa-sr-only">: {m.text(c.met ? 'password.ruleMet' : 'password.ruleNotMet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
