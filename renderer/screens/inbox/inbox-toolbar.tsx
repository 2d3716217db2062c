import { useId } from 'react';
import type { Inbox, InboxAction, InboxFilter } from '../../../engine/metadata/inbox-schema.js';
import type { InboxState } from './use-inbox.js';

type Text = (key: string, params?: Record<string, string | number>) => string;
export type Selection = 'none' | 'some' | 'all';

interface InboxToolbarProps {
  inbox: Inbox;
  state: InboxState;
  title: string;
  selection: Selection;
  busy: boolean;
  text: Text;
  onSelectAll: (all: boolean) => void;
  onCompose: () => void;
  onAction: (action: InboxAction) => void;
}

const CHECK_MARK: Record<Selection, string> = { none: '', some: '–', all: '✓' };

/**
 * The inbox toolbar (spec part 3 section 2): the three-state select-all checkbox (none, some, all;
 * aria-checked mixed for some), Compose, the Folder and Filter dropdowns (no Filter where the
 * folder has none) and the folder's actions, which act on the selected items.
 */
export function InboxToolbar({ inbox, state, title, selection, busy, text, onSelectAll, onCompose, onAction }: InboxToolbarProps) {
  const folderId = useId();
  const filterId = useId();
  const { folder } = state;
  const checked = selection === 'all' ? 'true' : selection === 'some' ? 'mixed' : 'false';
  return (
    <div className="inbox__toolbar" role="toolbar" aria-label={text('inbox.toolbar', { title })}>
      <button type="button" role="checkbox" aria-checked={checked} className="inbox__select-all" disabled={state.items.length === 0}
        onClick={() => onSelectAll(selection !== 'all')}>
        <span className="inbox__box" aria-hidden="true">{CHECK_MARK[selection]}</span>
        <span className="inbox__select-all-label">{text('inbox.selectAll')}</span>
      </button>
      {inbox.compose && <button type="button" className="usa-button inbox__compose" onClick={onCompose}>{text('messages.compose')}</button>}
      <div className="inbox__choice">
        <label className="usa-label" htmlFor={folderId}>{text('inbox.folder')}</label>
        <select id={folderId} className="usa-select" value={folder.id} onChange={(e) => state.setFolder(e.target.value)}>
          {inbox.folders.map((f) => <option key={f.id} value={f.id}>{text(f.label)}</option>)}
        </select>
      </div>
      {folder.filters.length > 0 && (
        <div className="inbox__choice">
          <label className="usa-label" htmlFor={filterId}>{text('inbox.filter')}</label>
          <select id={filterId} className="usa-select" value={state.filter} onChange={(e) => state.setFilter(e.target.value as InboxFilter)}>
            {folder.filters.map((f) => <option key={f} value={f}>{text(`inbox.filter.${f}`)}</option>)}
          </select>
        </div>
      )}
      {folder.actions.length > 0 && (
        <ul className="usa-button-group inbox__actions">
          {folder.actions.map((a) => (
            <li key={a} className="usa-button-group__item">
              <button type="button" className={`usa-button usa-button--outline${a === 'delete' ? ' inbox__delete' : ''}`} disabled={busy || selection === 'none'} onClick={() => onAction(a)}>
                {text(`inbox.action.${a}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
