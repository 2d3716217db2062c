import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { checkEmailChange, type EmailField } from '../../engine/forms/email-address.js';
import { api, ApiError } from '../app/api-client.js';
import { errorText } from '../app/error-text.js';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';
import { useDialogs } from '../components/dialogs.js';
import { Modal } from '../components/modal.js';
import { useToasts } from '../components/toasts.js';
import { focusFirstError, TextField } from './account-fields.js';

/** The person whose addresses change: the signed-in person (Settings) or a row of the Manage Users grid. */
export interface EmailTarget {
  id: number;
  /** the user name today (the current primary address) */
  userName: string;
  fullName: string;
  /** the current primary address */
  email: string;
}

/** The answer of POST /accounts/emailchange. */
interface EmailChangeAnswer {
  message: string;
  userName: string;
  email: string;
  secondaryEmail: string | null;
  pendingSecondaryEmail: string | null;
}

interface SecondaryAnswer { userId: number; secondaryEmail: string | null; pendingSecondaryEmail: string | null }

const FIELD_IDS: Record<EmailField, string> = { email: 'email-primary', secondaryEmail: 'email-secondary' };

interface EmailAddressesModalProps {
  target: EmailTarget;
  onClose: () => void;
  /** after a change went through (e.g. to reload the profile when the primary address changed) */
  onChanged?: (answer: EmailChangeAnswer) => void;
}

/**
 * Manage Email Addresses (spec part 2 section 5 'Email change', section 8): the primary and the
 * secondary address, prefilled; the spec's checks, a confirmation that the user will be notified,
 * then POST /accounts/emailchange. A new secondary address waits for the link sent to it.
 */
export function EmailAddressesModal({ target, onClose, onChanged }: EmailAddressesModalProps) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const self = useAtomValue(sessionAtom)?.userId === target.id;
  const [values, setValues] = useState({ email: target.email, secondaryEmail: '' });
  const [current, setCurrent] = useState<SecondaryAnswer | null>(null);
  const [errors, setErrors] = useState<Partial<Record<EmailField, string>>>({});
  const [failure, setFailure] = useState<{ title: string | null; text: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (f: EmailField) => (v: string) => setValues((all) => ({ ...all, [f]: v }));

  // read once per opening: the answer fills the field being edited
  const loaded = useQuery({
    queryKey: ['accounts', 'secondary-email', target.id],
    queryFn: ({ signal }) => api<SecondaryAnswer>('GET', `/accounts/secondaryemail?userId=${target.id}`, undefined, { signal }),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (loaded.data && current === null) {
    setCurrent(loaded.data);
    setValues((all) => ({ ...all, secondaryEmail: loaded.data.secondaryEmail ?? '' }));
  }
  const shownFailure = failure ?? (loaded.isError ? { title: null, text: errorText(loaded.error) } : null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!current || saving) return;
    setFailure(null);
    const check = checkEmailChange({ email: target.email, secondaryEmail: current.secondaryEmail }, values);
    if (!check.ok) {
      const message = m.text(check.messageKey, check.params);
      if (!check.field) {
        setErrors({});
        await dialogs.alert({ message });
        return;
      }
      setErrors({ [check.field]: check.titleKey ? `${m.text(check.titleKey)} ${message}` : message });
      focusFirstError([FIELD_IDS[check.field]]);
      return;
    }
    setErrors({});
    const name = target.fullName.trim() || target.userName;
    const confirmed = await dialogs.confirm({
      title: m.text('email.confirmTitle'),
      message: self ? m.text('email.confirmSelf') : m.text('email.confirmOther', { name }),
      okLabel: m.text('email.confirmOk'),
      cancelLabel: m.text('email.cancel'),
    });
    if (!confirmed) return;
    setSaving(true);
    try {
      const answer = await api<EmailChangeAnswer>('POST', '/accounts/emailchange', {
        email: values.email.trim(), secondaryEmail: values.secondaryEmail.trim(), userName: target.userName, fullName: target.fullName,
      });
      const lines = [answer.message || m.text('email.changed')];
      if (check.secondaryEmail && answer.pendingSecondaryEmail) lines.push(m.text('email.secondaryPending', { email: answer.pendingSecondaryEmail }));
      toasts.show({ type: 'success', message: lines.join('\n') });
      onChanged?.(answer);
      onClose();
    } catch (err) {
      // the server's own message (its field map names titles only); 401 shows nothing more than the title
      const body = err instanceof ApiError && typeof err.body === 'object' ? err.body : null;
      setFailure({ title: m.text('email.changeFailed'), text: body?.message ?? errorText(err) });
      setSaving(false);
    }
  };

  const pending = current?.pendingSecondaryEmail;
  const secondaryHint = [pending ? m.text('email.secondaryWaiting', { email: pending }) : '', m.text('email.secondaryHint')].filter(Boolean).join(' ');
  const loading = !current && !shownFailure;
  const busy = loading || saving;
  return (
    <Modal title={m.text('email.manageTitle')} open busy={busy} onClose={onClose}
      footer={<>
        <li className="usa-button-group__item"><button type="submit" form="email-addresses-form" className="usa-button" disabled={busy || !current}>{m.text('email.save')}</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--unstyled padding-105 text-center" disabled={busy} onClick={onClose}>{m.text('email.cancel')}</button></li>
      </>}>
      {shownFailure && (
        <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
          <div className="usa-alert__body">
            {shownFailure.title && <h3 className="usa-alert__heading">{shownFailure.title}</h3>}
            {shownFailure.text && <p className="usa-alert__text">{shownFailure.text}</p>}
          </div>
        </div>
      )}
      {!self && <p className="margin-bottom-0">{target.fullName} ({target.userName})</p>}
      <form id="email-addresses-form" className="usa-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField id={FIELD_IDS.email} label={m.text('email.primaryLabel')} type="email" required={false} autoComplete={self ? 'email' : 'off'}
          hint={m.text('email.primaryHint')} value={values.email} onChange={set('email')} error={errors.email} />
        <TextField id={FIELD_IDS.secondaryEmail} label={m.text('email.secondaryLabel')} type="email" required={false} autoComplete="off"
          hint={secondaryHint} value={values.secondaryEmail} onChange={set('secondaryEmail')} error={errors.secondaryEmail} />
      </form>
    </Modal>
  );
}
