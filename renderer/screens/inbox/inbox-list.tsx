import { useId } from 'react';
import type { InboxFolder } from '../../../engine/metadata/inbox-schema.js';
import type { InboxItem } from './inbox-api.js';
import { itemDate, preview, textOfHtml } from './inbox-format.js';

type Text = (key: string, params?: Record<string, string | number>) => string;

interface InboxListProps {
  folder: InboxFolder;
  items: InboxItem[];
  selected: ReadonlySet<number>;
  /** whether items name a sender or recipients (messages) */
  people: boolean;
  previewLength: number;
  itemName: string;
  timeZone: string;
  text: Text;
  onSelect: (id: number, on: boolean) => void;
  onStar: (item: InboxItem) => void;
  onOpen: (item: InboxItem) => void;
}

/** Who a list row names: the sender, or the recipients in Sent; 'Error' when there is nobody usable. */
export function peopleOf(item: InboxItem, folder: InboxFolder, errorText: string): string {
  if (folder.showRecipients) {
    const names = item.recipients.map((r) => r.name).filter((n) => n.trim() !== '');
    return names.length > 0 ? names.join(', ') : errorText;
  }
  return item.from?.name.trim() ? item.from.name : errorText;
}

/** The rows of an inbox: select, star, and a button opening the item (sender, subject, preview, date); unread rows in bold. */
export function InboxList({ folder, items, selected, people, previewLength, itemName, timeZone, text, onSelect, onStar, onOpen }: InboxListProps) {
  const base = useId();
  const now = new Date();
  return (
    <ul className="inbox__list">
      {items.map((item) => {
        const subject = item.subject.trim() || text('inbox.noSubject');
        const names = { item: itemName, subject };
        const checkId = `${base}-${item.id}`;
        return (
          <li key={item.id} className={`inbox__item${item.read ? '' : ' inbox__item--unread'}${selected.has(item.id) ? ' inbox__item--selected' : ''}`} data-item-id={item.id}>
            <div className="usa-checkbox inbox__check">
              <input className="usa-checkbox__input" id={checkId} type="checkbox" checked={selected.has(item.id)} onChange={(e) => onSelect(item.id, e.target.checked)} />
              <label className="usa-checkbox__label" htmlFor={checkId}><span className="usa-sr-only">{text('inbox.select', names)}</span></label>
            </div>
            <button type="button" className={`inbox__star${item.starred ? ' inbox__star--on' : ''}`} aria-pressed={item.starred}
              aria-label={text('inbox.star', names)} onClick={() => onStar(item)}>
              <span aria-hidden="true">{item.starred ? '★' : '☆'}</span>
            </button>
            <button type="button" className="inbox__open" onClick={() => onOpen(item)}>
              {!item.read && <span className="usa-sr-only">{text('inbox.unread')}: </span>}
              {people && <span className="inbox__who">{peopleOf(item, folder, text('messages.error'))}</span>}
              <span className="inbox__subject">{subject}</span>
              <span className="inbox__preview">{preview(textOfHtml(item.body), previewLength)}</span>
            </button>
            <span className="inbox__date">{itemDate(item.date, now, timeZone)}</span>
          </li>
        );
      })}
    </ul>
  );
}
