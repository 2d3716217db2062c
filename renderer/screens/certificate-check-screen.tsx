import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '../../engine/text/format.js';
import { api } from '../app/api-client.js';
import { useMetadata } from '../app/metadata.js';
import { Notice } from './account-fields.js';
import { OneFieldForm } from './one-field-form.js';
import { PublicColumn } from './public-column.js';

type Check = { valid: false } | { valid: true; name: string; course: string; date: string };

/** The public certificate check (route certificate-check): anyone enters a code and sees whether it is genuine. */
export function CertificateCheckScreen() {
  const m = useMetadata();
  const [params] = useSearchParams();
  const [result, setResult] = useState<Check | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const title = m.text('certificateCheck.title');
  return (
    <PublicColumn title={title}>
      <h1>{title}</h1>
      <p>{m.text('certificateCheck.intro')}</p>
      <OneFieldForm<Check>
        id="certificate-code" field="code" label={m.text('certificateCheck.code')} hint={m.text('certificateCheck.codeHint')} autoComplete="off"
        initial={params.get('code') ?? ''} requiredText={m.text('certificateCheck.codeRequired')}
        submitLabel={m.text('certificateCheck.submit')} busyLabel={m.text('certificateCheck.busy')}
        call={(code) => api<Check>('GET', `/certificates/check?code=${encodeURIComponent(code)}`)}
        onAnswer={setResult} onFailure={setFailure}
      />
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
    </PublicColumn>
  );
}
