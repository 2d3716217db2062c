import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api } from '../app/api-client.js';
import { queryKeys } from '../app/query-keys.js';
import { sessionAtom } from '../app/session.js';

export type UnreadKind = 'message' | 'notification';

/**
 * The signed-in person's unread Inbox count of messages or notifications (the header badges, spec
 * part 1 section 2): POST /api/message/count or /api/notification/count at sign-in, on a role switch
 * and when the hub reconnects (events may have been missed), then the hub's count events
 * (renderer/app/live-invalidation.ts). A failed load shows nothing (spec part 3 section 8: "most
 * other failed calls ... show nothing").
 */
export function useUnreadCount(kind: UnreadKind): number {
  const signedIn = useAtomValue(sessionAtom) !== null;
  const count = useQuery({
    queryKey: queryKeys.unread(kind),
    queryFn: async ({ signal }) => {
      const answer = await api<unknown>('POST', `/${kind}/count`, {}, { signal });
      return typeof answer === 'number' ? answer : 0;
    },
    enabled: signedIn,
    // the hub keeps it current
    staleTime: Infinity,
  });
  return signedIn ? (count.data ?? 0) : 0;
}
