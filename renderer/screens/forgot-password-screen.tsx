import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { api } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { focusFirstError, Notice, serverFieldErrors, TextField } from './account-fields.js';
import { SetPasswordForm } from './set-password-form.js';

/** Forgot password (routes forgot-password and logon-forgot-password): ask for a link, or with reset set the password. */
export function ForgotPasswordScreen() {
  const m = useMetadata();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const userId = params.get('userId');
  const code = params.get('code');
  const reset = params.get('reset') === 'true' && !!userId && !!code;
  const title = m.text(reset ? 'password.setTitle' : 'password.forgotTitle');
  useEffect(() => { document.title = `${title} | ${m.tenant.productName}`; }, [title, m.tenant.productName]);
  return (
    <div className="grid-container padding-y-4">
      <div className="grid-row">
        <div className="grid-col-12 tablet:grid-col-8 desktop:grid-col-6">
          {reset && userId && code ? <SetPasswordForm userId={userId} code={code} forgotPath={pathname} /> : <ForgotPasswordForm initialEmail={params.get('email') ?? ''} />}
          <p className="margin-top-3"><Link to="/login">{m.text('password.backToLogin')}</Link></p>
        </div>
      </div>
    </div>
  );
}

/** 'Forgot Your Password?': the e-mail address; the server's answer is shown as it says it. */
function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const m = useMetadata();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setFailure(null);
    if (!email.trim()) {
      setError(m.text('register.emailRequired'));
      return focusFirstError(['forgot-email']);
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await api<{ message: string }>('POST', '/accounts/forgotpassword', { email: email.trim() });
      setMessage(answer.message);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields?.email) {
        setError(fields.email);
        focusFirstError(['forgot-email']);
      } else setFailure(errorText(err) ?? m.text('error.title'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{m.text('password.forgotTitle')}</h1>
      <p>{m.text('password.forgotIntro')}</p>
      {message && <Notice type="success">{message}</Notice>}
      {failure && <Notice type="error">{failure}</Notice>}
      <form className="usa-form maxw-full" onSubmit={(e) => void submit(e)} noValidate>
        <TextField id="forgot-email" label={m.text('password.forgotEmail')} type="email" autoComplete="email" value={email} onChange={setEmail} error={error} />
        <button type="submit" className="usa-button margin-top-3" disabled={busy}>{busy ? m.text('password.busy') : m.text('password.forgotSubmit')}</button>
      </form>
    </>
  );
}
