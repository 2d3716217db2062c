import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { PasswordChecklist } from '../components/password-checklist.js';
import { PasswordInput } from '../components/password-input.js';
import { focusFirstError, newPasswordErrors, Notice, serverFieldErrors, WithClickHere } from './account-fields.js';

type Errors = { password?: string; confirmPassword?: string };

export interface SetPasswordFormProps {
  userId: string;
  code: string;
  /** the path of the forgot-password page this form is on (for the expired-link message) */
  forgotPath: string;
}

/**
 * 'Set Your Password' (spec part 1 sections 4 and 8): new and confirm, each with press-to-reveal;
 * success goes to the sign-in form with reset and e-mail; 'Invalid token.' says the link expired.
 */
export function SetPasswordForm({ userId, code, forgotPath }: SetPasswordFormProps) {
  const m = useMetadata();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showErrors = (e: Errors) => {
    setErrors(e);
    focusFirstError([e.password ? 'new-password' : '', e.confirmPassword ? 'confirm-password' : ''].filter(Boolean));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setExpired(false);
    const e = newPasswordErrors(m, password, confirm);
    if (Object.keys(e).length) return showErrors(e);
    setErrors({});
    setBusy(true);
    try {
      const answer = await api<{ message: string; email: string }>('POST', '/accounts/resetpassword', { userId, code, password, confirmPassword: confirm });
      await navigate(`/login?reset=true&email=${encodeURIComponent(answer.email)}`);
    } catch (err) {
      setBusy(false);
      const fields = serverFieldErrors(err);
      if (err instanceof ApiError && (err.message === m.text('password.invalidToken') || fields?.code)) setExpired(true);
      else if (fields && (fields.password || fields.confirmPassword)) showErrors(fields);
      else setFailure(errorText(err) ?? m.text('error.title'));
    }
  };

  return (
    <>
      <h1>{m.text('password.setTitle')}</h1>
      {expired && (
        <Notice type="error">
          <WithClickHere text={m.text('password.resetExpired')} phrase={m.text('account.clickHere')} render={(label) => <Link to={forgotPath}>{label}</Link>} />
        </Notice>
      )}
      {failure && <Notice type="error">{failure}</Notice>}
      <form className="usa-form maxw-full" onSubmit={(e) => void submit(e)} noValidate>
        <PasswordInput id="new-password" label={m.text('password.new')} autoComplete="new-password" value={password} onChange={setPassword}
          error={errors.password} describedBy={m.tenant.passwordRules ? 'new-password-rules' : undefined} />
        <PasswordChecklist id="new-password-rules" password={password} confirm={confirm} />
        <PasswordInput id="confirm-password" label={m.text('password.confirm')} autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirmPassword} />
        <button type="submit" className="usa-button margin-top-3" disabled={busy}>{busy ? m.text('password.busy') : m.text('password.setSubmit')}</button>
      </form>
    </>
  );
}
