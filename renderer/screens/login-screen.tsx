import { Button, Form, Label, TextInput } from '@trussworks/react-uswds';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { SessionFailure, signIn } from '../app/session.js';
import { Notice } from './account-fields.js';
import { LoginQueryNotice } from './login-query.js';
import { useSessionFailure } from '../shell/use-session-failure.js';
import { PublicColumn } from './public-column.js';

/** An unconfirmed account's refusal: a 400 naming the user name (a wrong password names the password). */
const isUnconfirmed = (err: unknown) => err instanceof ApiError && err.status === 400 && !!err.fieldErrors.userName;

/**
 * The sign-in form (spec part 1 sections 2, 4 and 8) with the notices of its query (new, confirm,
 * reset), a resend of the confirmation e-mail for an unconfirmed account, and the account links.
 */
export function LoginScreen() {
  const m = useMetadata();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [resent, setResent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sessionFailed = useSessionFailure();
  const title = m.text('login.title');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setUnconfirmed(false);
    setResent(null);
    try {
      const answer = await signIn(email.trim(), password);
      if (answer.apiOnly) setError(m.text('login.apiOnly'));
      else {
        const redirect = params.get('redirect');
        navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/dashboard', { replace: true });
      }
    } catch (err) {
      setUnconfirmed(isUnconfirmed(err));
      if (err instanceof SessionFailure && err.textKey === 'login.noToken') setError(m.text(err.textKey));
      else if (!sessionFailed(err)) setError(isUnconfirmed(err) ? (err as ApiError).message : (errorText(err) ?? m.text('login.failed')));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      const answer = await api<{ message: string }>('POST', '/accounts/sendconfemail', { userName: email.trim(), password });
      setError(null);
      setUnconfirmed(false);
      setResent(answer.message);
    } catch (err) {
      setError(errorText(err) ?? m.text('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicColumn title={title}>
          <h1>{title}</h1>
          <LoginQueryNotice />
          {resent && <Notice type="success">{resent}</Notice>}
          {error && (
            <Notice type="error">
              {error}
              {unconfirmed && <> <button type="button" className="usa-button usa-button--unstyled" disabled={busy} onClick={() => void resend()}>{m.text('login.resendConfirmation')}</button></>}
            </Notice>
          )}
          <Form onSubmit={(e) => void submit(e)} noValidate>
            <Label htmlFor="login-email">{m.text('login.email')}</Label>
            <TextInput id="login-email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <Label htmlFor="login-password">{m.text('login.password')}</Label>
            <TextInput id="login-password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            <Button className="margin-top-3" type="submit" disabled={busy}>{busy ? m.text('login.busy') : m.text('login.submit')}</Button>
          </Form>
          <p className="margin-top-3"><Link to="/forgot-password">{m.text('password.forgotTitle')}</Link></p>
          <p>{m.text('login.noAccount')} <Link to="/login/register">{m.text('login.registerLink')}</Link></p>
    </PublicColumn>
  );
}
