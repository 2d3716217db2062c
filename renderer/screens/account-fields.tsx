import type { ReactNode } from 'react';
import { ApiError } from '../app/api-client.js';
import { followsPasswordRules, MIN_PASSWORD_LENGTH } from '../../engine/rules/account-rules.js';
import type { MetadataIndex } from '../app/metadata.js';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  required?: boolean;
  /** a hint under the label, also tied to the input with aria-describedby */
  hint?: string;
}

/** A labelled USWDS text input; its error message is tied to it with aria-describedby. */
export function TextField({ id, label, value, onChange, error, type = 'text', autoComplete, required = true, hint }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>
        {label}{required && <> <abbr title="required" className="usa-hint usa-hint--required">*</abbr></>}
      </label>
      {hint && <div className="usa-hint" id={hintId}>{hint}</div>}
      {error && <span className="usa-error-message" id={errorId}>{error}</span>}
      <input className={`usa-input${error ? ' usa-input--error' : ''}`} id={id} name={id} type={type} autoComplete={autoComplete}
        required={required} aria-required={required || undefined} aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** A slim USWDS alert; errors are announced assertively, the rest politely. */
export function Notice({ type, children }: { type: 'success' | 'error' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`usa-alert usa-alert--${type} usa-alert--slim margin-bottom-2`} role={type === 'error' ? 'alert' : 'status'}>
      <div className="usa-alert__body"><p className="usa-alert__text">{children}</p></div>
    </div>
  );
}

/** A catalogue text with its "click here" words turned into an action (a button or a link). */
export function WithClickHere({ text, phrase, render }: { text: string; phrase: string; render: (label: string) => ReactNode }) {
  const at = text.indexOf(phrase);
  if (at < 0) return <>{text} {render(phrase)}</>;
  return <>{text.slice(0, at)}{render(phrase)}{text.slice(at + phrase.length)}</>;
}

/** The new-password problems (same rules as the server): the tenant's rules (al), else the minimum length. */
export function newPasswordErrors(m: MetadataIndex, password: string, confirm: string): { password?: string; confirmPassword?: string } {
  const errors: { password?: string; confirmPassword?: string } = {};
  const differs = password !== confirm;
  if (m.tenant.passwordRules) {
    if (!followsPasswordRules(m.tenant, password) || differs) errors.password = m.text('password.invalid');
  } else if (!password) errors.password = m.text('register.passwordRequired');
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = m.text('register.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  if (differs) errors.confirmPassword = m.text('register.passwordsDiffer');
  return errors;
}

/** The field errors of a 400 answer, or null when the failure is not about fields. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const errors = error.fieldErrors;
  return Object.keys(errors).length ? errors : null;
}

/** Moves focus to the first field in error (after the errors render). */
export function focusFirstError(ids: string[]): void {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el && !(el instanceof HTMLInputElement && el.disabled)) { el.focus(); return; }
    }
  });
}
