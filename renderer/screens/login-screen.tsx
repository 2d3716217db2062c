import { Alert, Button, Form, Label, TextInput } from '@trussworks/react-uswds';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { signIn } from '../app/session.js';

/** The sign-in form (the full account flows - register, confirm, reset - come with the accounts issue). */
export function LoginScreen() {
  const m = useMetadata();
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
      if (answer.apiOnly) setError(m.text('login.apiOnly'));
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
          {error && <Alert type="error" headingLevel="h2" slim role="alert">{error}</Alert>}
          <Form onSubmit={(e) => void submit(e)} noValidate>
            <Label htmlFor="login-email">E-mail address</Label>
            <TextInput id="login-email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <Label htmlFor="login-password">Password</Label>
            <TextInput id="login-password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            <Button className="margin-top-3" type="submit" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</Button>
          </Form>
        </div>
      </div>
    </div>
  );
}
