import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { api } from '../app/api-client.js';
import { useMetadata } from '../app/metadata.js';
import { Notice } from './account-fields.js';
import { OneFieldForm } from './one-field-form.js';
import { PublicColumn } from './public-column.js';
import { SetPasswordForm } from './set-password-form.js';

/** Forgot password (routes forgot-password and logon-forgot-password): ask for a link, or with reset set the password. */
export function ForgotPasswordScreen() {
  const m = useMetadata();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const userId = params.get('userId');
  const code = params.get('code');
  const reset = params.get('reset') === 'true' && !!userId && !!code;
  return (
    <PublicColumn title={m.text(reset ? 'password.setTitle' : 'password.forgotTitle')}>
      {reset && userId && code ? <SetPasswordForm userId={userId} code={code} forgotPath={pathname} /> : <ForgotPasswordForm initialEmail={params.get('email') ?? ''} />}
      <p className="margin-top-3"><Link to="/login">{m.text('password.backToLogin')}</Link></p>
    </PublicColumn>
  );
}

/** 'Forgot Your Password?': the e-mail address; the server's answer is shown as it says it. */
function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const m = useMetadata();
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <h1>{m.text('password.forgotTitle')}</h1>
      <p>{m.text('password.forgotIntro')}</p>
      {message && <Notice type="success">{message}</Notice>}
      {failure && <Notice type="error">{failure}</Notice>}
      <OneFieldForm<{ message: string }>
        id="forgot-email" field="email" label={m.text('password.forgotEmail')} type="email" autoComplete="email"
        initial={initialEmail} requiredText={m.text('register.emailRequired')}
        submitLabel={m.text('password.forgotSubmit')} busyLabel={m.text('password.busy')}
        call={(email) => api<{ message: string }>('POST', '/accounts/forgotpassword', { email })}
        onAnswer={(answer) => setMessage(answer?.message ?? null)} onFailure={setFailure}
      />
    </>
  );
}
