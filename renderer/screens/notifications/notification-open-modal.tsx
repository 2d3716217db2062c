import { useNavigate } from 'react-router-dom';
import { fullPath } from '../../../engine/access/menu-rules.js';
import type { Route } from '../../../engine/metadata/app-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { Modal } from '../../components/modal.js';
import { RichTextView } from '../../form/widgets/rich-text-view.js';
import type { OpenModalProps } from '../inbox/open-modal-props.js';
import { fullDate } from '../inbox/inbox-format.js';

interface StoredRoute { name: string; params?: Record<string, string> }

/** The stored route (JSON text of { name, params? }) as a path of the route metadata, or null when it names no route. */
export function routeHref(routes: readonly Route[], stored: string | null): string | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const target = value as Partial<StoredRoute> | null;
  if (!target || typeof target.name !== 'string' || !routes.some((r) => r.id === target.name)) return null;
  const params = new URLSearchParams(typeof target.params === 'object' && target.params ? Object.entries(target.params).map(([k, v]) => [k, String(v)]) : []);
  const query = params.toString();
  return `${fullPath(routes, target.name)}${query ? `?${query}` : ''}`;
}

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
