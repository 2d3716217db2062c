import { useAtomValue } from 'jotai';
import { useMetadata } from '../../app/metadata.js';
import { ruleUserAtom } from '../../app/session.js';
import { Modal } from '../../components/modal.js';
import { RichTextView } from '../../form/widgets/rich-text-view.js';
import type { OpenModalProps } from '../inbox/open-modal-props.js';
import { fullDate } from '../inbox/inbox-format.js';
import { peopleOf } from '../inbox/inbox-list.js';
import { replyDraft, sentToGroup } from './reply-draft.js';

/**
 * A message opened (spec part 3 section 2): subject, sender, recipients, date and the HTML body,
 * with the folder's buttons: Reply and Reply All (disabled for a group message), Mark Unread.
 */
export function MessageOpenModal({ item, folder, onClose, onAction, onReply }: OpenModalProps) {
  const m = useMetadata();
  const me = useAtomValue(ruleUserAtom).id;
  const actions = folder.openActions ?? [];
  const group = sentToGroup(item);
  const reply = (all: boolean) => onReply(replyDraft(item, all, me, {
    prefix: m.text('messages.replyPrefix'),
    header: m.text('messages.quoteHeader', { date: fullDate(item.date, m.tenant.timeZone), name: item.from?.name ?? m.text('messages.error') }),
  }));
  const button = (key: string, onClick: () => void, disabled = false) => (
    <li key={key} className="usa-button-group__item">
      <button type="button" className={`usa-button${key === 'markUnread' ? ' usa-button--outline' : ''}`} disabled={disabled} onClick={onClick}>{m.text(`messages.${key}`)}</button>
    </li>
  );
  return (
    <Modal title={item.subject.trim() || m.text('inbox.noSubject')} open large onClose={onClose} showBottomClose
      footer={<>
        {actions.includes('reply') && button('reply', () => reply(false), group)}
        {actions.includes('replyAll') && button('replyAll', () => reply(true), group)}
        {actions.includes('markUnread') && button('markUnread', () => onAction('markUnread'))}
      </>}>
      <dl className="inbox__facts">
        <dt>{m.text('messages.from')}</dt><dd>{item.from ? `${item.from.name}${item.from.email ? ` <${item.from.email}>` : ''}` : m.text('messages.error')}</dd>
        <dt>{m.text('messages.to')}</dt><dd>{peopleOf(item, { ...folder, showRecipients: true }, m.text('messages.error'))}</dd>
        <dt>{m.text('messages.date')}</dt><dd>{fullDate(item.date, m.tenant.timeZone)}</dd>
      </dl>
      {group && (actions.includes('reply') || actions.includes('replyAll')) && <p className="usa-hint">{m.text('messages.groupReplyNote')}</p>}
      <RichTextView html={item.body} className="inbox__body usa-prose" />
    </Modal>
  );
}
