import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../engine/text/format.js';
import { api } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { focusFirstError, Notice, TextField } from './account-fields.js';

type Check = { valid: false } | { valid: true; name: string; course: string; date: string };

/** The public certificate check (route certificate-check): anyone enters a code and sees whether it is genuine. */
export function CertificateCheckScreen() {
  const m = useMetadata();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<Check | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = m.text('certificateCheck.title');
  useEffect(() => { document.title = `${title} | ${m.tenant.productName}`; }, [title, m.tenant.productName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setFailure(null);
    if (!code.trim()) {
      setError(m.text('certificateCheck.codeRequired'));
      return focusFirstError(['certificate-code']);
    }
    setError(undefined);
    setBusy(true);
    try {
      setResult(await api<Check>('GET', `/certificates/check?code=${encodeURIComponent(code.trim())}`));
    } catch (err) {
      setFailure(errorText(err) ?? m.text('error.title'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid-container padding-y-4">
      <div className="grid-row">
        <div className="grid-col-12 tablet:grid-col-8 desktop:grid-col-6">
          <h1>{title}</h1>
          <p>{m.text('certificateCheck.intro')}</p>
          <form className="usa-form maxw-full" onSubmit={(e) => void submit(e)} noValidate>
            <TextField id="certificate-code" label={m.text('certificateCheck.code')} hint={m.text('certificateCheck.codeHint')} autoComplete="off" value={code} onChange={setCode} error={error} />
            <button type="submit" className="usa-button margin-top-3" disabled={busy}>{busy ? m.text('certificateCheck.busy') : m.text('certificateCheck.submit')}</button>
          </form>
          <div className="margin-top-3" aria-live="polite">
            {failure && <Notice type="error">{failure}</Notice>}
            {result && !result.valid && <Notice type="error">{m.text('certificateCheck.invalid')}</Notice>}
            {result?.valid && (
              <>
                <Notice type="success">{m.text('certificateCheck.valid')}</Notice>
                <dl className="certificate-check__facts">
                  <dt className="text-bold">{m.text('certificateCheck.name')}</dt><dd className="margin-left-0 margin-bottom-1">{result.name}</dd>
                  <dt className="text-bold">{m.text('certificateCheck.course')}</dt><dd className="margin-left-0 margin-bottom-1">{result.course}</dd>
                  <dt className="text-bold">{m.text('certificateCheck.date')}</dt><dd className="margin-left-0 margin-bottom-1">{formatDate(result.date, m.tenant.timeZone)}</dd>
                </dl>
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
