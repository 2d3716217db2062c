import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { Route } from '../../../engine/metadata/app-schema.js';
import type { Inbox, InboxAction, InboxSource } from '../../../engine/metadata/inbox-schema.js';
import { useMetadata } from '../../app/metadata.js';
import { GridPager } from '../../components/data-grid/grid-pager.js';
import { ScreenHeading } from '../screen-heading.js';
import { EMPTY_DRAFT, type ComposeDraft } from '../messages/reply-draft.js';
import { inboxAction, type InboxItem, type ItemAction } from './inbox-api.js';
import { previewLength } from './inbox-format.js';
import { InboxList } from './inbox-list.js';
import { InboxToolbar, type Selection } from './inbox-toolbar.js';
import type { OpenModalProps } from './open-modal-props.js';
import { useInbox } from './use-inbox.js';
import { useWindowWidth } from './use-window-width.js';
import '../../components/data-grid/data-grid.css';
import './inbox.css';

// the modals (and the rich text editor of compose) load with the first one opened
const MessageOpenModal = lazy(() => import('../messages/message-open-modal.js').then((x) => ({ default: x.MessageOpenModal })));
const NotificationOpenModal = lazy(() => import('../notifications/notification-open-modal.js').then((x) => ({ default: x.NotificationOpenModal })));
const ComposeModal = lazy(() => import('../messages/compose-modal.js').then((x) => ({ default: x.ComposeModal })));

/** Each source's open modal and whether its rows name people. */
const SOURCE_VIEW: Record<InboxSource, { Open: ComponentType<OpenModalProps>; people: boolean }> = {
  messages: { Open: MessageOpenModal, people: true },
  notifications: { Open: NotificationOpenModal, people: false },
};

/** A route whose screen is an inbox (Messages, Notifications): its definition from metadata/inboxes/. */
export function InboxScreen({ route }: { route: Route }) {
  const m = useMetadata();
  const id = route.screen?.kind === 'inbox' ? route.screen.inbox : '';
  const inbox = m.inboxes.find((i) => i.id === id);
  if (!inbox) return <p>{m.text('inbox.unknown', { id })}</p>;
  return <InboxView key={inbox.id} inbox={inbox} title={route.displayName ?? inbox.id} />;
}

function InboxView({ inbox, title }: { inbox: Inbox; title: string }) {
  const m = useMetadata();
  const text = m.text;
  const state = useInbox(inbox);
  const width = useWindowWidth();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [open, setOpen] = useState<InboxItem | null>(null);
  const [draft, setDraft] = useState<ComposeDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const { folder, items } = state;
  const view = SOURCE_VIEW[inbox.source];

  // a selection holds shown items only (a new page, folder or filter starts with none)
  useEffect(() => {
    setSelected((s) => {
      const kept = new Set(items.filter((i) => s.has(i.id)).map((i) => i.id));
      return kept.size === s.size ? s : kept;
    });
  }, [items]);
  // the last item of a later page gone: show the page before
  const { loading, page, setPage } = state;
  useEffect(() => {
    if (!loading && items.length === 0 && page > 1) setPage(page - 1);
  }, [loading, page, setPage, items.length]);

  const selection: Selection = selected.size === 0 ? 'none' : selected.size === items.length ? 'all' : 'some';
  const caption = text('inbox.caption', { title, folder: text(folder.label) });

  /** An action on items: failures change nothing on screen (spec part 3 section 8: silently). */
  const act = async (action: ItemAction, ids: readonly number[], reload: boolean) => {
    if (ids.length === 0) return false;
    setBusy(true);
    try {
      await inboxAction(inbox.source, action, ids, folder.id);
      if (reload) state.reload();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  const onToolbar = async (action: InboxAction) => {
    if (await act(action, [...selected], true)) setSelected(new Set());
  };
  const onStar = async (item: InboxItem) => {
    const on = !item.starred;
    if (await act(on ? 'star' : 'unstar', [item.id], state.filter === 'Starred')) state.patch([item.id], { starred: on });
  };
  const onOpen = (item: InboxItem) => {
    setOpen(item);
    if (folder.markReadOnOpen && !item.read) {
      void act('markRead', [item.id], state.filter === 'Unread').then((ok) => { if (ok) state.patch([item.id], { read: true }); });
    }
  };
  const onOpenAction = (action: ItemAction) => {
    const item = open;
    if (!item) return;
    setOpen(null);
    void act(action, [item.id], true);
  };

  return (
    <div className="inbox">
      <ScreenHeading id={`${inbox.id}-heading`}>{title}</ScreenHeading>
      {inbox.instructions && <p className="inbox__instructions">{text(inbox.instructions)}</p>}
      <InboxToolbar inbox={inbox} state={state} title={title} selection={selection} busy={busy} text={text}
        onSelectAll={(all) => setSelected(all ? new Set(items.map((i) => i.id)) : new Set())}
        onCompose={() => setDraft(EMPTY_DRAFT)} onAction={(a) => void onToolbar(a)} />
      <section className="inbox__region" aria-label={caption} aria-busy={state.loading || undefined}>
        {items.length > 0
          ? <InboxList folder={folder} items={items} selected={selected} people={view.people} previewLength={previewLength(width, inbox.previewLengths)}
              itemName={text(inbox.itemName)} timeZone={m.tenant.timeZone} text={text}
              onSelect={(itemId, on) => setSelected((s) => { const next = new Set(s); if (on) next.add(itemId); else next.delete(itemId); return next; })}
              onStar={(item) => void onStar(item)} onOpen={onOpen} />
          : !state.loading && <p className="inbox__empty">{text(inbox.emptyText)}</p>}
        {state.loading && items.length === 0 && <p className="registry-busy" role="status">{text('inbox.loading')}</p>}
      </section>
      <GridPager caption={caption} total={state.total} totalCapped={false} page={state.page} pageSize={state.pageSize}
        rowsShown={items.length} text={text} onPage={state.setPage} onPageSize={state.setPageSize} />
      <Suspense fallback={null}>
        {open && <view.Open item={open} folder={folder} onClose={() => setOpen(null)} onAction={onOpenAction}
          onReply={(d) => { setOpen(null); setDraft(d); }} />}
        {draft && <ComposeModal draft={draft} onClose={() => setDraft(null)}
          onSent={() => { setDraft(null); if (folder.showRecipients) state.reload(); }} />}
      </Suspense>
    </div>
  );
}
