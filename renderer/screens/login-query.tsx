import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { Notice, WithClickHere } from './account-fields.js';

interface ConfirmAnswer { message: string; id?: number; email?: string; code?: string }
interface SecondaryAnswer { message: string; secondaryEmail: string }
type Status = { type: 'success' | 'error' | 'info'; text: string } | { type: 'expired'; userId: string; code: string } | null;

/**
 * The notices of the login page's query (spec part 1 sections 2, 4 and 8): new=true after
 * registering, confirm=true&userId&code (confirms on load), reset=true after setting a password,
 * confirmSecondaryEmail=true&q (confirms a new secondary e-mail address on load).
 */
export function LoginQueryNotice() {
  const m = useMetadata();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<Status>(null);
  const started = useRef('');
  const confirm = params.get('confirm') === 'true';
  const userId = params.get('userId') ?? '';
  const code = params.get('code') ?? '';
  const secondary = params.get('confirmSecondaryEmail') === 'true';
  const q = params.get('q') ?? '';
  const secondaryStarted = useRef<string | null>(null);

  useEffect(() => {
    if (!confirm || started.current === `${userId}:${code}`) return;
    started.current = `${userId}:${code}`; // once per link (a second call could no longer answer the set-password code)
    if (!userId || !code) return setStatus({ type: 'error', text: m.text('account.confirmFailed') });
    setStatus({ type: 'info', text: m.text('login.confirming') });
    api<ConfirmAnswer>('POST', '/accounts/confirm', { userId, code }).then((answer) => {
      if (answer.code && answer.id && answer.email) {
        const q = new URLSearchParams({ reset: 'true', userId: String(answer.id), code: answer.code, email: answer.email });
        void navigate(`/forgot-password?${q.toString()}`, { replace: true });
      } else setStatus({ type: 'success', text: answer.message || m.text('account.confirmed') });
    }, (err: unknown) => {
      const failed = err instanceof ApiError && err.status === 400 && err.message !== m.text('account.confirmFailed');
      setStatus(failed ? { type: 'expired', userId, code } : { type: 'error', text: errorText(err) ?? m.text('account.confirmFailed') });
    });
  }, [confirm, userId, code, m, navigate]);

  useEffect(() => {
    if (!secondary || secondaryStarted.current === q) return;
    secondaryStarted.current = q; // once per link: the code is spent by the first call
    if (!q) return setStatus({ type: 'error', text: m.text('email.secondaryLinkInvalid') });
    setStatus({ type: 'info', text: m.text('login.confirmingSecondary') });
    api<SecondaryAnswer>('GET', `/accounts/confirmSecondaryEmail?${new URLSearchParams({ q }).toString()}`).then(
      (answer) => setStatus({ type: 'success', text: answer.message || m.text('email.secondaryConfirmed', { email: answer.secondaryEmail }) }),
      (err: unknown) => setStatus({ type: 'error', text: errorText(err) ?? m.text('email.secondaryLinkInvalid') }),
    );
  }, [secondary, q, m]);

  const resend = (id: string, linkCode: string) => {
    api<{ message: string }>('POST', '/accounts/resendnotify', { userId: id, code: linkCode }).then(
      (answer) => setStatus({ type: 'success', text: answer.message }),
      (err: unknown) => setStatus({ type: 'error', text: errorText(err) ?? m.text('account.confirmFailed') }),
    );
  };

  let notice: ReactNode = null;
  if (status?.type === 'expired') {
    notice = (
      <Notice type="error">
        <WithClickHere text={m.text('account.confirmExpired')} phrase={m.text('account.clickHere')}
          render={(label) => <button type="button" className="usa-button usa-button--unstyled" onClick={() => resend(status.userId, status.code)}>{label}</button>} />
      </Notice>
    );
  } else if (status) notice = <Notice type={status.type}>{status.text}</Notice>;
  else if (params.get('new') === 'true') notice = <Notice type="info">{m.text('login.newAccount')}</Notice>;
  else if (params.get('reset') === 'true') notice = <Notice type="success">{m.text('password.resetDone')}</Notice>;
  return notice;
}
