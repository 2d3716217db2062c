import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorText } from '../app/error-text.js';
import { signIn } from '../app/session.js';

/** The sign-in form (the full account flows - register, confirm, reset - come with the accounts issue). */
export function LoginScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await signIn(email.trim(), password);
      if (answer.apiOnly) setError('Account not authorized for front end login');
      else {
        const redirect = params.get('redirect');
        navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/dashboard', { replace: true });
      }
    } catch (err) {
      setError(errorText(err) ?? 'Sign-in failed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid-container padding-y-4">
      <div className="grid-row">
        <div className="grid-col-12 tablet:grid-col-8 desktop:grid-col-6">
          <h1>Sign in</h1>
          {error && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{error}</p></div></div>}
          <form className="usa-form" onSubmit={(e) => void submit(e)} noValidate>
            <label className="usa-label" htmlFor="login-email">E-mail address</label>
            <input className="usa-input" id="login-email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <label className="usa-label" htmlFor="login-password">Password</label>
            <input className="usa-input" id="login-password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            <button className="usa-button margin-top-3" type="submit" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
          </form>
        </div>
      </div>
    </div>
  );
}
