import { getDefaultStore, useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useDialogs } from '../components/dialogs.js';
import { useToasts } from '../components/toasts.js';
import { useMetadata } from './metadata.js';
import { startLiveHub } from './live-hub.js';
import { gridTypesOfRoute, invalidateOnLiveEvents } from './live-invalidation.js';
import { queryClient } from './query-client.js';
import { refreshSession, sessionAtom } from './session.js';

const tokenNow = () => getDefaultStore().get(sessionAtom)?.token ?? null;

/**
 * Keeps the signed-in person connected to the real-time hub (spec part 3 section 7): started at
 * sign-in, left and stopped at logout; its events invalidate the cached server state they concern. When it gives up, the session is checked first (an ended
 * session signs out with no alert); with a token still present, the network alert of section 8.
 */
export function LiveHubConnection() {
  const session = useAtomValue(sessionAtom);
  const userId = session?.userId ?? null;
  const m = useMetadata();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const ui = useRef({ m, dialogs, toasts });
  useEffect(() => { ui.current = { m, dialogs, toasts }; }, [m, dialogs, toasts]);
  const { reconnectAttempts, reconnectSeconds } = m.hub;

  useEffect(() => {
    if (userId === null) return undefined;
    const linkedGridTypes = (routeId: string) => gridTypesOfRoute(ui.current.m.routes, (gridId) => ui.current.m.grid(gridId)?.entityTypeId, routeId);
    const stopInvalidating = invalidateOnLiveEvents(queryClient, userId, linkedGridTypes);
    const text = (key: string) => ui.current.m.text(key);
    const hub = startLiveHub({
      userId,
      token: tokenNow,
      attempts: reconnectAttempts,
      seconds: reconnectSeconds,
      onJoinFailed: () => ui.current.toasts.show({ type: 'error', message: text('hub.joinFailed') }),
      onLeaveFailed: () => ui.current.toasts.show({ type: 'error', message: text('hub.leaveFailed') }),
      onGaveUp: () => {
        void refreshSession().catch(() => undefined).finally(() => {
          if (tokenNow() !== null) void ui.current.dialogs.alert({ title: text('hub.networkProblemTitle'), message: text('hub.networkProblem') });
        });
      },
    });
    return () => { stopInvalidating(); void hub.stop(); };
  }, [userId, reconnectAttempts, reconnectSeconds]);
  return null;
}
