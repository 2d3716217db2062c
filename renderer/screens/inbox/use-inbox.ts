import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Inbox, InboxFilter, InboxFolder } from '../../../engine/metadata/inbox-schema.js';
import { queryKeys } from '../../app/query-keys.js';
import { inboxPage, type InboxItem, type InboxPage } from './inbox-api.js';

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

const EMPTY: InboxItem[] = [];

/**
 * The list of an inbox (spec part 3 section 4): folder, filter and paging; a folder change resets
 * the filter to None; a folder, filter or page size change shows page 1. The page shown stays
 * while the next loads. A received item (the hub's MessageReceived / NotificationReceived) or the
 * hub reconnecting reads the page again (renderer/app/live-invalidation.ts): a new item shows at
 * the top of page 1 of a live folder (the Inbox) with the total grown.
 */
export function useInbox(inbox: Inbox): InboxState {
  const client = useQueryClient();
  const [folder, setFolderState] = useState<InboxFolder>(inbox.folders[0]!);
  const [filter, setFilterState] = useState<InboxFilter>(folder.filters[0] ?? 'None');
  const [page, setPageState] = useState(1);
  const [pageSize, setPageSizeState] = useState(inbox.pageSize);
  const key = [...queryKeys.inbox(inbox.source), folder.id, filter, page, pageSize];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => inboxPage(inbox.source, folder.id, filter, (page - 1) * pageSize + 1, page * pageSize, signal),
    placeholderData: keepPreviousData,
    // read afresh each time the inbox opens
    staleTime: 0,
  });
  const items = list.data?.items ?? EMPTY;

  const setFolder = useCallback((id: string) => {
    const next = inbox.folders.find((f) => f.id === id);
    if (!next) return;
    setFolderState(next);
    setFilterState(next.filters[0] ?? 'None');
    setPageState(1);
  }, [inbox.folders]);
  const setFilter = useCallback((next: InboxFilter) => { setFilterState(next); setPageState(1); }, []);
  const setPage = useCallback((next: number) => setPageState(next), []);
  const setPageSize = useCallback((size: number) => { setPageSizeState(size); setPageState(1); }, []);
  const { refetch } = list;
  const reload = useCallback(() => { void refetch(); }, [refetch]);
  const shownKey = JSON.stringify(key);
  const patch = useCallback((ids: readonly number[], change: Partial<InboxItem>) => {
    const set = new Set(ids);
    client.setQueryData<InboxPage>(JSON.parse(shownKey) as unknown[], (d) => (d ? { ...d, items: d.items.map((i) => (set.has(i.id) ? { ...i, ...change } : i)) } : d));
  }, [client, shownKey]);

  return { folder, filter, page, pageSize, items, total: list.data?.total ?? 0, loading: list.isFetching, failed: list.isError, setFolder, setFilter, setPage, setPageSize, reload, patch };
}
