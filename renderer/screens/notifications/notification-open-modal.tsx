import { useNavigate } from 'react-router-dom';
import { useMetadata } from '../../app/metadata.js';
import { Modal } from '../../components/modal.js';
import { RichTextView } from '../../form/widgets/rich-text-view.js';
import type { OpenModalProps } from '../inbox/open-modal-props.js';
import { fullDate } from '../inbox/inbox-format.js';
import { routeHref } from './stored-route.js';

/**
 * A notification opened (spec part 3 section 2): the subject, the HTML body, and when it has one
 * a button with its link text that goes to the stored route.
 */
export function NotificationOpenModal({ item, onClose }: OpenModalProps) {
  const m = useMetadata();
  const navigate = useNavigate();
  const href = routeHref(m.routes, item.route);
  return (
    <Modal title={item.subject.trim() || m.text('inbox.noSubject')} open large onClose={onClose} showBottomClose
      footer={href && item.linkText ? (
        <li className="usa-button-group__item">
          <button type="button" className="usa-button" onClick={() => { onClose(); void navigate(href); }}>{item.linkText}</button>
        </li>
      ) : undefined}>
      <p className="usa-hint">{fullDate(item.date, m.tenant.timeZone)}</p>
      <RichTextView html={item.body} className="inbox__body usa-prose" />
    </Modal>
  );
}
