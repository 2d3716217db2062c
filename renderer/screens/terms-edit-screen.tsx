import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { useDialogs } from '../components/dialogs.js';
import { useToasts } from '../components/toasts.js';
import { TermsText } from '../shell/terms-text.js';
import { Notice } from './account-fields.js';

interface ConfigValue { key: string; value: string }
interface Saved { key: string; value: string; termsVersion: number }
interface Current { text: string; version: number }

/**
 * The administrators' terms editor (route terms-edit, claim User.write.all): the current terms,
 * a textarea for the new plain text, and Save after a confirmation, since a new text makes every
 * user accept the terms again at the next sign-in (PUT /api/configuration bumps TermsVersion).
 */
export function TermsEditScreen() {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const termsTitle = m.tenant.termsTitle;
  const [current, setCurrent] = useState<Current | null>(null);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => { document.title = `${termsTitle} | ${m.tenant.productName}`; }, [termsTitle, m.tenant.productName]);

  useEffect(() => {
    Promise.all([
      api<ConfigValue>('GET', '/configuration?key=TermsAndConditionsText'),
      api<ConfigValue>('GET', '/configuration?key=TermsVersion'),
    ]).then(([text, version]) => { setCurrent({ text: text.value, version: Number(version.value) }); setDraft(text.value); },
      (e: unknown) => setFailure(errorText(e) ?? m.text('error.title')));
  }, [m]);

  const refuse = (message: string) => {
    setFieldError(message);
    textarea.current?.focus();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || busy) return;
    setFailure(null);
    if (!draft.trim()) return refuse(m.text('termsEdit.empty', { termsTitle }));
    if (draft.trim() === current.text.trim()) return refuse(m.text('termsEdit.unchanged', { termsTitle }));
    setFieldError(null);
    const ok = await dialogs.confirm({
      title: m.text('termsEdit.confirmTitle', { termsTitle }),
      message: m.text('termsEdit.confirm', { termsTitle }),
      okLabel: m.text('termsEdit.save'),
    });
    if (!ok) return textarea.current?.focus();
    setBusy(true);
    try {
      const saved = await api<Saved>('PUT', '/configuration', { key: 'TermsAndConditionsText', value: draft });
      setCurrent({ text: saved.value, version: saved.termsVersion });
      setDraft(saved.value);
      toasts.show({ type: 'success', message: m.text('termsEdit.saved', { termsTitle, version: saved.termsVersion }) });
    } catch (e) {
      setFailure(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const errorId = 'terms-edit-text-error';
  return (
    <section aria-labelledby="terms-edit-heading">
      <h1 id="terms-edit-heading">{termsTitle}</h1>
      <p>{m.text('termsEdit.intro', { termsTitle })}</p>
      <div className="usa-alert usa-alert--warning usa-alert--slim margin-bottom-3">
        <div className="usa-alert__body"><p className="usa-alert__text">{m.text('termsEdit.warning', { termsTitle })}</p></div>
      </div>
      {failure && <Notice type="error">{failure}</Notice>}
      {current === null ? (!failure && <p role="status">{m.text('terms.loading')}</p>) : (
        <>
          <h2 id="terms-edit-current">{m.text('termsEdit.current', { version: current.version })}</h2>
          <div className="registry-terms__text usa-prose" role="region" aria-labelledby="terms-edit-current" tabIndex={0}>
            <TermsText text={current.text} />
          </div>
          <form className="usa-form maxw-full" onSubmit={(e) => void save(e)} noValidate>
            <div className={`usa-form-group${fieldError ? ' usa-form-group--error' : ''}`}>
              <label className={`usa-label${fieldError ? ' usa-label--error' : ''}`} htmlFor="terms-edit-text">{m.text('termsEdit.label', { termsTitle })}</label>
              <span className="usa-hint" id="terms-edit-text-hint">{m.text('termsEdit.hint')}</span>
              {fieldError && <span className="usa-error-message" id={errorId} role="alert">{fieldError}</span>}
              <textarea ref={textarea} className={`usa-textarea maxw-full${fieldError ? ' usa-input--error' : ''}`} id="terms-edit-text" name="terms-edit-text" rows={16}
                value={draft} aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? `${errorId} terms-edit-text-hint` : 'terms-edit-text-hint'}
                onChange={(e) => { setDraft(e.target.value); setFieldError(null); }} />
            </div>
            <ul className="usa-button-group margin-top-3">
              <li className="usa-button-group__item"><button type="submit" className="usa-button" disabled={busy}>{busy ? m.text('termsEdit.busy') : m.text('termsEdit.save')}</button></li>
              <li className="usa-button-group__item">
                <button type="button" className="usa-button usa-button--outline" disabled={busy || draft === current.text} onClick={() => { setDraft(current.text); setFieldError(null); }}>{m.text('termsEdit.undo')}</button>
              </li>
            </ul>
          </form>
        </>
      )}
    </section>
  );
}
