import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fullPath } from '../../engine/access/menu-rules.js';
import { onLiveEvent } from '../app/live-hub.js';
import { useMetadata } from '../app/metadata.js';
import { sessionAtom } from '../app/session.js';
import { useToasts } from '../components/toasts.js';
import { routeOffered } from './live-badges.js';
import { useViewer } from './use-viewer.js';

const NOTIFICATIONS_ROUTE = 'notifications';

function subjectOf(payload: unknown): string | null {
  if (payload === null || typeof payload !== 'object') return null;
  const subject = (payload as { subject?: unknown }).subject;
  return typeof subject === 'string' ? subject : null;
}

/**
 * The toast for a newly received notification (spec part 1 section 2, part 3 section 2): its subject
 * and a link to the notifications page, in the toasts' live region so screen readers announce it;
 * none for an active role the notifications route does not let in.
 */
export function NotificationToast() {
  const m = useMetadata();
  const toasts = useToasts();
  const navigate = useNavigate();
  const userId = useAtomValue(sessionAtom)?.userId ?? null;
  const offered = routeOffered(m.routes, useViewer(), NOTIFICATIONS_ROUTE);
  const ui = useRef({ m, toasts, navigate, offered });
  useEffect(() => { ui.current = { m, toasts, navigate, offered }; }, [m, toasts, navigate, offered]);

  useEffect(() => {
    if (userId === null) return undefined;
    return onLiveEvent('NotificationReceived', (to, payload) => {
      const subject = subjectOf(payload);
      if (to !== userId || subject === null) return;
      const { m: meta, toasts: shown, navigate: go, offered: mayOpen } = ui.current;
      if (!mayOpen) return;
      const href = fullPath(meta.routes, NOTIFICATIONS_ROUTE);
      shown.show({
        type: 'info', title: meta.text('live.newNotification'), message: subject,
        link: { label: meta.text('live.viewNotifications'), href, onFollow: () => void go(href) },
      });
    });
  }, [userId]);
  return null;
}
