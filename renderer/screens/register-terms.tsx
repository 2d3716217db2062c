import { useState } from 'react';
import { useMetadata } from '../app/metadata.js';
import { TermsModal } from '../shell/terms-modal.js';

export interface RegisterTermsProps {
  accepted: boolean;
  onAccepted: (accepted: boolean) => void;
  error?: string;
}

/**
 * The terms of the registration form (spec part 1 section 5): a button opens the terms modal of
 * the footer; the acceptance box can be ticked only once the terms were opened.
 */
export function RegisterTerms({ accepted, onAccepted, error }: RegisterTermsProps) {
  const m = useMetadata();
  const termsTitle = m.tenant.termsTitle;
  const [open, setOpen] = useState(false);
  const [viewed, setViewed] = useState(false);
  const describedBy = [error ? 'register-terms-error' : '', viewed ? '' : 'register-terms-hint'].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`usa-fieldset margin-top-3${error ? ' usa-form-group usa-form-group--error' : ''}`}>
      <legend className="usa-legend">{termsTitle}</legend>
      <button type="button" id="register-terms-open" className="usa-button usa-button--outline margin-top-1" onClick={() => { setOpen(true); setViewed(true); }}>
        {m.text('register.termsOpen', { termsTitle })}
      </button>
      {!viewed && <p className="usa-hint" id="register-terms-hint">{m.text('register.termsHint', { termsTitle })}</p>}
      {error && <span className="usa-error-message" id="register-terms-error">{error}</span>}
      <div className="usa-checkbox margin-top-1">
        <input className="usa-checkbox__input" id="register-terms" type="checkbox" checked={accepted} disabled={!viewed}
          aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onAccepted(e.target.checked)} />
        <label className="usa-checkbox__label" htmlFor="register-terms">{m.text('terms.accept', { termsTitle })}</label>
      </div>
      <TermsModal open={open} onClose={() => setOpen(false)} />
    </fieldset>
  );
}
