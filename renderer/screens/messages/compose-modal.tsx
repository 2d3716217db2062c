import { useId, useState } from 'react';
import { api } from '../../app/api-client.js';
import { useMetadata } from '../../app/metadata.js';
import { useDialogs } from '../../components/dialogs.js';
import { Modal } from '../../components/modal.js';
import { useToasts } from '../../components/toasts.js';
import { RichTextEditor } from '../../form/widgets/rich-text-editor.js';
import { labelIdOf } from '../../form/widgets/widget-aria.js';
import type { ComposeModalProps } from '../inbox/open-modal-props.js';
import { RecipientSearch } from './recipient-search.js';

/**
 * Compose Message / Compose Reply (spec part 3 sections 2 and 5): recipients, Subject, the rich
 * text Body, Send and Cancel. Send checks, in order: a recipient ('No recipient selected'), then
 * asks about an empty subject and an empty body; closing with anything written asks first.
 */
export function ComposeModal({ draft, onClose, onSent }: ComposeModalProps) {
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const base = useId();
  const [recipients, setRecipients] = useState(draft.recipients);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState(draft.body);
  const [busy, setBusy] = useState(false);
  const ids = { to: `${base}-to`, subject: `${base}-subject`, body: `${base}-body` };
  const errorTitle = m.text('messages.errorTitle');

  const close = async () => {
    if (busy) return;
    const written = recipients.length > 0 || subject.trim() !== '' || body !== '';
    if (written && !(await dialogs.confirm({ title: m.text('messages.warningTitle'), message: m.text('messages.confirmClose') }))) return;
    onClose();
  };

  const send = async () => {
    if (recipients.length === 0) {
      await dialogs.alert({ title: errorTitle, message: m.text('messages.noRecipient') });
      return;
    }
    if (subject.trim() === '' && !(await dialogs.confirm({ message: m.text('messages.confirmEmptySubject') }))) return;
    if (body === '' && !(await dialogs.confirm({ message: m.text('messages.confirmEmptyBody') }))) return;
    setBusy(true);
    try {
      await api('POST', '/message/send', { subject, body, recipients: recipients.map((r) => ({ id: r.id, name: r.name, email: r.email })) });
    } catch {
      setBusy(false);
      await dialogs.alert({ title: errorTitle, message: m.text('messages.sendFailed') });
      return;
    }
    setBusy(false);
    toasts.show({ type: 'success', message: m.text('messages.sent') });
    onSent();
  };

  return (
    <Modal title={m.text(draft.reply ? 'messages.replyTitle' : 'messages.composeTitle')} open large busy={busy} onClose={() => void close()}
      footer={<>
        <li className="usa-button-group__item"><button type="button" className="usa-button" disabled={busy} onClick={() => void send()}>{m.text('messages.send')}</button></li>
        <li className="usa-button-group__item"><button type="button" className="usa-button usa-button--outline" disabled={busy} onClick={() => void close()}>{m.text('messages.cancel')}</button></li>
      </>}>
      <div className="usa-form-group">
        <label className="usa-label" htmlFor={ids.to}>{m.text('messages.recipients')}</label>
        <RecipientSearch id={ids.to} chosen={recipients} onChange={setRecipients} />
      </div>
      <div className="usa-form-group">
        <label className="usa-label" htmlFor={ids.subject}>{m.text('messages.subject')}</label>
        <input id={ids.subject} className="usa-input inbox__subject-input" type="text" value={subject} onChange={(e) => setSubject(e.target.value)} />
      </div>
      <div className="usa-form-group registry-richtext">
        <div className="usa-label" id={labelIdOf(ids.body)}>{m.text('messages.body')}</div>
        <RichTextEditor id={ids.body} value={body} links aria={{}} onChange={setBody} onBlur={() => undefined} onFocus={() => undefined} />
      </div>
    </Modal>
  );
}
