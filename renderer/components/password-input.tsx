import { useState } from 'react';

export interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  /** id of a hint under the field (e.g. the password rules checklist) */
  describedBy?: string;
}

/** A labelled password field with a press-to-reveal button (Show / Hide) and its error message. */
export function PasswordInput({ id, label, value, onChange, error, autoComplete, describedBy }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`}>
      <label className={`usa-label${error ? ' usa-label--error' : ''}`} htmlFor={id}>{label} <abbr title="required" className="usa-hint usa-hint--required">*</abbr></label>
      {error && <span className="usa-error-message" id={errorId}>{error}</span>}
      <div className="display-flex flex-align-center">
        <input className={`usa-input${error ? ' usa-input--error' : ''}`} id={id} name={id} type={shown ? 'text' : 'password'} required aria-required="true"
          autoComplete={autoComplete} value={value} aria-invalid={error ? true : undefined} aria-describedby={[error ? errorId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined}
          onChange={(e) => onChange(e.target.value)} />
        <button type="button" className="usa-button usa-button--unstyled margin-left-1 margin-top-1" aria-pressed={shown} aria-controls={id}
          onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}<span className="usa-sr-only"> {label}</span>
        </button>
      </div>
    </div>
  );
}
