import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { api } from '../app/api-client.js';
import { onLiveEvent, onLiveReconnected } from '../app/live-hub.js';
import { sessionAtom } from '../app/session.js';

export type UnreadKind = 'message' | 'notification';

const COUNT_EVENT = { message: 'MessageCountChange', notification: 'NotificationCountChange' } as const;

/**
 * The signed-in person's unread Inbox count of messages or notifications (the header badges, spec
 * part 1 section 2): POST /api/message/count or /api/notification/count at sign-in, on a role switch
 * and when the hub reconnects (events may have been missed), then the hub's count events. A failed
 * load shows nothing (spec part 3 section 8: "most other failed calls ... show nothing").
 */
export function useUnreadCount(kind: UnreadKind): number {
  const session = useAtomValue(sessionAtom);
  const userId = session?.userId ?? null;
  const key = userId !== null ? `${kind}:${userId}:${session?.activeRole ?? ''}` : null;
  const [shown, setShown] = useState<{ key: string; count: number } | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    let cancelled = false;
    // a count pushed by the hub is newer than a load that started before it
    let pushed = 0;
    const load = () => {
      const at = pushed;
      api<number>('POST', `/${kind}/count`, {}).then(
        (count) => { if (!cancelled && at === pushed && typeof count === 'number') setShown({ key, count }); },
        () => undefined,
      );
    };
    load();
    const offCount = onLiveEvent(COUNT_EVENT[kind], (to, count) => {
      if (to !== userId || typeof count !== 'number') return;
      pushed += 1;
      setShown({ key, count });
    });
    const offReconnected = onLiveReconnected(load);
    return () => {
      cancelled = true;
      offCount();
      offReconnected();
    };
  }, [key, kind, userId]);

  return shown !== null && shown.key === key ? shown.count : 0;
}
