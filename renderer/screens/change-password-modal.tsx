import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../app/api-client.js';
import { useMetadata } from '../app/metadata.js';
import { Modal } from '../components/modal.js';
import { PasswordInput } from '../components/password-input.js';
import { useToasts } from '../components/toasts.js';

type Field = 'current' | 'next' | 'confirm';
const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };
const MIN_LENGTH = 8;

/** Change Password (spec part 1 sections 6 and 8): current, new and confirm, all required. */
export function ChangePasswordModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const m = useMetadata();
  const toasts = useToasts();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (f: Field) => (v: string) => setValues((all) => ({ ...all, [f]: v }));

  const check = (): Partial<Record<Field, string>> => {
    const e: Partial<Record<Field, string>> = {};
    for (const f of ['current', 'next', 'confirm'] as const) if (!values[f]) e[f] = m.text('password.required');
    if (!e.next && values.next.length < MIN_LENGTH) e.next = m.text('password.tooShort');
    if (!e.next && !e.confirm && values.next !== values.confirm) e.confirm = m.text('password.mismatch');
    return e;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    const e = check();
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      await api('POST', '/accounts/changepassword', { userId, currentPassword: values.current, newPassword: values.next });
      toasts.show({ type: 'success', message: m.text('password.changed') });
      onClose();
    } catch (err) {
      const message = err instanceof ApiError && typeof err.body === 'object' && err.body?.message ? err.body.message : null;
      setFailure(message ?? m.text('password.changeFailed'));
      setBusy(false);
    }
  };

  return (
    <Modal title={m.text('password.changeTitle')} open busy={busy} onClose={onClose}
      footer={<>
        <li className="usa-button-group__item"><button type="submit" form="change-password-form" className="usa-button" disabled={busy}>Save</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--unstyled padding-105 text-center" disabled={busy} onClick={onClose}>Cancel</button></li>
      </>}>
      {failure && <div className="usa-alert usa-alert--error usa-alert--slim" role="alert"><div className="usa-alert__body"><p className="usa-alert__text">{failure}</p></div></div>}
      <form id="change-password-form" className="usa-form" noValidate onSubmit={(e) => void submit(e)}>
        <PasswordInput id="password-current" label={m.text('password.current')} autoComplete="current-password" value={values.current} onChange={set('current')} error={errors.current} />
        <PasswordInput id="password-new" label={m.text('password.new')} autoComplete="new-password" value={values.next} onChange={set('next')} error={errors.next} />
        <PasswordInput id="password-confirm" label={m.text('password.confirm')} autoComplete="new-password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} />
      </form>
    </Modal>
  );
}
