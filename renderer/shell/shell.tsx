import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { loadProfile, profileAtom, sessionAtom } from '../app/session.js';
import { SessionWatcher } from '../app/session-watcher.js';
import { LiveHubConnection } from '../app/live-hub-connection.js';
import { ShownRoutesContext } from '../app/shown-routes.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { NotificationToast } from './notification-toast.js';
import { RouteGuard } from './route-guard.js';
import { useSessionFailure } from './use-session-failure.js';

/** The frame of every page: skip link, header with navigation, the guarded screen, footer. */
export function Shell({ shown }: { shown: Set<string> }) {
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const sessionFailed = useSessionFailure();
  // the profile of a restored session; a failing load signs the person out (spec part 1 section 4)
  const loading = useRef(false);
  useEffect(() => {
    if (!session || profile || loading.current) return;
    loading.current = true;
    loadProfile().catch((e: unknown) => { sessionFailed(e); }).finally(() => { loading.current = false; });
  }, [session, profile, sessionFailed]);
  return (
    <ShownRoutesContext.Provider value={shown}>
      <a className="usa-skipnav" href="#main-content">Skip to main content</a>
      <Header shown={shown} />
      <main id="main-content" className="registry-main" tabIndex={-1}>
        <RouteGuard shown={shown}>
          <Outlet />
        </RouteGuard>
      </main>
      <Footer />
      <SessionWatcher />
      <LiveHubConnection />
      <NotificationToast />
    </ShownRoutesContext.Provider>
  );
}
