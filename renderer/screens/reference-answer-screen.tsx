import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { Notice } from './account-fields.js';
import { PublicColumn } from './public-column.js';

interface LinkElement { id: number; type: string; subtype?: string; stimulus: string; required: boolean; maxLength?: number; tooltip?: string }
interface LinkAnswer { state: 'valid' | 'used' | 'expired' | 'cancelled' | 'unknown'; message?: string; name?: string; requestMessage?: string | null; refereeName?: string; elements?: LinkElement[] }

/**
 * The referee's page (route reference-answer, public): the one-time link of a reference request
 * opens the referee's form (27) without an account; a used, expired or cancelled link shows why.
 * Bespoke because the record forms need a signed-in person (docs/decisions.md, issue 28).
 */
export function ReferenceAnswerScreen() {
  const m = useMetadata();
  const [params] = useSearchParams();
  const request = params.get('request') ?? '';
  const code = params.get('code') ?? '';
  const title = m.text('reference.answerTitle');
  const link = useQuery({
    queryKey: ['reference-link', request, code],
    queryFn: () => api<LinkAnswer>('GET', `/references/answer?request=${encodeURIComponent(request)}&code=${encodeURIComponent(code)}`),
    enabled: /^[1-9][0-9]*$/.test(request) && code !== '',
    retry: false,
  });
  const [done, setDone] = useState<string | null>(null);
  const broken = !/^[1-9][0-9]*$/.test(request) || code === '' ? m.text('reference.linkUnknown') : null;
  return (
    <PublicColumn title={title}>
      <h1>{title}</h1>
      <div aria-live="polite">
        {broken && <Notice type="error">{broken}</Notice>}
        {link.isError && <Notice type="error">{errorText(link.error) ?? m.text('reference.linkUnknown')}</Notice>}
        {link.data && link.data.state !== 'valid' && <Notice type="warning">{link.data.message ?? m.text('reference.linkUnknown')}</Notice>}
        {done && <Notice type="success">{done}</Notice>}
      </div>
      {link.data?.state === 'valid' && !done && <AnswerForm request={Number(request)} code={code} link={link.data} onDone={setDone} />}
    </PublicColumn>
  );
}

function AnswerForm({ request, code, link, onDone }: { request: number; code: string; link: LinkAnswer; onDone: (message: string) => void }) {
  const m = useMetadata();
  const [values, setValues] = useState<Record<number, string>>(() => {
    const first = link.elements?.find((e) => e.stimulus === 'Your Name');
    return first && link.refereeName ? { [first.id]: link.refereeName } : {};
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries((link.elements ?? []).filter((e) => e.required && !(values[e.id] ?? '').trim()).map((e) => [String(e.id), `${e.stimulus} is required.`]));
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>('POST', '/references/answer', {
        request, code, elementResponses: (link.elements ?? []).map((e) => ({ formElementId: e.id, value: (values[e.id] ?? '').trim() || null })),
      });
      onDone(answer.message);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setErrors(e.fieldErrors);
      setFailure(errorText(e) ?? (e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p>{m.text('reference.answerIntro', { name: link.name ?? '', product: m.tenant.productName })}</p>
      {link.requestMessage && (
        <>
          <p className="margin-bottom-05">{m.text('reference.answerMessage')}</p>
          <blockquote className="reference-answer__message margin-left-0 margin-top-0 padding-left-2 border-left-05 border-base-lighter">{link.requestMessage}</blockquote>
        </>
      )}
      <p className="usa-hint">{m.text('reference.requiredHint')}</p>
      {failure && <Notice type="error">{failure}</Notice>}
      <form className="usa-form usa-form--large" noValidate onSubmit={(e) => void submit(e)}>
        {(link.elements ?? []).map((e) => {
          const id = `reference-answer-${e.id}`;
          const error = errors[String(e.id)];
          const common = {
            id, name: id, value: values[e.id] ?? '', 'aria-invalid': error ? true : undefined, 'aria-describedby': [error ? `${id}-error` : '', e.tooltip ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
            onChange: (ev: { target: { value: string } }) => {
              setValues((v) => ({ ...v, [e.id]: ev.target.value }));
              if (error) setErrors((was) => Object.fromEntries(Object.entries(was).filter(([k]) => k !== String(e.id))));
            },
            maxLength: e.maxLength, required: e.required,
          };
          return (
            <div className={`usa-form-group${error ? ' usa-form-group--error' : ''}`} key={e.id}>
              <label className="usa-label" htmlFor={id}>{e.stimulus}{e.required && <span className="usa-hint usa-hint--required"> *</span>}</label>
              {e.tooltip && <span className="usa-hint" id={`${id}-hint`}>{e.tooltip}</span>}
              {error && <span className="usa-error-message" id={`${id}-error`} role="alert">{error}</span>}
              {e.type === 'textarea'
                ? <textarea className="usa-textarea" rows={8} {...common} />
                : <input className="usa-input" type={e.type === 'phone' ? 'tel' : 'text'} inputMode={e.subtype === 'float' ? 'decimal' : undefined} {...common} />}
            </div>
          );
        })}
        <button type="submit" className="usa-button margin-top-3" disabled={busy} aria-busy={busy || undefined}>{busy ? m.text('reference.answerBusy') : m.text('reference.answerSubmit')}</button>
      </form>
    </>
  );
}
