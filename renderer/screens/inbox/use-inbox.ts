import { useCallback, useEffect, useRef, useState } from 'react';
import type { Inbox, InboxFilter, InboxFolder } from '../../../engine/metadata/inbox-schema.js';
import { onLiveEvent, onLiveReconnected } from '../../app/live-hub.js';
import { inboxCount, inboxPage, receivedEvent, receivedItem, type InboxItem } from './inbox-api.js';

/** Whether a filter lets an item through. */
const passes = (filter: InboxFilter, item: InboxItem) => filter === 'None' || (filter === 'Starred' ? item.starred : !item.read);

export interface InboxState {
  folder: InboxFolder;
  filter: InboxFilter;
  page: number;
  pageSize: number;
  items: InboxItem[];
  total: number;
  loading: boolean;
  /** a load failed (the list shows nothing new; spec part 3 section 8: silently) */
  failed: boolean;
  setFolder: (id: string) => void;
  setFilter: (filter: InboxFilter) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** reloads the shown page (after an action) */
  reload: () => void;
  /** changes items in place (a star toggled, an item read) without a reload */
  patch: (ids: readonly number[], change: Partial<InboxItem>) => void;
}

/**
 * The list of an inbox (spec part 3 section 4): folder, filter and paging; a folder change resets
 * the filter to None; a folder or filter change reloads the count and then page 1; a page size
 * change reloads page 1. A received item goes to the top of page 1 while a live folder (the Inbox)
 * shows and no filter hides it: the total grows and the last item past the page size drops. After
 * the hub reconnects the page is reloaded (events may have been missed).
 */
export function useInbox(inbox: Inbox): InboxState {
  const [folder, setFolderState] = useState<InboxFolder>(inbox.folders[0]!);
  const [filter, setFilterState] = useState<InboxFilter>(folder.filters[0] ?? 'None');
  const [page, setPageState] = useState(1);
  const [pageSize, setPageSizeState] = useState(inbox.pageSize);
  const [items, setItems] = useState<InboxItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const sequence = useRef(0);
  const view = useRef({ folder, filter, page, pageSize });
  view.current = { folder, filter, page, pageSize };
  const shown = useRef(items);
  shown.current = items;

  const load = useCallback(async (f: InboxFolder, fl: InboxFilter, p: number, size: number, countFirst: boolean) => {
    const mine = ++sequence.current;
    setLoading(true);
    try {
      if (countFirst) {
        const count = await inboxCount(inbox.source, f.id, fl);
        if (mine === sequence.current) setTotal(count);
      }
      const answer = await inboxPage(inbox.source, f.id, fl, (p - 1) * size + 1, p * size);
      if (mine !== sequence.current) return;
      setItems(answer.items);
      setTotal(answer.total);
      setFailed(false);
    } catch {
      if (mine === sequence.current) setFailed(true);
    } finally {
      if (mine === sequence.current) setLoading(false);
    }
  }, [inbox.source]);

  useEffect(() => { void load(view.current.folder, view.current.filter, 1, view.current.pageSize, true); }, [load]);

  const setFolder = useCallback((id: string) => {
    const next = inbox.folders.find((f) => f.id === id);
    if (!next) return;
    const nextFilter = next.filters[0] ?? 'None';
    setFolderState(next);
    setFilterState(nextFilter);
    setPageState(1);
    void load(next, nextFilter, 1, view.current.pageSize, true);
  }, [inbox.folders, load]);

  const setFilter = useCallback((next: InboxFilter) => {
    setFilterState(next);
    setPageState(1);
    void load(view.current.folder, next, 1, view.current.pageSize, true);
  }, [load]);

  const setPage = useCallback((next: number) => {
    setPageState(next);
    void load(view.current.folder, view.current.filter, next, view.current.pageSize, false);
  }, [load]);

  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setPageState(1);
    void load(view.current.folder, view.current.filter, 1, size, false);
  }, [load]);

  const reload = useCallback(() => {
    const v = view.current;
    void load(v.folder, v.filter, v.page, v.pageSize, false);
  }, [load]);

  const patch = useCallback((ids: readonly number[], change: Partial<InboxItem>) => {
    const set = new Set(ids);
    setItems((all) => all.map((i) => (set.has(i.id) ? { ...i, ...change } : i)));
  }, []);

  useEffect(() => {
    const offReceived = onLiveEvent(receivedEvent(inbox.source), (_userId, payload) => {
      const item = receivedItem(inbox.source, payload);
      const v = view.current;
      if (!item || !v.folder.live || item.folder !== v.folder.id || !passes(v.filter, item)) return;
      if (shown.current.some((i) => i.id === item.id)) return;
      setTotal((t) => t + 1);
      if (v.page === 1) setItems((all) => [item, ...all.filter((i) => i.id !== item.id)].slice(0, v.pageSize));
    });
    const offReconnected = onLiveReconnected(reload);
    return () => { offReceived(); offReconnected(); };
  }, [inbox.source, reload]);

  return { folder, filter, page, pageSize, items, total, loading, failed, setFolder, setFilter, setPage, setPageSize, reload, patch };
}
